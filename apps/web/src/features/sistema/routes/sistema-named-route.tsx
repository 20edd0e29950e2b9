import { Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import type { ManageNamed } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { type NamedKind, deleteNamed } from '../api/sistema-api.ts';
import { namedListQuery } from '../api/queries.ts';
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
import { NamedForm } from '../components/named-form.tsx';
import { RecordAvatar } from '../components/record-avatar.tsx';
import { useEditor } from '../components/use-editor.ts';

/**
 * Models and suppliers are the same kind of record (a name, a slug, for suppliers a logo), so one
 * screen serves both; texts live under the kind's key in sistema.json ('models.*', 'suppliers.*').
 */
function SistemaNamedScreen({ kind, withLogo }: { kind: NamedKind; withLogo: boolean }) {
  const { t } = useTranslation('sistema');
  const list = useListParams('name');
  const query = useQuery(namedListQuery(kind, { search: list.query, page: list.page, sort: list.sort }));
  const editor = useEditor<ManageNamed>();
  const deleting = useEditor<ManageNamed>();
  useClampPage(query.data, list.page, list.setPage);
  const remove = (id: string) => deleteNamed(kind, id);

  return (
    <Stack gap="lg">
      <SistemaPageHeader
        title={t(`${kind}.title`)}
        description={t(`${kind}.subtitle`)}
        action={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => editor.open(null)}>
            {t(`${kind}.new`)}
          </Button>
        }
      />
      <Group align="flex-end" justify="space-between" gap="md" wrap="wrap">
        <SearchField
          label={t(`${kind}.search`)}
          placeholder={t(`${kind}.searchPlaceholder`)}
          value={list.search}
          onChange={list.setSearch}
        />
        {query.data && <ResultCount text={t(`${kind}.count`, { count: query.data.total })} />}
      </Group>

      <SistemaListBody
        query={query}
        page={list.page}
        onPage={list.setPage}
        label={t(`${kind}.title`)}
        minWidth={520}
        empty={{
          title: t(`${kind}.empty`),
          description: list.query ? t('list.emptySearch') : t(`${kind}.emptyDescription`),
        }}
        head={
          <>
            <SortableTh label={t('named.columns.name')} field="name" sort={list.sort} onSort={list.setSort} />
            <Table.Th>{t('named.columns.slug')}</Table.Th>
            <SortableTh
              label={t('named.columns.jerseys')}
              field="jerseys"
              sort={list.sort}
              onSort={list.setSort}
              descendingFirst
            />
            <Table.Th ta="right">{t('list.actions')}</Table.Th>
          </>
        }
        row={(record) => (
          <Table.Tr key={record.id}>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                {withLogo && <RecordAvatar name={record.name} image={record.logo} />}
                <Text fw={700} size="sm">
                  {record.name}
                </Text>
              </Group>
            </Table.Td>
            <Table.Td>
              <Code>{record.slug}</Code>
            </Table.Td>
            <Table.Td>{record.jerseysCount}</Table.Td>
            <Table.Td>
              <RowActions
                name={record.name}
                onEdit={() => editor.open(record)}
                onDelete={() => deleting.open(record)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <FormModal
        opened={editor.opened}
        onClose={editor.close}
        title={editor.item ? t(`${kind}.edit`, { name: editor.item.name }) : t(`${kind}.new`)}
      >
        <NamedForm key={editor.session} kind={kind} record={editor.item} withLogo={withLogo} onDone={editor.close} />
      </FormModal>
      <ConfirmDeleteModal
        editor={deleting}
        question={(record) => t(`${kind}.deleteQuestion`, { name: record.name })}
        remove={remove}
        section={kind}
        successMessage={t(`${kind}.deleted`)}
      />
    </Stack>
  );
}

/** /sistema/modelos */
export function SistemaModelsRoute() {
  return <SistemaNamedScreen key="models" kind="models" withLogo={false} />;
}

/** /sistema/fornecedores — suppliers also have a logo. */
export function SistemaSuppliersRoute() {
  return <SistemaNamedScreen key="suppliers" kind="suppliers" withLogo />;
}
