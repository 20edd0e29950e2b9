import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { TEAMS_PAGE_SIZE, teamsQuery } from '#api/teams.ts';
import { SearchField } from '#components/search-field.tsx';
import { TeamGrid, TeamLinkCard } from '#components/team-grid.tsx';
import { useUrlList } from '#lib/url-list.ts';
import { ScopeHeader } from '../components/scope-header.tsx';

/** /comparar/times — choose the team whose jerseys will duel: a searchable grid with jersey counts. */
export function TeamChooserRoute() {
  const { t } = useTranslation('duels');
  useDocumentTitle(t('teams.title'));
  const { search, setSearch, query: debounced, page, setPage } = useUrlList();
  const query = useQuery(teamsQuery({ search: debounced || undefined, page }));

  return (
    <Stack gap="lg">
      <ScopeHeader
        crumbs={[{ label: t('scope.globalLink'), to: '/' }, { label: t('scope.teamsLink') }]}
        title={t('teams.title')}
        subtitle={t('teams.subtitle')}
      />
      <SearchField
        label={t('teams.search')}
        placeholder={t('teams.searchPlaceholder')}
        value={search}
        onChange={setSearch}
      />
      <TeamGrid
        query={query}
        pageSize={TEAMS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        empty={{
          title: t('teams.empty.title'),
          description: debounced ? t('teams.emptySearch') : t('teams.empty.description'),
        }}
        card={(team) => (
          <TeamLinkCard key={team.id} team={team} to={`/comparar/times/${team.slug}`}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{t('teams.jerseys', { count: team.jerseysCount })}</Text>
              {team.jerseysCount < 2 && (
                <Badge size="xs" variant="light" color="gray">
                  {t('teams.few')}
                </Badge>
              )}
            </Group>
          </TeamLinkCard>
        )}
      />
    </Stack>
  );
}
