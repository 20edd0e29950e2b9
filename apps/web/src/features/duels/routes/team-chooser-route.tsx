import { Badge, Card, Center, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUrlList } from '#lib/url-list.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { TEAMS_PAGE_SIZE, teamsQuery } from '#api/teams.ts';
import { ScopeHeader } from '../components/scope-header.tsx';
import { TeamCrest } from '#components/team-crest.tsx';

/** /comparar/times — choose the team whose jerseys will duel: a searchable grid with jersey counts. */
export function TeamChooserRoute() {
  const { t } = useTranslation('duels');
  const { search, setSearch, query: debounced, page, setPage } = useUrlList();

  const query = useQuery(teamsQuery({ search: debounced || undefined, page }));
  const pages = query.data ? Math.ceil(query.data.total / TEAMS_PAGE_SIZE) : 0;

  return (
    <Stack gap="lg">
      <ScopeHeader
        crumbs={[{ label: t('scope.globalLink'), to: '/' }, { label: t('scope.teamsLink') }]}
        title={t('teams.title')}
        subtitle={t('teams.subtitle')}
      />
      <TextInput
        label={t('teams.search')}
        placeholder={t('teams.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
        type="search"
      />

      {query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={84} radius="lg" />
          ))}
        </SimpleGrid>
      ) : query.data.items.length === 0 ? (
        debounced ? (
          <EmptyState title={t('teams.empty.title')} description={t('teams.emptySearch')} />
        ) : (
          <EmptyState title={t('teams.empty.title')} description={t('teams.empty.description')} />
        )
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
            {query.data.items.map((team) => (
              <Card key={team.id} component={Link} to={`/comparar/times/${team.slug}`} withBorder padding="md">
                <Group wrap="nowrap">
                  <TeamCrest team={team} />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} truncate>
                      {team.name}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {[team.city, team.country].filter(Boolean).join(' · ')}
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{t('teams.jerseys', { count: team.jerseysCount })}</Text>
                      {team.jerseysCount < 2 && (
                        <Badge size="xs" variant="light" color="gray">
                          {t('teams.few')}
                        </Badge>
                      )}
                    </Group>
                  </div>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Center>
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(c) => ({ 'aria-label': t('teams.pagination', { control: c }) })}
              />
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}
