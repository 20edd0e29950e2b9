import {
  Card,
  Center,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUrlList } from '#lib/url-list.ts';
import { ErrorState } from '#components/error-state.tsx';
import { TEAMS_PAGE_SIZE, teamsQuery } from '#api/teams.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { TeamCrest } from '#components/team-crest.tsx';

/** /camisas — teams that have jerseys, searchable and filterable by category. */
export function TeamsRoute() {
  const { t } = useTranslation('catalogue');
  const { params, search, setSearch, query: debounced, page, setPage, setParam } = useUrlList();
  const category = params.get('categoria') ?? '';

  const query = useQuery(teamsQuery({ search: debounced || undefined, category: category || undefined, page }));
  const pages = query.data ? Math.ceil(query.data.total / TEAMS_PAGE_SIZE) : 0;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('teams.title')}</Title>
        <Text c="dimmed">{t('teams.subtitle')}</Text>
      </div>
      <Group align="end" gap="md" wrap="wrap">
        <TextInput
          label={t('teams.search')}
          placeholder={t('teams.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          maw={420}
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

      {query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={84} radius="md" />
          ))}
        </SimpleGrid>
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t('teams.empty.title')} description={t('teams.empty.description')} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
            {query.data.items.map((team) => (
              <Card
                key={team.id}
                component={Link}
                to={`/camisas/time/${team.slug}`}
                withBorder
                radius="md"
                padding="md"
              >
                <Group wrap="nowrap">
                  <TeamCrest team={team} />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} truncate>
                      {team.name}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {[team.city, team.country].filter(Boolean).join(' · ')}
                    </Text>
                    <Text size="sm">{t('teams.jerseys', { count: team.jerseysCount })}</Text>
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
                getControlProps={(c) => ({ 'aria-label': t('pagination.control', { control: c }) })}
              />
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}
