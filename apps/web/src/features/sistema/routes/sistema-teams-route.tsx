import { Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ManageTeam } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { deleteTeam } from '../api/sistema-api.ts';
import { teamListQuery } from '../api/queries.ts';
import { useListParams } from '../components/list-controls.tsx';
import { RecordAvatar } from '../components/record-avatar.tsx';
import { SistemaListScreen } from '../components/sistema-list-screen.tsx';
import { TeamForm } from '../components/team-form.tsx';

/** /sistema/times — every team, searchable and sortable, created and edited in a dialog. */
export function SistemaTeamsRoute() {
  const { t } = useTranslation('sistema');
  const list = useListParams('name');
  const query = useQuery(teamListQuery({ search: list.query, page: list.page, sort: list.sort }));

  return (
    <SistemaListScreen<ManageTeam>
      resource="teams"
      list={list}
      query={query}
      name={(team) => team.name}
      minWidth={720}
      columns={[
        {
          label: t('teams.columns.name'),
          sort: 'name',
          card: 'title',
          cell: (team) => (
            <Group gap="sm" wrap="nowrap">
              <RecordAvatar name={team.name} image={team.crest} color={team.baseColor} />
              <Text fw={700} size="sm">
                {team.name}
              </Text>
            </Group>
          ),
        },
        {
          label: t('teams.columns.location'),
          sort: 'country',
          cell: (team) => <Text size="sm">{[team.city, team.state, team.country].filter(Boolean).join(' · ')}</Text>,
        },
        {
          label: t('teams.columns.category'),
          cell: (team) => (
            <Badge variant="light" color="gray">
              {t(`teams.categories.${team.category}`)}
            </Badge>
          ),
        },
        {
          label: t('teams.columns.jerseys'),
          sort: 'jerseys',
          descendingFirst: true,
          cell: (team) => team.jerseysCount,
        },
      ]}
      form={(team, done) => <TeamForm team={team} onDone={done} />}
      remove={deleteTeam}
    />
  );
}
