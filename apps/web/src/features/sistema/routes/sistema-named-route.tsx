import { Code, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ManageNamed } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { type NamedKind, deleteNamed } from '../api/sistema-api.ts';
import { namedListQuery } from '../api/queries.ts';
import { useListParams } from '../components/list-controls.tsx';
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
      columns={[
        {
          label: t('named.columns.name'),
          sort: 'name',
          card: 'title',
          cell: (record) => (
            <Group gap="sm" wrap="nowrap">
              {withLogo && <RecordAvatar name={record.name} image={record.logo} />}
              <Text fw={700} size="sm">
                {record.name}
              </Text>
            </Group>
          ),
        },
        { label: t('named.columns.slug'), cell: (record) => <Code>{record.slug}</Code> },
        {
          label: t('named.columns.jerseys'),
          sort: 'jerseys',
          descendingFirst: true,
          cell: (record) => record.jerseysCount,
        },
      ]}
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
