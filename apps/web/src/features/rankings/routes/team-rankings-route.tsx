import { Anchor, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { TeamRankingItem } from '@manto/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { Link } from 'react-router';
import { TEAMS_PAGE_SIZE, teamRankingsQuery } from '#api/teams.ts';
import { SearchField } from '#components/search-field.tsx';
import { TeamCrest } from '#components/team-crest.tsx';
import { TeamGrid } from '#components/team-grid.tsx';
import { useLocale } from '#lib/use-locale.ts';
import { useUrlList } from '#lib/url-list.ts';
import { JerseyThumb } from '../components/jersey-thumb.tsx';
import classes from '../components/rankings.module.css';
import { formatScore } from '#lib/interval.ts';
import { jerseyInTeam, localName } from '#lib/names.ts';

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
            {localName(team)}
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
              {jerseyInTeam(leader.jersey)}
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
  useDocumentTitle(t('teams.title'));
  const { search, setSearch, query: debounced, page, setPage } = useUrlList();

  const query = useQuery(teamRankingsQuery({ search: debounced || undefined, page }));

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
      <SearchField
        label={t('teams.search')}
        placeholder={t('teams.searchPlaceholder')}
        value={search}
        onChange={setSearch}
      />
      <TeamGrid
        tall
        query={query}
        pageSize={TEAMS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        empty={{
          title: t('teams.empty.title'),
          description: debounced ? t('teams.emptySearch') : t('teams.empty.description'),
        }}
        card={(item) => <TeamCard key={item.team.id} item={item} />}
      />
    </Stack>
  );
}
