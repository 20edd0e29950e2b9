import { Anchor, Box, Breadcrumbs, Button, Group, Skeleton, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TeamSummary } from '@manto/contracts';
import { IconArrowsLeftRight } from '@tabler/icons-react';
import { type ReactNode, Suspense, useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ShareButton } from '#components/share-button.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { NotFoundScreen } from '#components/not-found-screen.tsx';
import { ApiError } from '#lib/api-client.ts';
import { RANKING_PAGE_SIZE } from '../api/rankings-api.ts';
import { rankingQuery } from '../api/queries.ts';
import { formatScore } from '#lib/interval.ts';
import {
  RANKING_PARAM,
  hasRankingFilters,
  parseRankingSearch,
  segmentRegion,
  withParam,
  withSegment,
  withoutFilters,
} from '../lib/search-params.ts';
import { ExportPanel } from './export-panel.tsx';
import { HelpTip } from './help-tip.tsx';
import { RankingFilters } from './ranking-filters.tsx';
import { RankingList } from './ranking-list.tsx';
import { TeamCrest } from '#components/team-crest.tsx';
import { UpdatedAt } from './updated-at.tsx';
import { useLocale } from '#lib/use-locale.ts';
import { PageControls } from '#components/page-controls.tsx';
import { segmentsQuery } from '#api/segments.ts';
import { FanbaseLink } from '#components/fanbase-link.tsx';
import { FanbaseLinks } from './fanbase-links.tsx';
import { usePickers } from './pickers.ts';
import { SegmentStandIn } from './picker-stand-ins.tsx';
import { SegmentNote, SegmentUnavailable } from './segment-note.tsx';
import { teamText } from '#lib/team-text.ts';
import { localName } from '#lib/names.ts';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { useDrawnLayout, useHydrating } from '#lib/hydrating.ts';
import { lazyPart } from '#lib/lazy-part.ts';

// The wide table (Mantine's Table, with its scroll area and Floating UI, ≈ 20 kB gzip more) only where
// it is drawn: a phone's first screen draws the list (docs/performance.md §6).
const RankingTable = lazyPart('ranking-table', () => import('./ranking-table.tsx').then((m) => m.RankingTable));

function RankingSkeleton() {
  return (
    <Stack gap="xs" aria-hidden>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={56} radius="sm" />
      ))}
    </Stack>
  );
}

interface RankingScreenProps {
  /** A team's ranking; null for the global one (or a fanbase's: `fansOf`). */
  teamSlug: string | null;
  /** The global ranking fitted on this team's fans' votes only (segment `fans:<slug>`). */
  fansOf?: string;
}

/**
 * One ranking scope (global when `teamSlug` is null): header with the snapshot's age, filters in
 * the URL, the table (a compact list on narrow screens), paging, legend and downloads. The global
 * ranking can be narrowed to who voted (docs/segments.md): neutral or a region from the URL, or one
 * fanbase (`fansOf`, its own page).
 */
