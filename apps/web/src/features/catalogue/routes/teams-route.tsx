import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { TEAMS_PAGE_SIZE, teamsQuery } from '#api/teams.ts';
import { SearchField } from '#components/search-field.tsx';
import { TeamGrid, TeamLinkCard } from '#components/team-grid.tsx';
import { useUrlList } from '#lib/url-list.ts';

/** /camisas — teams that have jerseys, searchable and filterable by category. */
export function TeamsRoute() {
  const { t } = useTranslation('catalogue');
  useDocumentTitle(t('teams.title'));
  const { params, search, setSearch, query: debounced, page, setPage, setParam } = useUrlList();
  const category = params.get('categoria') ?? '';

  const query = useQuery(teamsQuery({ search: debounced || undefined, category: category || undefined, page }));
  // No match for what was asked is not an empty catalogue: say so, and offer the way back.
  const narrowed = Boolean(debounced || category);
  const empty = narrowed
    ? {
        title: t('teams.empty.title'),
        description: debounced ? t('teams.noMatch.search', { search: debounced }) : t('teams.noMatch.category'),
        action: (
          <Button
            variant="light"
            onClick={() => {
              setSearch('');
              setParam('categoria', null);
            }}
          >
            {t('teams.noMatch.clear')}
          </Button>
        ),
      }
    : { title: t('teams.empty.title'), description: t('teams.empty.description') };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('teams.title')}</Title>
        <Text c="dimmed">{t('teams.subtitle')}</Text>
      </div>
      <Group align="end" gap="md" wrap="wrap">
        <SearchField
          label={t('teams.search')}
          placeholder={t('teams.searchPlaceholder')}
          value={search}
          onChange={setSearch}
          grow
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="category-label">
            {t('teams.category')}
          </Text>
          <SegmentedControl
            aria-labelledby="category-label"
            value={category}
            onChange={(v) => setParam('categoria', v)}
            data={[
              { value: '', label: t('teams.categories.all') },
              { value: 'club', label: t('teams.categories.club') },
              { value: 'national', label: t('teams.categories.national') },
            ]}
          />
        </Stack>
      </Group>

      <TeamGrid
        query={query}
        pageSize={TEAMS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        empty={empty}
        card={(team) => (
          <TeamLinkCard key={team.id} team={team} to={`/camisas/time/${team.slug}`}>
            <Text size="sm">{t('teams.jerseys', { count: team.jerseysCount })}</Text>
          </TeamLinkCard>
        )}
      />
    </Stack>
  );
}
