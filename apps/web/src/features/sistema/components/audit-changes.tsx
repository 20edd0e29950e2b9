import { ColorSwatch, Group, List, Text } from '@mantine/core';
import type { AuditEntry } from '@manto/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { colourName } from '#lib/colour-names.ts';
import { useLocale } from '#lib/use-locale.ts';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^#[0-9a-f]{6}$/i;

/** Fields whose stored values are codes with a label of their own in the interface. */
const CODED: Record<string, string> = {
  category: 'teams.categories',
  article: 'teams.articles',
  status: 'common:feedback.statuses',
  priority: 'common:feedback.priorities',
};

const cut = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/**
 * The fields a write changed, in the reader's words: each field by its form label, each value as the
 * screens show it (a date in the reader's format, a colour by name, a code by its label, a record by its
 * name, an id shortened), "before → after". Values render as text, never markup.
 */
export function AuditChanges({ changes, resource }: { changes: AuditEntry['changes']; resource: string }) {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  const value = (field: string, raw: unknown): ReactNode => {
    if (raw === '' || (Array.isArray(raw) && raw.length === 0)) return t('audit.values.empty');
    if (typeof raw === 'boolean') return t(raw ? 'audit.values.yes' : 'audit.values.no');
    if (Array.isArray(raw)) return cut(raw.map((item) => String(value(field, item))).join(', '));
    if (raw !== null && typeof raw === 'object') {
      const named = (raw as { name?: unknown }).name;
      return typeof named === 'string' ? cut(named) : cut(JSON.stringify(raw));
    }
    const text = String(raw);
    if (CODED[field]) return t(`${CODED[field]}.${text}`, { defaultValue: text });
    if (field === 'roles') return t(`users.roles.${text}`, { defaultValue: text });
    if (HEX.test(text))
      return (
        <Group component="span" gap={4} display="inline-flex" wrap="nowrap">
          <ColorSwatch component="span" color={text} size={12} aria-hidden />
          <span title={text}>{colourName(text, locale)}</span>
        </Group>
      );
    if (ISO_TIME.test(text) && !Number.isNaN(Date.parse(text))) return date.format(new Date(text));
    if (UUID.test(text)) return <span title={text}>{text.slice(0, 8)}</span>;
    return cut(text);
  };

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
          <Text span size="sm" fw={700}>
            {/* A kind of record may word a field its own way (a jersey is "ativa", a user "ativo"). */}
            {t([`audit.fields.${resource}.${field}`, `audit.fields.${field}`], { defaultValue: field })}:
          </Text>{' '}
          {before === null ? (
            <>
              {t('audit.set')} {value(field, after)}
            </>
          ) : after === null ? (
            <>
              {t('audit.cleared')} {value(field, before)}
            </>
          ) : (
            <>
              {value(field, before)} → {value(field, after)}
            </>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** A record's name as the trail last saw it (its name or title), for "which record". */
export function auditRecordName(changes: AuditEntry['changes']): string | null {
  for (const key of ['name', 'namePt', 'title', 'titlePt']) {
    const change = changes[key];
    const named = change?.after ?? change?.before;
    if (typeof named === 'string' && named) return named;
  }
  return null;
}
