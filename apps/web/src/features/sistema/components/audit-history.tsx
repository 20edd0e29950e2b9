import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '#components/error-state.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { useLocale } from '#lib/use-locale.ts';
import { auditQuery } from '../api/queries.ts';
import { AuditChanges } from './audit-changes.tsx';

/** "Histórico": the latest changes made to one record, newest first (docs/security.md item 26). */
export function AuditHistory({ resource, target }: { resource: string; target: string }) {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const query = useQuery(auditQuery({ resource, action: null, page: 1, target }));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Stack gap="xs" component="section" aria-labelledby={`history-${target}`}>
      <Title order={3} fz="md" id={`history-${target}`}>
        {t('audit.history')}
      </Title>
      {query.isError ? (
        <ErrorState
          message={errorMessage(query.error, t('common:error.description'))}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <Text size="sm" c="dimmed">
          {t('list.loading')}
        </Text>
      ) : query.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('audit.noHistory')}
        </Text>
      ) : (
        query.data.items.map((entry) => (
          <Stack key={entry.id} gap={2}>
            <Group gap="xs" wrap="wrap">
              <Badge variant={entry.action === 'delete' ? 'filled' : 'default'} color="dark" tt="none">
                {t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}
              </Badge>
              <Text size="sm">{entry.actorName}</Text>
              <Text size="sm" c="dimmed">
                {date.format(new Date(entry.at))}
              </Text>
            </Group>
            <AuditChanges changes={entry.changes} resource={entry.resource} />
          </Stack>
        ))
      )}
    </Stack>
  );
}
