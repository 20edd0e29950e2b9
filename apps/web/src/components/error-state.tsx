import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ErrorStateProps {
  /** Extra detail under the title, e.g. the server's message. */
  message?: string | undefined;
  /** What 'Tentar Novamente' does; reloads the page when absent. */
  onRetry?: (() => void) | undefined;
}

/** Spec section 8: 'Erro' with 'Tentar Novamente'. */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <Center py={48}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={30} />
        </ThemeIcon>
        <Title order={2}>{t('error.title')}</Title>
        <Text c="dimmed">{message ?? t('error.description')}</Text>
        <Button leftSection={<IconRefresh size={18} />} onClick={onRetry ?? (() => window.location.reload())} mt="xs">
          {t('error.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
