import { FollowButton } from '#components/follow-button.tsx';
import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '#components/error-state.tsx';
import { NotFoundScreen } from '#components/not-found-screen.tsx';
import { ApiError } from '#lib/api-client.ts';
import type { TeamJerseysParams } from '../api/catalogue-api.ts';
import { teamJerseysQuery } from '../api/queries.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { JerseyCard } from '../components/jersey-card.tsx';
import { TeamCrest } from '#components/team-crest.tsx';
import { PageControls } from '#components/page-controls.tsx';
import { FanbaseLink } from '#components/fanbase-link.tsx';
import { segmentsQuery } from '#api/segments.ts';
import { teamText } from '#lib/team-text.ts';
import { localName } from '#lib/names.ts';

const PAGE_SIZE = 24;
const year = (v: string | null) => (v && /^\d{4}$/.test(v) ? Number(v) : undefined);

/** /camisas/time/:teamSlug — the team's jerseys with season, model and supplier filters. */
export function TeamJerseysRoute() {
  const { t } = useTranslation('catalogue');
  const { teamSlug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const filters: TeamJerseysParams = {
    seasonFrom: year(params.get('de')),
    seasonTo: year(params.get('ate')),
    model: params.get('modelo') ?? undefined,
    supplier: params.get('fornecedor') ?? undefined,
    sort: params.get('ordem') === 'antigas' ? 'season_asc' : 'season_desc',
    page: Math.max(1, Number(params.get('pagina')) || 1),
  };
  const query = useQuery(teamJerseysQuery(teamSlug, filters));
  useDocumentTitle(query.data && t('common:documentTitle.teamJerseys', teamText(query.data.team)));
  // The fanbase's ranking is linked only when it is shown (enough voting fans: docs/segments.md).
  const segments = useQuery(segmentsQuery());

  const update = (key: string, value: string | null | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'pagina') next.delete('pagina');
      return next;
    });

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundScreen />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <Stack>
        <Skeleton height={64} width={320} />
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} style={{ aspectRatio: '1 / 1.25' }} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  const { team, items, total, models, suppliers, seasons } = query.data;
  const filtered = Boolean(filters.seasonFrom || filters.seasonTo || filters.model || filters.supplier);

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/camisas">
          {t('teams.title')}
        </Anchor>
        <Text>{localName(team)}</Text>
      </Breadcrumbs>
      <Group wrap="nowrap">
        <TeamCrest team={team} size={64} />
        <div>
          <Group gap="sm" align="center">
            <Title order={1}>{localName(team)}</Title>
            <FollowButton kind="team" id={team.id} name={localName(team)} />
          </Group>
          <Text c="dimmed">
            {[team.city, team.state, team.country].filter(Boolean).join(' · ')} ·{' '}
            {t('teams.jerseys', { count: team.jerseysCount })}
          </Text>
          <FanbaseLink
            team={team}
            segments={segments.data}
            link={t('fans.link', teamText(team))}
            note={(minVoters) => t('fans.notShown', { ...teamText(team), count: minVoters })}
          />
        </div>
      </Group>

      <Group align="end" gap="sm" wrap="wrap">
        <NumberInput
          label={t('filters.from')}
          placeholder={seasons ? String(seasons.min) : ''}
          value={filters.seasonFrom ?? ''}
          onChange={(v) => update('de', v === '' ? null : String(v))}
          min={1870}
          max={2100}
          w={110}
          allowDecimal={false}
        />
        <NumberInput
          label={t('filters.to')}
          placeholder={seasons ? String(seasons.max) : ''}
          value={filters.seasonTo ?? ''}
          onChange={(v) => update('ate', v === '' ? null : String(v))}
          min={1870}
          max={2100}
          w={110}
          allowDecimal={false}
        />
        <Select
          label={t('filters.model')}
          placeholder={t('filters.all')}
          data={models.map((m) => ({ value: m.slug, label: localName(m) }))}
          value={filters.model ?? null}
          onChange={(v) => update('modelo', v)}
          clearable
          w={170}
        />
        <Select
          label={t('filters.supplier')}
          placeholder={t('filters.all')}
          data={suppliers.map((s) => ({ value: s.slug, label: s.name }))}
          value={filters.supplier ?? null}
          onChange={(v) => update('fornecedor', v)}
          clearable
          w={170}
        />
        <Select
          label={t('filters.sort')}
          data={[
            { value: 'recentes', label: t('filters.newest') },
            { value: 'antigas', label: t('filters.oldest') },
          ]}
          value={filters.sort === 'season_asc' ? 'antigas' : 'recentes'}
          onChange={(v) => update('ordem', v === 'antigas' ? 'antigas' : null)}
          allowDeselect={false}
          w={170}
        />
        {filtered && (
          <Button variant="subtle" onClick={() => setParams({})}>
            {t('filters.clear')}
          </Button>
        )}
      </Group>

      {items.length === 0 ? (
        <EmptyState title={t('jerseys.empty')} description={filtered ? t('jerseys.emptyFiltered') : undefined} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
            {items.map((jersey, i) => (
              <JerseyCard key={jersey.id} jersey={jersey} priority={i < 4} />
            ))}
          </SimpleGrid>
          <PageControls
            total={total}
            pageSize={PAGE_SIZE}
            page={filters.page}
            onChange={(p) => update('pagina', String(p))}
          />
        </>
      )}
    </Stack>
  );
}
