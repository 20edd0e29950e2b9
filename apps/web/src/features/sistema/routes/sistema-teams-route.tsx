import { Badge, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ManageTeam } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { deleteTeam } from '../api/sistema-api.ts';
import { teamListQuery } from '../api/queries.ts';
import { SortableTh, useListParams } from '../components/list-controls.tsx';
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
      head={
        <>
          <SortableTh label={t('teams.columns.name')} field="name" sort={list.sort} onSort={list.setSort} />
          <SortableTh label={t('teams.columns.location')} field="country" sort={list.sort} onSort={list.setSort} />
          <Table.Th>{t('teams.columns.category')}</Table.Th>
          <SortableTh
            label={t('teams.columns.jerseys')}
            field="jerseys"
            sort={list.sort}
            onSort={list.setSort}
            descendingFirst
          />
        </>
      }
      cells={(team) => (
        <>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <RecordAvatar name={team.name} image={team.crest} color={team.baseColor} />
              <Text fw={700} size="sm">
                {team.name}
              </Text>
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{[team.city, team.state, team.country].filter(Boolean).join(' · ')}</Text>
          </Table.Td>
          <Table.Td>
            <Badge variant="light" color="gray">
              {t(`teams.categories.${team.category}`)}
            </Badge>
          </Table.Td>
          <Table.Td>{team.jerseysCount}</Table.Td>
        </>
      )}
      form={(team, done) => <TeamForm team={team} onDone={done} />}
      remove={deleteTeam}
    />
  );
}
