import { Anchor, Box, Breadcrumbs, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowsLeftRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { NotFoundScreen } from '#components/not-found-screen.tsx';
import { ApiError } from '#lib/api-client.ts';
import { RANKING_PAGE_SIZE } from '../api/rankings-api.ts';
import { rankingQuery } from '../api/queries.ts';
import { formatScore } from '../lib/format.ts';
import {
  RANKING_PARAM,
  hasRankingFilters,
  parseRankingSearch,
  withParam,
  withoutFilters,
} from '../lib/search-params.ts';
import { ExportPanel } from './export-panel.tsx';
import { RankingFilters } from './ranking-filters.tsx';
import { RankingList } from './ranking-list.tsx';
import { RankingTable } from './ranking-table.tsx';
import { TeamCrest } from '#components/team-crest.tsx';
import { UpdatedAt } from './updated-at.tsx';
import { useLocale } from '#lib/use-locale.ts';
import { PageControls } from '#components/page-controls.tsx';

function RankingSkeleton() {
  return (
    <Stack gap="xs" aria-hidden>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={56} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * One ranking scope (global when `teamSlug` is null): header with the snapshot's age, filters in
 * the URL, the table (a compact list on narrow screens), paging, legend and downloads.
 */
export function RankingScreen({ teamSlug }: { teamSlug: string | null }) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const filters = parseRankingSearch(params);
  const query = useQuery(rankingQuery(teamSlug, filters));
  const filtered = hasRankingFilters(filters);

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundScreen />;

  const data = query.data;
  const team = data?.team ?? null;
  const update = (key: string, value: string | number | null) => setParams((prev) => withParam(prev, key, value));

  const header =
    teamSlug === null ? (
      <Group justify="space-between" align="end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {t('global.title')}
          </Title>
          <Text c="dimmed">{t('global.subtitle')}</Text>
        </div>
        <Anchor component={Link} to="/rankings/times" size="sm">
          {t('global.teamsLink')}
        </Anchor>
      </Group>
    ) : (
      <Stack gap="sm">
        <Breadcrumbs>
          <Anchor component={Link} to="/rankings/times">
            {t('team.breadcrumb')}
          </Anchor>
          <Text>{team?.name ?? '…'}</Text>
        </Breadcrumbs>
        <Group wrap="nowrap" align="center">
          {team && <TeamCrest team={team} size={56} />}
          <div style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
              {team ? t('team.title', { team: team.name }) : <Skeleton height={36} width={260} />}
            </Title>
            {team && <Text c="dimmed">{t('team.subtitle', { team: team.name })}</Text>}
          </div>
        </Group>
        {team && (
          <Group gap="md">
            <Anchor component={Link} to={`/comparar/times/${team.slug}`} size="sm">
              {t('team.duel')}
            </Anchor>
            <Anchor component={Link} to={`/camisas/time/${team.slug}`} size="sm">
              {t('team.jerseys')}
            </Anchor>
          </Group>
        )}
      </Stack>
    );

  if (query.isError) {
    return (
      <Stack gap="lg">
        {header}
        <ErrorState onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  if (!data) {
    return (
      <Stack gap="lg">
        {header}
        <RankingSkeleton />
      </Stack>
    );
  }

  const notFitted = data.fittedAt === null;

  return (
    <Stack gap="lg">
      {header}
      {notFitted ? (
        <EmptyState
          title={t('empty.fitting.title')}
          description={t('empty.fitting.description')}
          action={
            <Button
              component={Link}
              to={teamSlug ? `/comparar/times/${teamSlug}` : '/'}
              leftSection={<IconArrowsLeftRight size={18} aria-hidden />}
              mt="xs"
            >
              {t('empty.vote')}
            </Button>
          }
        />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            <UpdatedAt fittedAt={data.fittedAt!} /> · {t('status.votes', { count: data.votes })} ·{' '}
            {t('status.jerseys', { count: data.total })}
          </Text>
          <RankingFilters
            ranking={data}
            filters={filters}
            onChange={update}
            onClear={() => setParams((prev) => withoutFilters(prev))}
          />
          {data.items.length === 0 ? (
            filtered ? (
              <EmptyState
                title={t('empty.filtered.title')}
                description={t('empty.filtered.description')}
                action={
                  <Button variant="default" onClick={() => setParams((prev) => withoutFilters(prev))} mt="xs">
                    {t('filters.clear')}
                  </Button>
                }
              />
            ) : (
              <EmptyState title={t('empty.noJerseys.title')} description={t('empty.noJerseys.description')} />
            )
          ) : (
            <Box
              style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
              aria-busy={query.isFetching}
            >
              <Box visibleFrom="md">
                <RankingTable ranking={data} />
              </Box>
              <Box hiddenFrom="md">
                <RankingList ranking={data} />
              </Box>
            </Box>
          )}
          <PageControls
            total={data.total}
            pageSize={RANKING_PAGE_SIZE}
            page={filters.page}
            onChange={(p) => update(RANKING_PARAM.page, p)}
          />
          <Stack gap={4} component="section" aria-label={t('help.legend')}>
            <Text size="xs" c="dimmed">
              {t('help.rankUb')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('help.interval')}
              {data.axis &&
                ` ${t('interval.axis', { min: formatScore(data.axis.min, locale), max: formatScore(data.axis.max, locale) })}.`}
            </Text>
            <Text size="xs" c="dimmed">
              {t('help.score')} {t('help.trend')}
            </Text>
            <Text size="xs" c="dimmed">
              <strong>{t('provisional')}</strong>: {t('help.provisional')}
            </Text>
          </Stack>
        </>
      )}
      <ExportPanel teamSlug={teamSlug} />
    </Stack>
  );
}
