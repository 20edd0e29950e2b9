import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFileText } from '@tabler/icons-react';
import type { ManageTermsSummary, TermsStatus } from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { currentLanguage } from '#lib/i18n.ts';
import { useLocale } from '#lib/use-locale.ts';
import { termsListQuery } from '../api/queries.ts';
import { TableSkeleton, listClasses } from '../components/list-controls.tsx';
import { SistemaPageHeader } from '../components/sistema-page-header.tsx';
import { TermsVersionModal, type TermsTarget } from '../components/terms-version-modal.tsx';

// As the other Sistema badges: what waits stands out, what is done recedes.
const STATUS_BADGES: Record<TermsStatus, { variant: 'filled' | 'outline' | 'light'; color?: string }> = {
  draft: { variant: 'outline' },
  current: { variant: 'filled' },
  previous: { variant: 'light', color: 'gray' },
};

/**
 * /sistema/termos (Admins) — the terms of use, version by version: a new draft (prefilled from the
 * current version), its preview and publication, and each version's text and history.
 */
export function SistemaTermsRoute() {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const query = useQuery(termsListQuery());
  const [target, setTarget] = useState<TermsTarget | null>(null);
  const items = query.data?.items ?? [];
  const draft = items.find((item) => item.status === 'draft');
  const current = items.find((item) => item.status === 'current');
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });
  const english = currentLanguage() === 'en';
  const titleOf = (item: ManageTermsSummary) => (english ? item.titleEn : item.titlePt);

  // One draft at a time: with one open, the main action opens it instead of starting another.
  const action = query.data ? (
    draft ? (
      <Button onClick={() => setTarget({ kind: 'version', version: draft.version })}>
        {t('terms.openDraft', { version: draft.version })}
      </Button>
    ) : (
      <Button onClick={() => setTarget({ kind: 'new', from: current?.version ?? null })}>
        {t('terms.newVersion')}
      </Button>
    )
  ) : undefined;

  return (
    <Stack gap="lg">
      <SistemaPageHeader title={t('terms.title')} description={t('terms.subtitle')} action={action} />
      {draft && (
        <Text size="sm" c="dimmed">
          {t('terms.draftExists', { version: draft.version })}
        </Text>
      )}
      {query.isError ? (
        <ErrorState
          message={errorMessage(query.error, t('common:error.description'))}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <TableSkeleton />
      ) : items.length === 0 ? (
        <EmptyState
          order={3}
          title={t('terms.empty')}
          description={t('terms.emptyDescription')}
          icon={<IconFileText size={30} aria-hidden />}
        />
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing="sm" highlightOnHover className={listClasses.table} aria-label={t('terms.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('terms.columns.version')}</Table.Th>
                <Table.Th>{t('terms.columns.title')}</Table.Th>
                <Table.Th>{t('terms.columns.status')}</Table.Th>
                <Table.Th>{t('terms.columns.created')}</Table.Th>
                <Table.Th>{t('terms.columns.published')}</Table.Th>
                <Table.Th ta="right">{t('terms.columns.accepted')}</Table.Th>
                <Table.Th ta="right">{t('list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.version}>
                  <Table.Td>
                    <Text fw={700} size="sm">
                      {t('terms.versionShort', { version: item.version })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {titleOf(item)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge {...STATUS_BADGES[item.status]} style={{ minWidth: 'max-content' }}>
                      {t(`terms.statuses.${item.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {date.format(new Date(item.createdAt))}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={item.publishedAt ? undefined : 'dimmed'}>
                      {item.publishedAt ? date.format(new Date(item.publishedAt)) : t('terms.notPublished')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{item.acceptedCount.toLocaleString(locale)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => setTarget({ kind: 'version', version: item.version })}
                        aria-label={t('terms.openLabel', { version: item.version })}
                      >
                        {item.status === 'draft' ? t('terms.edit') : t('terms.view')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TermsVersionModal target={target} onTarget={setTarget} onClose={() => setTarget(null)} />
    </Stack>
  );
}
