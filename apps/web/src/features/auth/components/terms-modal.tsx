import { Button, Center, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '#components/error-state.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { currentLanguage } from '#lib/i18n.ts';
import { termsQuery } from '../api/queries.ts';
import { useLocale } from '#lib/use-locale.ts';

interface TermsModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The current terms of use (GET /api/terms/current); the body is plain-text paragraphs. */
export function TermsModal({ opened, onClose }: TermsModalProps) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const language = currentLanguage();
  const terms = useQuery({ ...termsQuery(language), enabled: opened });
  const paragraphs = (terms.data?.body ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
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
          {paragraphs.map((paragraph, index) => (
            <Text key={index} size="sm" style={{ whiteSpace: 'pre-line' }}>
              {paragraph}
            </Text>
          ))}
          <Button onClick={onClose} mt="sm" variant="default" style={{ alignSelf: 'flex-end' }}>
            {t('terms.close')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
