import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { Link } from 'react-router';

/** The page's sections, in the order a fan asks the questions (rankings.json method.sections). */
const SECTIONS = ['votes', 'score', 'margin', 'best', 'provisional', 'groups', 'live', 'fair'] as const;

/**
 * /rankings/como-funciona — how votes become the rankings, in plain words with the method named for
 * whoever wants to look it up (the full account is docs/ranking.md). Public, no data: only texts.
 */
export function RankingMethodRoute() {
  const { t } = useTranslation('rankings');
  useDocumentTitle(t('method.title'));
  return (
    <Stack gap="lg" maw={860} mx="auto" component="article">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('method.title')}
        </Title>
        <Text c="dimmed">{t('method.intro')}</Text>
      </div>
      {SECTIONS.map((section) => (
        <Paper key={section} withBorder radius="md" p="md" component="section" aria-labelledby={`method-${section}`}>
          <Title order={2} fz="lg" mb="xs" id={`method-${section}`}>
            {t(`method.sections.${section}.title`)}
          </Title>
          <Text>{t(`method.sections.${section}.body`)}</Text>
        </Paper>
      ))}
      <Anchor component={Link} to="/rankings" fw={700}>
        {t('method.back')}
      </Anchor>
    </Stack>
  );
}
