import { ActionIcon, Group, Select, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconSelector, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlList } from '#lib/url-list.ts';
import { PAGE_SIZE } from '../api/sistema-api.ts';
import classes from './list-controls.module.css';

const SORT = 'ordem';

/** A Sistema list's search, page, sort and extra filters, all in the URL (see useUrlList). */
export type ListParams = ReturnType<typeof useListParams>;

export function useListParams(defaultSort: string) {
  const { params, search, setSearch, query, page, setPage, setParam } = useUrlList(300);
  const sort = params.get(SORT) ?? defaultSort;
  const setSort = useCallback(
    (value: string) => setParam(SORT, value === defaultSort ? null : value),
    [setParam, defaultSort],
  );

  return {
    /** What the search box shows. */
    search,
    setSearch,
    /** The debounced, trimmed search the query uses. */
    query,
    page,
    setPage,
    sort,
    setSort,
    /** Reads an extra filter from the URL. */
    filter: (key: string) => params.get(key),
    setFilter: setParam,
  };
}

const ALL = 'all';

/**
 * A list filter kept in the URL parameter `param`: "all" (`all` names it) first, then `options`;
 * choosing "all" drops the parameter. `value` is the valid value read from the URL, if any.
 */
export function FilterSelect({
  list,
  param,
  label,
  all,
  options,
  value,
  w = 170,
}: {
  list: ListParams;
  param: string;
  label: string;
  all: string;
  options: { value: string; label: string }[];
  value: string | null | undefined;
  w?: number;
}) {
  return (
    <Select
      label={label}
      data={[{ value: ALL, label: all }, ...options]}
      value={value ?? ALL}
      onChange={(next) => list.setFilter(param, next === ALL ? null : next)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      w={w}
    />
  );
}

/** Pages total for a list answer. */
const pageCount = (total: number) => Math.ceil(total / PAGE_SIZE);

/** After deleting the last row of the last page, go back to the page that now is the last. */
export function useClampPage(
  data: { total: number; items: unknown[] } | undefined,
  page: number,
  setPage: (page: number) => void,
) {
  const total = data?.total;
  const empty = data?.items.length === 0;
  useEffect(() => {
    if (total !== undefined && empty && page > 1) setPage(Math.max(1, pageCount(total)));
  }, [total, empty, page, setPage]);
}

interface SortableThProps {
  label: string;
  /** The API's sort name for this column ('name'; '-name' is the descending order). */
  field: string;
  sort: string;
  onSort: (sort: string) => void;
  /** Counts and dates read best largest/newest first. */
  descendingFirst?: boolean;
  w?: number | string;
}

/** A column header that sorts: a real button, with aria-sort on the header cell. */
export function SortableTh({ label, field, sort, onSort, descendingFirst = false, w }: SortableThProps) {
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : null;
  const next =
    direction === 'ascending'
      ? `-${field}`
      : direction === 'descending'
        ? field
        : descendingFirst
          ? `-${field}`
          : field;
  const Icon = direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconSelector;
  return (
    <Table.Th aria-sort={direction ?? undefined} w={w}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => onSort(next)}
        data-active={direction ? true : undefined}
      >
        <span>{label}</span>
        <Icon size={14} className={classes.sortIcon} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * Edit and delete, as real buttons named after the record ('Editar Flamengo'); a record that
 * cannot be deleted has no delete button, and a section may add its own actions before them.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  onEdit: () => void;
  onDelete?: (() => void) | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation('sistema');
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {children}
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={onEdit} aria-label={t('list.edit', { name })}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      {onDelete ? (
        <ActionIcon variant="subtle" color="red" size="lg" onClick={onDelete} aria-label={t('list.delete', { name })}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      ) : (
        // Keeps every row's edit button in one column.
        <span className={classes.actionSlot} aria-hidden />
      )}
    </Group>
  );
}

/** Placeholder rows while the first page loads. */
export function TableSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation('sistema');
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t('list.loading')} role="status">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={48} radius="sm" />
      ))}
    </Stack>
  );
}

/** "23 times" beside the search box. */
export function ResultCount({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {text}
    </Text>
  );
}

export { classes as listClasses };
