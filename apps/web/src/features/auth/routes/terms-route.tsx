import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { ErrorState } from '#components/error-state.tsx';
import { LoadingScreen } from '#components/loading-screen.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { currentLanguage } from '#lib/i18n.ts';
import { useLocale } from '#lib/use-locale.ts';
import { useTimeZone } from '#lib/use-time-zone.ts';
import { termsQuery } from '../api/queries.ts';
import { TermsBody } from '#components/terms-body.tsx';

/**
 * /termos — the current terms of use for anyone (GET /api/terms/current), in the interface
 * language: the API picks it from Accept-Language, so the language is part of the query key.
 */
export function TermsRoute() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const terms = useQuery(termsQuery(currentLanguage()));
  const timeZone = useTimeZone();
  useDocumentTitle(t('terms.title'));

  if (terms.isPending) return <LoadingScreen />;
  if (terms.isError)
    return (
      <Stack gap="lg" maw={760} mx="auto">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('terms.title')}
        </Title>
        <ErrorState message={errorMessage(terms.error, t('terms.failed'))} onRetry={() => void terms.refetch()} />
      </Stack>
    );

  const published = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(
    new Date(terms.data.publishedAt),
  );
  return (
    <Stack gap="lg" maw={760} mx="auto" component="article">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {terms.data.title}
        </Title>
        <Text c="dimmed" size="sm">
          {t('terms.version', { version: terms.data.version, date: published })}
        </Text>
      </div>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <TermsBody body={terms.data.body} />
      </Paper>
    </Stack>
  );
}
