import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_RESOURCES, type AuditEntry } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '#lib/use-locale.ts';
import { auditQuery } from '../api/queries.ts';
import { AuditChanges, auditRecordName } from '../components/audit-changes.tsx';
import { FilterSelect, useListParams } from '../components/list-controls.tsx';
import { SistemaListBody } from '../components/sistema-list-body.tsx';
import { SistemaPageHeader } from '../components/sistema-page-header.tsx';

const ACTIONS = ['create', 'update', 'delete', 'close-round', 'restore', 'retry', 'resend-confirmation'] as const;
/** Deletions stand out; the rest read as plain labels (light colour badges fail contrast). */
const ACTION_VARIANTS: Record<string, string> = { delete: 'filled' };

/**
 * /sistema/auditoria (Admins): every management write, newest first — who, when, what, on which record,
 * and the fields it changed (docs/security.md item 26). Filters live in the URL.
 */
export function SistemaAuditRoute() {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const list = useListParams('');
  const resource = list.filter('tipo');
  const action = list.filter('acao');
  const query = useQuery(auditQuery({ resource, action, page: list.page }));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const label = (key: string, value: string) => t(`audit.${key}.${value}`, { defaultValue: value });
  const actionBadge = (entry: AuditEntry) => (
    <Badge
      variant={ACTION_VARIANTS[entry.action] ?? 'default'}
      color="dark"
      tt="none"
      style={{ minWidth: 'max-content' }}
    >
      {label('actions', entry.action)}
    </Badge>
  );
  // Which record: its kind, its name as the trail last saw it, and the start of its id.
  const record = (entry: AuditEntry) => {
    const name = auditRecordName(entry.changes);
    return (
      <>
        <Text size="sm">{label('resources', entry.resource)}</Text>
        {name && (
          <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
        )}
        {entry.targetId && (
          <Text size="xs" c="dimmed" title={entry.targetId}>
            {entry.targetId.slice(0, 8)}
          </Text>
        )}
      </>
    );
  };

  return (
    <Stack gap="lg">
      <SistemaPageHeader title={t('audit.title')} description={t('audit.subtitle')} />
      <Group gap="sm" align="flex-end">
        <FilterSelect
          list={list}
          param="tipo"
          label={t('audit.filters.resource')}
          all={t('audit.filters.all')}
          options={AUDIT_RESOURCES.map((r) => ({ value: r, label: label('resources', r) }))}
          value={resource}
          w={220}
        />
        <FilterSelect
          list={list}
          param="acao"
          label={t('audit.filters.action')}
          all={t('audit.filters.all')}
          options={ACTIONS.map((a) => ({ value: a, label: label('actions', a) }))}
          value={action}
          w={220}
        />
      </Group>
      <SistemaListBody<AuditEntry>
        query={query}
        page={list.page}
        onPage={list.setPage}
        label={t('audit.title')}
        minWidth={760}
        spacing="xs"
        empty={{ title: t('audit.empty.title'), description: t('audit.empty.description') }}
        head={
          <>
            <Table.Th>{t('audit.columns.at')}</Table.Th>
            <Table.Th>{t('audit.columns.actor')}</Table.Th>
            <Table.Th>{t('audit.columns.action')}</Table.Th>
            <Table.Th>{t('audit.columns.record')}</Table.Th>
            <Table.Th>{t('audit.columns.changes')}</Table.Th>
          </>
        }
        row={(entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{date.format(new Date(entry.at))}</Table.Td>
            <Table.Td>{entry.actorName}</Table.Td>
            <Table.Td>{actionBadge(entry)}</Table.Td>
            <Table.Td>{record(entry)}</Table.Td>
            <Table.Td>
              <AuditChanges changes={entry.changes} resource={entry.resource} />
            </Table.Td>
          </Table.Tr>
        )}
        // On a phone: who did what, when, to which record, then the changes, as a card.
        card={(entry) => (
          <Paper component="li" key={entry.id} withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={700}>
                {entry.actorName}
              </Text>
              {actionBadge(entry)}
            </Group>
            <Text size="xs" c="dimmed" mb="xs">
              {date.format(new Date(entry.at))}
            </Text>
            <div style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>{record(entry)}</div>
            <AuditChanges changes={entry.changes} resource={entry.resource} />
          </Paper>
        )}
      />
    </Stack>
  );
}
