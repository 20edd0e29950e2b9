import { Button, Group, Stack, type ModalProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '#components/search-field.tsx';
import type { SistemaResource } from '../api/queries.ts';
import { ConfirmDeleteModal } from './confirm-delete-modal.tsx';
import { FormModal } from './form-modal.tsx';
import { type ListColumn, columnLayout } from './list-columns.tsx';
import { ResultCount, RowActions, useClampPage, type ListParams } from './list-controls.tsx';
import { SistemaListBody } from './sistema-list-body.tsx';
import { SistemaPageHeader } from './sistema-page-header.tsx';
import { useEditor } from './use-editor.ts';

interface SistemaListScreenProps<T extends { id: string }> {
  /** Also the key of the section's texts in sistema.json (title, new, search, count, empty…). */
  resource: SistemaResource;
  list: ListParams;
  query: UseQueryResult<{ items: T[]; total: number }>;
  /** Filters beside the search box, and whether one of them is set. */
  filters?: ReactNode;
  filtered?: boolean;
  /** How a record is named in row actions, the edit title and the delete question. */
  name: (item: T) => string;
  /** Below this width the table scrolls inside its box. */
  minWidth: number;
  spacing?: 'xs' | 'sm';
  /** The columns, without the actions column (on a phone, each record is a card of them). */
  columns: ListColumn<T>[];
  /** The create (null) or edit form; `done` closes the dialog. */
  form: (item: T | null, done: () => void) => ReactNode;
  formSize?: ModalProps['size'];
  remove: (id: string) => Promise<void>;
  /** Records that may not be deleted (a started tournament) get no delete button. */
  canDelete?: (item: T) => boolean;
  /** A section's own row actions, before edit and delete. */
  rowActions?: (item: T) => ReactNode;
}

/**
 * A Sistema list screen: heading with the create button, search and filters with the result
 * count, the table (cards on a phone) with edit and delete on every record, and the form and delete dialogs.
 */
export function SistemaListScreen<T extends { id: string }>({
  resource,
  list,
  query,
  filters,
  filtered = false,
  name,
  minWidth,
  spacing,
  columns,
  form,
  formSize,
  remove,
  canDelete = () => true,
  rowActions,
}: SistemaListScreenProps<T>) {
  const { t } = useTranslation('sistema');
  const editor = useEditor<T>();
  const deleting = useEditor<T>();
  useClampPage(query.data, list.page, list.setPage);
  const search = (
    <SearchField
      label={t(`${resource}.search`)}
      placeholder={t(`${resource}.searchPlaceholder`)}
      value={list.search}
      onChange={list.setSearch}
      grow
    />
  );

  return (
    <Stack gap="lg">
      <SistemaPageHeader
        title={t(`${resource}.title`)}
        description={t(`${resource}.subtitle`)}
        action={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => editor.open(null)}>
            {t(`${resource}.new`)}
          </Button>
        }
      />
      <Group align="flex-end" justify="space-between" gap="md" wrap="wrap">
        {filters ? (
          <Group align="flex-end" gap="md" wrap="wrap" style={{ flex: '1 1 420px' }}>
            {search}
            {filters}
          </Group>
        ) : (
          search
        )}
        {query.data && <ResultCount text={t(`${resource}.count`, { count: query.data.total })} />}
      </Group>

      <SistemaListBody
        query={query}
        page={list.page}
        onPage={list.setPage}
        label={t(`${resource}.title`)}
        minWidth={minWidth}
        spacing={spacing}
        empty={{
          title: t(`${resource}.empty`),
          description: list.query || filtered ? t('list.emptySearch') : t(`${resource}.emptyDescription`),
        }}
        {...columnLayout(columns, {
          sort: list.sort,
          onSort: list.setSort,
          actions: {
            label: t('list.actions'),
            cell: (item) => (
              <RowActions
                name={name(item)}
                onEdit={() => editor.open(item)}
                onDelete={canDelete(item) ? () => deleting.open(item) : undefined}
              >
                {rowActions?.(item)}
              </RowActions>
            ),
          },
        })}
      />

      <FormModal
        opened={editor.opened}
        onClose={editor.close}
        size={formSize}
        title={editor.item ? t(`${resource}.edit`, { name: name(editor.item) }) : t(`${resource}.new`)}
      >
        {/* A new key on every open: the form starts from the record's values, not the last edit's. */}
        <Fragment key={editor.session}>{form(editor.item, editor.close)}</Fragment>
      </FormModal>
      <ConfirmDeleteModal
        editor={deleting}
        question={(item) => t(`${resource}.deleteQuestion`, { name: name(item) })}
        remove={remove}
        section={resource}
        successMessage={t(`${resource}.deleted`)}
      />
    </Stack>
  );
}
