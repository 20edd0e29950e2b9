import { Code, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ManageNamed } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { type NamedKind, deleteNamed } from '../api/sistema-api.ts';
import { namedListQuery } from '../api/queries.ts';
import { SortableTh, useListParams } from '../components/list-controls.tsx';
import { NamedForm } from '../components/named-form.tsx';
import { RecordAvatar } from '../components/record-avatar.tsx';
import { SistemaListScreen } from '../components/sistema-list-screen.tsx';

/**
 * Models and suppliers are the same kind of record (a name, a slug, for suppliers a logo), so one
 * screen serves both; texts live under the kind's key in sistema.json ('models.*', 'suppliers.*').
 */
function SistemaNamedScreen({ kind, withLogo }: { kind: NamedKind; withLogo: boolean }) {
  const { t } = useTranslation('sistema');
  const list = useListParams('name');
  const query = useQuery(namedListQuery(kind, { search: list.query, page: list.page, sort: list.sort }));

  return (
    <SistemaListScreen<ManageNamed>
      resource={kind}
      list={list}
      query={query}
      name={(record) => record.name}
      minWidth={520}
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
        </>
      }
      cells={(record) => (
        <>
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
        </>
      )}
      form={(record, done) => <NamedForm kind={kind} record={record} withLogo={withLogo} onDone={done} />}
      remove={(id) => deleteNamed(kind, id)}
    />
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
