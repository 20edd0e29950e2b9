import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  FEEDBACK_PRIORITIES,
  FEEDBACK_SORTS,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  type FeedbackPriority,
  type FeedbackSort,
  type FeedbackStatus,
  type FeedbackType,
  type ManageFeedback,
} from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '#components/search-field.tsx';
import { useLocale } from '#lib/use-locale.ts';
import { feedbackListQuery } from '../api/queries.ts';
import { FeedbackDetail, PriorityBadge, StatusBadge } from '../components/feedback-detail.tsx';
import { columnLayout } from '../components/list-columns.tsx';
import { FilterSelect, ResultCount, useClampPage, useListParams } from '../components/list-controls.tsx';
import { SistemaListBody } from '../components/sistema-list-body.tsx';
import { SistemaPageHeader } from '../components/sistema-page-header.tsx';
import { oneOf } from '../lib/url-filters.ts';

/** URL parameters of the filters (API values: suggestion…, pending…, low…). */
export const TYPE_PARAM = 'tipo';
export const STATUS_PARAM = 'situacao';
export const PRIORITY_PARAM = 'prioridade';

/** /sistema/feedbacks — what visitors and members sent: filter, search, sort, read and triage. */
export function SistemaFeedbacksRoute() {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const list = useListParams('-date');
  const type = oneOf<FeedbackType>(FEEDBACK_TYPES, list.filter(TYPE_PARAM));
  const status = oneOf<FeedbackStatus>(FEEDBACK_STATUSES, list.filter(STATUS_PARAM));
  const priority = oneOf<FeedbackPriority>(FEEDBACK_PRIORITIES, list.filter(PRIORITY_PARAM));
  // An unknown sort in a hand-edited URL falls back to the default instead of an error.
  const sort = oneOf<FeedbackSort>(FEEDBACK_SORTS, list.sort) ?? '-date';
  const query = useQuery(feedbackListQuery({ search: list.query, page: list.page, sort, type, status, priority }));
  useClampPage(query.data, list.page, list.setPage);
  // Held here, not looked up in the page: a move may take it out of the filtered list while it is open.
  const [open, setOpen] = useState<ManageFeedback | null>(null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  const filter = (
    key: string,
    label: string,
    values: readonly string[],
    labelOf: (value: string) => string,
    value: string | undefined,
    all: string,
  ) => (
    <FilterSelect
      list={list}
      param={key}
      label={label}
      all={all}
      options={values.map((v) => ({ value: v, label: labelOf(v) }))}
      value={value}
    />
  );

  return (
    <Stack gap="lg">
      <SistemaPageHeader title={t('feedbacks.title')} description={t('feedbacks.subtitle')} />
      <Group align="flex-end" justify="space-between" gap="md" wrap="wrap">
        <Group align="flex-end" gap="md" wrap="wrap" style={{ flex: '1 1 420px' }}>
          <SearchField
            label={t('feedbacks.search')}
            placeholder={t('feedbacks.searchPlaceholder')}
            value={list.search}
            onChange={list.setSearch}
            grow
          />
          {filter(
            TYPE_PARAM,
            t('feedbacks.filters.type'),
            FEEDBACK_TYPES,
            (v) => t(`common:feedback.types.${v}`),
            type,
            t('feedbacks.filters.all'),
          )}
          {filter(
            STATUS_PARAM,
            t('feedbacks.filters.status'),
            FEEDBACK_STATUSES,
            (v) => t(`common:feedback.statuses.${v}`),
            status,
            t('feedbacks.filters.allFeminine'),
          )}
          {filter(
            PRIORITY_PARAM,
            t('feedbacks.filters.priority'),
            FEEDBACK_PRIORITIES,
            (v) => t(`common:feedback.priorities.${v}`),
            priority,
            t('feedbacks.filters.allFeminine'),
          )}
        </Group>
        {query.data && <ResultCount text={t('feedbacks.count', { count: query.data.total })} />}
      </Group>

      <SistemaListBody<ManageFeedback>
        query={query}
        page={list.page}
        onPage={list.setPage}
        label={t('feedbacks.title')}
        minWidth={880}
        empty={{
          title: t('feedbacks.empty'),
          description:
            list.query || type || status || priority ? t('list.emptySearch') : t('feedbacks.emptyDescription'),
        }}
        {...columnLayout<ManageFeedback>(
          [
            {
              label: t('feedbacks.columns.title'),
              card: 'title',
              maw: 360,
              // The title opens the detail; React renders it as text, never as HTML.
              cell: (item) => (
                <Anchor component="button" type="button" onClick={() => setOpen(item)} fw={700} size="sm" ta="left">
                  {item.title}
                </Anchor>
              ),
            },
            {
              label: t('feedbacks.columns.type'),
              cell: (item) => (
                <Badge variant="outline" color="gray" style={{ minWidth: 'max-content' }}>
                  {t(`common:feedback.types.${item.type}`)}
                </Badge>
              ),
            },
            { label: t('feedbacks.columns.status'), cell: (item) => <StatusBadge status={item.status} /> },
            {
              label: t('feedbacks.columns.priority'),
              sort: 'priority',
              descendingFirst: true,
              cell: (item) => <PriorityBadge priority={item.priority} />,
            },
            {
              label: t('feedbacks.columns.date'),
              sort: 'date',
              descendingFirst: true,
              cell: (item) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {date.format(new Date(item.createdAt))}
                </Text>
              ),
            },
            {
              label: t('feedbacks.columns.sender'),
              cell: (item) => (
                <Text size="sm" c={item.user ? undefined : 'dimmed'} lineClamp={1}>
                  {item.user?.name ?? t('feedbacks.visitor')}
                </Text>
              ),
            },
          ],
          { sort, onSort: list.setSort },
        )}
      />
      <FeedbackDetail feedback={open} onChange={setOpen} onClose={() => setOpen(null)} />
    </Stack>
  );
}
