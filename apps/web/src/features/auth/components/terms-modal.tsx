import { Anchor, Button, Center, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '#components/error-state.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { currentLanguage } from '#lib/i18n.ts';
import { termsQuery } from '../api/queries.ts';
import { TermsBody } from '#components/terms-body.tsx';
import { useLocale } from '#lib/use-locale.ts';

interface TermsModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The current terms of use (GET /api/terms/current), with a link to their page (/termos) in a new
 * tab, so a half-filled register form is not lost.
 */
export function TermsModal({ opened, onClose }: TermsModalProps) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const language = currentLanguage();
  const terms = useQuery({ ...termsQuery(language), enabled: opened });
  const published = terms.data
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(terms.data.publishedAt))
    : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={terms.data?.title ?? t('terms.title')}
      size="lg"
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('terms.close') }}
    >
      {terms.isPending ? (
        <Center py="xl">
          <Loader color="primary" type="dots" aria-label={t('terms.loading')} />
        </Center>
      ) : terms.isError ? (
        <ErrorState message={errorMessage(terms.error, t('terms.failed'))} onRetry={() => void terms.refetch()} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('terms.version', { version: terms.data.version, date: published })}
          </Text>
          <TermsBody body={terms.data.body} size="sm" headingOrder={3} />
          <Group justify="space-between" mt="sm" gap="sm">
            <Anchor component={Link} to="/termos" target="_blank" rel="noopener" size="sm">
              {t('terms.openPage')}
            </Anchor>
            <Button onClick={onClose} variant="default">
              {t('terms.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
