import { Center, Loader, Stack, Text } from '@mantine/core';
import { IconShirtSport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * 'Carregando...' while a page, its translations or the session load (docs/product.md §2). It must
 * render before any namespace is loaded, so it never suspends.
 */
export function LoadingScreen({ fullHeight = false }: { fullHeight?: boolean }) {
  const { t, i18n, ready } = useTranslation('common', { useSuspense: false });
  const fallback = i18n.resolvedLanguage === 'en' || i18n.language?.startsWith('en') ? 'Loading...' : 'Carregando...';
  const label = ready ? t('loading') : fallback;
  return (
    <Center mih={fullHeight ? '100dvh' : 320} py="xl">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader color="primary" type="dots" aria-hidden />
        <Text c="dimmed" fw={700}>
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * The header bar index.html paints before any script runs (its `boot-` styles live there), drawn again
 * by React while the first translations load, when the app's own header cannot render yet: the bar
 * stays in place from the first paint to the page (docs/performance.md).
 */
export function BootScreen() {
  return (
    <>
      <div className="boot-header" aria-hidden>
        <div className="boot-inner">
          <span className="boot-brand">
            <span className="boot-mark">
              <IconShirtSport size={20} stroke={1.8} />
            </span>
            Manto
          </span>
        </div>
      </div>
      <LoadingScreen />
    </>
  );
}
