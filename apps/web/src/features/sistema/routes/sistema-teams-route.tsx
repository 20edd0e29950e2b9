import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import type { ManageTeam } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { deleteTeam } from '../api/sistema-api.ts';
import { teamListQuery } from '../api/queries.ts';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal.tsx';
import { FormModal } from '../components/form-modal.tsx';
import { SistemaListBody } from '../components/sistema-list-body.tsx';
import {
  ResultCount,
  RowActions,
  SearchField,
  SortableTh,
  useClampPage,
  useListParams,
} from '../components/list-controls.tsx';
import { SistemaPageHeader } from '../components/sistema-page-header.tsx';
import { RecordAvatar } from '../components/record-avatar.tsx';
import { TeamForm } from '../components/team-form.tsx';
import { useEditor } from '../components/use-editor.ts';

/** /sistema/times — every team, searchable and sortable, created and edited in a dialog. */
export function SistemaTeamsRoute() {
  const { t } = useTranslation('sistema');
  const list = useListParams('name');
  const query = useQuery(teamListQuery({ search: list.query, page: list.page, sort: list.sort }));
  const editor = useEditor<ManageTeam>();
  const deleting = useEditor<ManageTeam>();
  useClampPage(query.data, list.page, list.setPage);

  return (
    <Stack gap="lg">
      <SistemaPageHeader
        title={t('teams.title')}
        description={t('teams.subtitle')}
        action={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => editor.open(null)}>
            {t('teams.new')}
          </Button>
        }
      />
      <Group align="flex-end" justify="space-between" gap="md" wrap="wrap">
        <SearchField
          label={t('teams.search')}
          placeholder={t('teams.searchPlaceholder')}
          value={list.search}
          onChange={list.setSearch}
        />
        {query.data && <ResultCount text={t('teams.count', { count: query.data.total })} />}
      </Group>

      <SistemaListBody
        query={query}
        page={list.page}
        onPage={list.setPage}
        label={t('teams.title')}
        minWidth={720}
        empty={{
          title: t('teams.empty.title'),
          description: list.query ? t('list.emptySearch') : t('teams.empty.description'),
        }}
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
            <Table.Th ta="right">{t('list.actions')}</Table.Th>
          </>
        }
        row={(team) => (
          <Table.Tr key={team.id}>
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
            <Table.Td>
              <RowActions name={team.name} onEdit={() => editor.open(team)} onDelete={() => deleting.open(team)} />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <FormModal
        opened={editor.opened}
        onClose={editor.close}
        title={editor.item ? t('teams.edit', { name: editor.item.name }) : t('teams.new')}
      >
        <TeamForm key={editor.session} team={editor.item} onDone={editor.close} />
      </FormModal>
      <ConfirmDeleteModal
        editor={deleting}
        question={(team) => t('teams.deleteQuestion', { name: team.name })}
        remove={deleteTeam}
        section="teams"
        successMessage={t('teams.deleted')}
      />
    </Stack>
  );
}
