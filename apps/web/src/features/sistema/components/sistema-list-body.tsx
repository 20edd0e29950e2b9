import { Stack, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageControls } from '#components/page-controls.tsx';
import { errorMessage } from '#lib/api-client.ts';
import { PAGE_SIZE } from '../api/sistema-api.ts';
import { TableSkeleton, listClasses } from './list-controls.tsx';

interface SistemaListBodyProps<T> {
  query: UseQueryResult<{ items: T[]; total: number }>;
  page: number;
  onPage: (page: number) => void;
  /** The table's accessible name. */
  label: string;
  /** Below this width the table scrolls inside its box. */
  minWidth: number;
  spacing?: 'xs' | 'sm';
  /** `icon` replaces the empty state's crossed-out jersey. */
  empty: { title: string; description: string; icon?: ReactNode };
  /** The header row's cells. */
  head: ReactNode;
  /** One `<Table.Tr>` per record. */
  row: (item: T) => ReactNode;
  /** One card (an `<li>`) per record, shown instead of the table on phones when the table would hide columns. */
  card?: (item: T) => ReactNode;
}

/** A Sistema list's states: error with retry, skeleton, empty, or the table and its pagination. */
export function SistemaListBody<T>({
  query,
  page,
  onPage,
  label,
  minWidth,
  spacing = 'sm',
  empty,
  head,
  row,
  card,
}: SistemaListBodyProps<T>) {
  const { t } = useTranslation('sistema');
  const phone = useMediaQuery('(max-width: 48em)') === true;
  if (query.isError)
    return (
      <ErrorState
        message={errorMessage(query.error, t('common:error.description'))}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isPending) return <TableSkeleton />;
  if (query.data.items.length === 0)
    return <EmptyState order={3} title={empty.title} description={empty.description} icon={empty.icon} />;
  const pages = (
    <PageControls
      total={query.data.total}
      pageSize={PAGE_SIZE}
      page={page}
      onChange={onPage}
      controlLabel={(control) => t(`list.pagination.${control}`)}
      pageLabel={(item) => t('list.pagination.page', { page: item })}
    />
  );
  if (card && phone)
    return (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
          {query.data.items.map(card)}
        </Stack>
        {pages}
      </>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table
          verticalSpacing={spacing}
          highlightOnHover
          className={listClasses.table}
          aria-label={label}
          aria-busy={query.isPlaceholderData}
        >
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{query.data.items.map(row)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages}
    </>
  );
}
