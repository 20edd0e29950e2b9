import {
  Anchor,
  Card,
  Center,
  Divider,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TeamRankingItem } from '@manto/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUrlList } from '#lib/url-list.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { TEAMS_PAGE_SIZE, teamRankingsQuery } from '#api/teams.ts';
import { JerseyThumb } from '../components/jersey-thumb.tsx';
import classes from '../components/rankings.module.css';
import { TeamCrest } from '#components/team-crest.tsx';
import { formatScore } from '../lib/format.ts';
import { useLocale } from '#lib/use-locale.ts';

function TeamCard({ item }: { item: TeamRankingItem }) {
  const { t } = useTranslation('rankings');
  const locale = useLocale();
  const { team } = item;
  // A snapshot without votes ranks every jersey at 1000: there is no leader yet.
  const leader = item.votes > 0 ? item.leader : null;
  return (
    <Card withBorder padding="md" className={classes.card}>
      <Group wrap="nowrap">
        <TeamCrest team={team} />
        <div style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`/rankings/times/${team.slug}`}
            className={classes.stretched}
            fw={700}
            display="block"
            truncate
          >
            {team.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('teams.jerseys', { count: team.jerseysCount })} · {t('status.votes', { count: item.votes })}
          </Text>
        </div>
      </Group>
      <Divider my="sm" />
      {leader ? (
        <Group wrap="nowrap" gap="sm">
          <JerseyThumb jersey={leader.jersey} size={44} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('teams.leader')}
            </Text>
            <Text size="sm" truncate>
              {leader.jersey.modelYear} · {leader.jersey.model.name}
            </Text>
          </div>
          <Text fw={700} className={classes.num}>
            {formatScore(leader.score, locale)}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" py={12}>
          {t('teams.noLeader')}
        </Text>
      )}
    </Card>
  );
}

/** /rankings/times — every team with its jersey count and current leader; choose one. */
export function TeamRankingsRoute() {
  const { t } = useTranslation('rankings');
  const { search, setSearch, query: debounced, page, setPage } = useUrlList();

  const query = useQuery(teamRankingsQuery({ search: debounced || undefined, page }));
  const pages = query.data ? Math.ceil(query.data.total / TEAMS_PAGE_SIZE) : 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {t('teams.title')}
          </Title>
          <Text c="dimmed">{t('teams.subtitle')}</Text>
        </div>
        <Anchor component={Link} to="/rankings" size="sm">
          {t('global.title')}
        </Anchor>
      </Group>
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
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={150} radius="lg" />
          ))}
        </SimpleGrid>
      ) : query.data.items.length === 0 ? (
        <EmptyState
          title={t('teams.empty.title')}
          description={debounced ? t('teams.emptySearch') : t('teams.empty.description')}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {query.data.items.map((item) => (
              <TeamCard key={item.team.id} item={item} />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Center>
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
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
