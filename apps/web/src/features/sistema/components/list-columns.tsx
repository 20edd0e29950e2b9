import { Group, Paper, Table } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { SortableTh } from './list-controls.tsx';
import classes from './list-columns.module.css';

/** One column of a Sistema list: its header and cell on wide screens, a part of the record's card on phones. */
export interface ListColumn<T> {
  /** The header; on a phone's card, the field's label. */
  label: string;
  cell: (item: T) => ReactNode;
  /** The API's sort name when the header sorts (see SortableTh). */
  sort?: string;
  descendingFirst?: boolean;
  w?: number;
  /** The cell's widest. */
  maw?: number;
  /**
   * Its place on a phone's card: `title` is the record's name, first; `media` (a picture) goes beside it;
   * every other column is a labelled field under them.
   */
  card?: 'title' | 'media';
}

interface ColumnLayoutOptions<T> {
  sort: string;
  onSort: (sort: string) => void;
  /** The last column: the record's buttons (already named after it), at the card's top right on phones. */
  actions?: { label: string; cell: (item: T) => ReactNode };
}

/**
 * SistemaListBody's `head`, `row` and `card` from one list of columns: the table as before on wide
 * screens, and on phones one card per record (name first, the fields labelled, the actions) instead of
 * a table cutting columns.
 */
export function columnLayout<T extends { id: string }>(
  columns: ListColumn<T>[],
  { sort, onSort, actions }: ColumnLayoutOptions<T>,
) {
  const title = columns.find((column) => column.card === 'title');
  const media = columns.find((column) => column.card === 'media');
  const fields = columns.filter((column) => column.card === undefined);
  return {
    head: (
      <>
        {columns.map((column) =>
          column.sort ? (
            <SortableTh
              key={column.label}
              label={column.label}
              field={column.sort}
              sort={sort}
              onSort={onSort}
              descendingFirst={column.descendingFirst}
              w={column.w}
            />
          ) : (
            <Table.Th key={column.label} w={column.w}>
              {column.label}
            </Table.Th>
          ),
        )}
        {actions && <Table.Th ta="right">{actions.label}</Table.Th>}
      </>
    ),
    row: (item: T) => (
      <Table.Tr key={item.id}>
        {columns.map((column) => (
          <Table.Td key={column.label} maw={column.maw}>
            {column.cell(item)}
          </Table.Td>
        ))}
        {actions && <Table.Td>{actions.cell(item)}</Table.Td>}
      </Table.Tr>
    ),
    card: (item: T) => (
      <Paper component="li" key={item.id} withBorder radius="md" p="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" className={classes.heading}>
            {media && <div className={classes.media}>{media.cell(item)}</div>}
            {title && <div className={classes.title}>{title.cell(item)}</div>}
          </Group>
          {actions?.cell(item)}
        </Group>
        {fields.length > 0 && (
          <dl className={classes.fields}>
            {fields.map((column) => (
              <Fragment key={column.label}>
                <dt>{column.label}</dt>
                <dd>{column.cell(item)}</dd>
              </Fragment>
            ))}
          </dl>
        )}
      </Paper>
    ),
  };
}
