import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Standing, TeamRef } from '@manto/contracts';
import { IconArrowsLeftRight, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '#lib/api-client.ts';
import { jerseyRatingQuery } from '#api/ratings.ts';
import classes from './jersey-rating.module.css';
import { JerseySegments } from './jersey-segments.tsx';
import { ScoreSparkline } from './score-sparkline.tsx';
import { numberFormat } from '#lib/intl-format.ts';
import { useLocale } from '#lib/use-locale.ts';
import { teamText } from '#lib/team-text.ts';

function StandingCard({
  title,
  standing,
  link,
  linkLabel,
  locale,
}: {
  title: string;
  standing: Standing;
  link: string;
  linkLabel: string;
  locale: string;
}) {
  const { t } = useTranslation('rankings');
  const n = numberFormat(locale, { maximumFractionDigits: 0 });
  // Scores are written like Elo ratings, without grouping (1149, not 1.149).
  const sc = numberFormat(locale, { maximumFractionDigits: 0, useGrouping: false });
  const s = standing;
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {title}
          </Text>
          {s.provisional && (
            <Badge
              size="sm"
              variant="outline"
              color="gray"
              title={t('help.provisional')}
              style={{ flex: 'none', overflow: 'visible' }}
            >
              {t('provisional')}
            </Badge>
          )}
        </Group>
        <Group gap="sm" align="baseline" wrap="wrap">
          <Text fz={32} fw={700} className={classes.big}>
            {t('rating.position', { rank: n.format(s.rank), of: n.format(s.of) })}
          </Text>
          <Text size="sm" c="dimmed" title={t('help.rankUb')}>
            {t('rating.rankUb', { rank: n.format(s.rankUb) })}
          </Text>
        </Group>
        <Text size="sm">
          {t('rating.score')}: <strong className={classes.num}>{sc.format(s.score)}</strong>{' '}
          <Text component="span" size="sm" c="dimmed" className={classes.num}>
            <span aria-hidden>
              ({sc.format(s.lower)} – {sc.format(s.upper)})
            </span>
            <VisuallyHidden>
              {t('interval.label', { lower: sc.format(s.lower), upper: sc.format(s.upper) })}
            </VisuallyHidden>
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          <span aria-hidden>{t('rating.record', { wins: s.wins, losses: s.losses, ties: s.ties })}</span>
          <VisuallyHidden>
            {t('rating.recordLabel', { wins: s.wins, losses: s.losses, ties: s.ties })}
          </VisuallyHidden> · {t('rating.votes', { count: s.votes })}
        </Text>
        <Anchor component={Link} to={link} size="sm">
          {linkLabel}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** The jersey page's ranking section: global and team standings and the global score over time. */
export function JerseyRating({ jerseyId, team }: { jerseyId: string; team: TeamRef }) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const query = useQuery(jerseyRatingQuery(jerseyId));

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Skeleton height={150} radius="lg" />
        <Skeleton height={150} radius="lg" />
      </SimpleGrid>
    );
  } else if (query.isError && !(query.error instanceof ApiError && query.error.status === 404)) {
    body = (
      <Paper withBorder p="md">
        <Group justify="space-between">
          <Text c="dimmed">{t('common:error.description')}</Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void query.refetch()}
          >
            {t('common:error.retry')}
          </Button>
        </Group>
      </Paper>
    );
  } else {
    // A 404 means the ranking does not know the jersey (e.g. just deactivated): shown as unranked.
    const {
      global,
      team: inTeam,
      neutral,
      ownFans,
      history,
    } = query.data ?? { global: null, team: null, neutral: null, ownFans: null, history: [] };
    if (!global && !inTeam) {
      body = (
        <Paper withBorder p="md">
          <Stack gap={6} align="flex-start">
            <Text fw={700}>{t('rating.unranked')}</Text>
            <Text size="sm" c="dimmed">
              {t('rating.unrankedDescription')}
            </Text>
            <Button
              component={Link}
              to={`/comparar/times/${team.slug}`}
              variant="default"
              size="xs"
              leftSection={<IconArrowsLeftRight size={14} aria-hidden />}
            >
              {t('rating.vote')}
            </Button>
          </Stack>
        </Paper>
      );
    } else {
      body = (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {global && (
              <StandingCard
                title={t('rating.global')}
                standing={global}
                link="/rankings"
                linkLabel={t('rating.seeGlobal')}
                locale={locale}
              />
            )}
            {inTeam && (
              <StandingCard
                title={t('rating.team', teamText(team))}
                standing={inTeam}
                link={`/rankings/times/${team.slug}`}
                linkLabel={t('rating.seeTeam')}
                locale={locale}
              />
            )}
          </SimpleGrid>
          {global && (neutral || ownFans) && (
            <JerseySegments global={global} neutral={neutral} ownFans={ownFans} team={team} locale={locale} />
          )}
          <Paper withBorder p="md">
            <Title order={3} fz="md" mb="xs">
              {t('rating.history')}
            </Title>
            {history.length >= 2 ? (
              <ScoreSparkline history={history} locale={locale} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('rating.historyShort')}
              </Text>
            )}
          </Paper>
          <Text size="xs" c="dimmed">
            {t('help.rankUb')}
          </Text>
        </Stack>
      );
    }
  }

  return (
    <section aria-labelledby="jersey-rating">
      <Title order={2} id="jersey-rating" fz="xl" mb="md">
        {t('rating.title')}
      </Title>
      {body}
    </section>
  );
}
