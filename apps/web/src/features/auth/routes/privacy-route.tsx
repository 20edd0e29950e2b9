import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { Link } from 'react-router';
import { ErrorState } from '#components/error-state.tsx';
import { LoadingScreen } from '#components/loading-screen.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { privacyQuery } from '../api/queries.ts';

/** What is kept, in the order a visitor meets it; each has a what, a why and a how long (auth.json privacy.items). */
const ITEMS = ['account', 'votes', 'traces', 'visitor', 'sessions', 'feedback', 'audit', 'logs'] as const;

/**
 * /privacidade — what Manto keeps about people, why and for how long, and how to export or delete one's data
 * (docs/security.md item 34). The retention of where votes came from is the server's configuration
 * (GET /api/privacy), so the page never states a period the server does not apply.
 */
export function PrivacyRoute() {
  const { t } = useTranslation('auth');
  const facts = useQuery(privacyQuery());
  useDocumentTitle(t('privacy.title'));

  const heading = (
    <div>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('privacy.title')}
      </Title>
      <Text c="dimmed">{t('privacy.intro')}</Text>
    </div>
  );
  if (facts.isPending) return <LoadingScreen />;
  if (facts.isError)
    return (
      <Stack gap="lg" maw={860} mx="auto">
        {heading}
        <ErrorState message={errorMessage(facts.error, t('privacy.failed'))} onRetry={() => void facts.refetch()} />
      </Stack>
    );

  const days = facts.data.voteTraceRetentionDays;
  return (
    <Stack gap="lg" maw={860} mx="auto" component="article">
      {heading}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {ITEMS.map((item) => (
          <Paper key={item} withBorder radius="md" p="md" component="section" aria-labelledby={`privacy-${item}`}>
            <Title order={2} fz="lg" mb="xs" id={`privacy-${item}`}>
              {t(`privacy.items.${item}.title`)}
            </Title>
            <Stack gap={6} component="dl" m={0}>
              {(['what', 'why', 'keep'] as const).map((field) => (
                <div key={field}>
                  <Text component="dt" size="sm" fw={700}>
                    {t(`privacy.${field}`)}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {t(`privacy.items.${item}.${field}`, { count: days })}
                  </Text>
                </div>
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="privacy-rights">
        <Title order={2} fz="lg" mb="xs" id="privacy-rights">
          {t('privacy.rights.title')}
        </Title>
        <Text mb="md">{t('privacy.rights.body')}</Text>
        <Group gap="md">
          <Button component={Link} to="/auth/perfil">
            {t('privacy.rights.profile')}
          </Button>
          <Anchor component={Link} to="/termos" fw={700}>
            {t('privacy.rights.terms')}
          </Anchor>
        </Group>
      </Paper>
    </Stack>
  );
}
