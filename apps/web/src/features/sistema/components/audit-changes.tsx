import { Code, List, Text } from '@mantine/core';
import type { AuditEntry } from '@manto/contracts';
import { useTranslation } from 'react-i18next';

/** A value as the trail stored it, short: text as is, anything else as JSON, cut at 80 characters. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** The fields a write changed, "field: before → after"; values render as text, never markup. */
export function AuditChanges({ changes }: { changes: AuditEntry['changes'] }) {
  const { t } = useTranslation('sistema');
  const fields = Object.entries(changes);
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('audit.noChanges')}
      </Text>
    );
  return (
    <List size="sm" spacing={2} listStyleType="none">
      {fields.map(([field, { before, after }]) => (
        <List.Item key={field}>
          <Code>{field}</Code>{' '}
          {before === null
            ? t('audit.set', { after: shown(after) })
            : after === null
              ? t('audit.cleared', { before: shown(before) })
              : t('audit.changed', { before: shown(before), after: shown(after) })}
        </List.Item>
      ))}
    </List>
  );
}