export function RankingScreen({ teamSlug, fansOf }: RankingScreenProps) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const fromUrl = parseRankingSearch(params);
  // Segments are global only: a team page ignores them, the fanbase page has its own.
  const segment = fansOf ? `fans:${fansOf}` : teamSlug === null ? fromUrl.segment : undefined;
  const filters = { ...fromUrl, segment };
  const query = useQuery(rankingQuery(teamSlug, filters));
  // The pickers (global) and the fanbase link (a team's page) read the segments shown.
  const segments = useQuery({ ...segmentsQuery(), enabled: !fansOf });
  const filtered = hasRankingFilters(filters);
  // The table from the theme's `md` breakpoint, the compact list below it: one of them rendered, not
  // both with one hidden by CSS (50 rows twice were most of a phone's first-render work, and the
  // hidden table's eager thumbnails loaded too; docs/performance.md). Read at the first render, so
  // the first paint already has the right one. A page the server drew has the one it guessed for the
  // visitor's screen (both where it could not guess, CSS showing one) until React has taken it over
  // (lib/hydrating.ts, ADR 0038).
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.md})`, undefined, {
    getInitialValueInEffect: false,
  });
  const hydrating = useHydrating();
  const drawn = useDrawnLayout();
  const table = drawn ? drawn !== 'narrow' : wide;
  const list = drawn ? drawn !== 'wide' : !wide;
  // The rows render after the rest of the page, in a second render React can interrupt: the header
  // (its subtitle is the page's largest paint) and the status line paint without waiting for 50 rows,
  // and a phone stays responsive while they render (docs/performance.md §6). A drawn page has them at once.
  const deferred = useDeferredValue(query.data ?? null, hydrating ? (query.data ?? null) : null);
  // The pickers come once the rows (or what stands for them) have rendered (pickers.ts).
  const pickers = usePickers(deferred !== null || query.isError);
  // The document's title as the server writes it (ADR 0036): the screen's own heading.
  const titleTeam = fansOf ? (query.data?.segment?.team ?? null) : (query.data?.team ?? null);
  useDocumentTitle(
    teamSlug === null && !fansOf
      ? t('global.title')
      : titleTeam && t(fansOf ? 'fans.title' : 'team.title', teamText(titleTeam)),
  );

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundScreen />;

  const data = query.data;
  const team = data?.team ?? null;
  const update = (key: string, value: string | number | null) => setParams((prev) => withParam(prev, key, value));
  const fansTeam = data?.segment?.team ?? null;
  // The address as it is, filters and segment included: the friend sees the same ranking.
  const sharePath = `${location.pathname}${location.search}`;

  const header = fansOf ? (
    <TeamHeader
      crumb={{ to: '/rankings', label: t('global.title') }}
      team={fansTeam}
      title={fansTeam ? t('fans.title', teamText(fansTeam)) : data ? t('fans.titleNoTeam') : null}
      subtitle={fansTeam && t('fans.subtitle', teamText(fansTeam))}
    >
      <Group gap="md">
        <Anchor component={Link} to={`/rankings/times/${fansOf}`} size="sm">
          {fansTeam ? t('fans.teamRanking', teamText(fansTeam)) : t('team.breadcrumb')}
        </Anchor>
        <Anchor component={Link} to="/rankings?neutro=1" size="sm">
          {t('fans.neutralLink')}
        </Anchor>
      </Group>
    </TeamHeader>
  ) : teamSlug === null ? (
    <Group justify="space-between" align="end" gap="sm">
      <div>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {t('global.title')}
        </Title>
        <Text c="dimmed">{t('global.subtitle')}</Text>
      </div>
      <Group gap="md">
        <Anchor component={Link} to="/rankings/times" size="sm">
          {t('global.teamsLink')}
        </Anchor>
        <ShareButton path={sharePath} text={t('global.shareText')} />
      </Group>
    </Group>
  ) : (
    <TeamHeader
      crumb={{ to: '/rankings/times', label: t('team.breadcrumb') }}
      team={team}
      title={team && t('team.title', teamText(team))}
      subtitle={team && t('team.subtitle', teamText(team))}
    >
      {team && (
        <Group gap="md">
          <Anchor component={Link} to={`/comparar/times/${team.slug}`} size="sm">
            {t('team.duel')}
          </Anchor>
          <Anchor component={Link} to={`/camisas/time/${team.slug}`} size="sm">
            {t('team.jerseys')}
          </Anchor>
          <FanbaseLink
            team={team}
            segments={segments.data}
            link={t('fans.link', teamText(team))}
            note={(minVoters) => t('fans.notShown', { ...teamText(team), count: minVoters })}
          />
          <ShareButton path={sharePath} text={t('team.shareText', teamText(team))} />
        </Group>
      )}
    </TeamHeader>
  );

  // The global ranking's pickers and a line on what the chosen segment counts (the fanbase page's subtitle says it).
  const segmentPart =
    teamSlug === null && !fansOf ? (
      <Stack gap="xs">
        {pickers ? (
          <pickers.SegmentControls
            neutral={segment === 'neutral'}
            region={segmentRegion(segment)}
            segments={segments.data}
            onNeutral={(neutral) => setParams((prev) => withSegment(prev, { neutral }))}
            onRegion={(region) => setParams((prev) => withSegment(prev, { region }))}
          />
        ) : (
          <SegmentStandIn neutral={segment === 'neutral'} region={segmentRegion(segment)} />
        )}
        {segment && <SegmentNote segment={segment} />}
      </Stack>
    ) : null;
  const exportPanel = (
    <ExportPanel teamSlug={teamSlug} segment={segment} withRanking={data?.segment?.available !== false} />
  );

  if (query.isError) {
    return (
      <Stack gap="lg">
        {header}
        {segmentPart}
        <ErrorState onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  if (!data) {
    return (
      <Stack gap="lg">
        {header}
        {segmentPart}
        <RankingSkeleton />
      </Stack>
    );
  }

  // Too few voters in the group: nothing of it is shown (docs/segments.md, rule 3).
  if (data.segment && !data.segment.available) {
    return (
      <Stack gap="lg">
        {header}
        {segmentPart}
        <SegmentUnavailable segment={data.segment} />
        {!fansOf && <FanbaseLinks segments={segments.data} />}
        {exportPanel}
      </Stack>
    );
  }

  const notFitted = data.fittedAt === null;
  // Another scope's rows (a team's, a segment's) never stand in for this one's, even for a moment.
  const rows =
    deferred && deferred.team?.slug === data.team?.slug && deferred.segment?.key === data.segment?.key
      ? deferred
      : null;

  return (
    <Stack gap="lg">
      {header}
      {segmentPart}
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
            <UpdatedAt fittedAt={data.fittedAt!} /> ·{' '}
            {data.votes !== null && <>{t('status.votes', { count: data.votes })} · </>}
            {t('status.jerseys', { count: data.total })}
            {data.segment?.voters != null && <> · {t('status.voters', { count: data.segment.voters })}</>}
            {data.votes === null && (
              <>
                {' '}
                · {t('status.noCounts')} <HelpTip label={t('help.noCountsButton')}>{t('help.noCounts')}</HelpTip>
              </>
            )}
          </Text>
          <RankingFilters
            ranking={data}
            filters={filters}
            onChange={update}
            onClear={() => setParams((prev) => withoutFilters(prev))}
            pickers={pickers}
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
              style={{ opacity: query.isPlaceholderData || rows !== data ? 0.6 : 1, transition: 'opacity 150ms' }}
              aria-busy={query.isFetching || rows !== data}
            >
              {!rows ? (
                <RankingSkeleton />
              ) : (
                <>
                  <Box visibleFrom={drawn === 'wide' ? undefined : 'md'}>
                    {table && (
                      <Suspense fallback={<RankingSkeleton />}>
                        <RankingTable ranking={rows} />
                      </Suspense>
                    )}
                  </Box>
                  <Box hiddenFrom={drawn === 'narrow' ? undefined : 'md'}>{list && <RankingList ranking={rows} />}</Box>
                </>
              )}
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
            <Anchor component={Link} to="/rankings/como-funciona" size="sm" fw={700}>
              {t('method.link')}
            </Anchor>
          </Stack>
        </>
      )}
      {teamSlug === null && !fansOf && <FanbaseLinks segments={segments.data} />}
      {exportPanel}
    </Stack>
  );
}

/** A team's ranking header (its own, or its fans'): breadcrumb, crest, title and subtitle, then links. */
function TeamHeader(props: {
  crumb: { to: string; label: string };
  team: TeamSummary | null;
  /** Null while loading: a skeleton stands in. */
  title: string | null;
  subtitle: string | null;
  children: ReactNode;
}) {
  const { crumb, team, title, subtitle, children } = props;
  return (
    <Stack gap="sm">
      <Breadcrumbs>
        <Anchor component={Link} to={crumb.to}>
          {crumb.label}
        </Anchor>
        <Text>{team ? localName(team) : '…'}</Text>
      </Breadcrumbs>
      <Group wrap="nowrap" align="center">
        {team && <TeamCrest team={team} size={56} />}
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
            {title ?? <Skeleton height={36} width={260} />}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </div>
      </Group>
      {children}
    </Stack>
  );
}
