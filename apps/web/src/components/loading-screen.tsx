import { Center, Loader, Stack, Text } from '@mantine/core';
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
