import { ActionIcon, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconUserCog } from '@tabler/icons-react';
import {
  USER_MANAGE_SORTS,
  USER_ROLE_FILTERS,
  type ManageUser,
  type UserManageSort,
  type UserRoleFilter,
} from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { SearchField } from '#components/search-field.tsx';
import { useLocale } from '#lib/use-locale.ts';
import { userListQuery } from '../api/queries.ts';
import { FilterSelect, ResultCount, SortableTh, useClampPage, useListParams } from '../components/list-controls.tsx';
import { SistemaListBody } from '../components/sistema-list-body.tsx';
import { SistemaPageHeader } from '../components/sistema-page-header.tsx';
import { useEditor } from '../components/use-editor.ts';
import { RoleBadges, StatusBadges } from '../components/user-badges.tsx';
import { UserDetailModal } from '../components/user-detail-modal.tsx';
import { NO, YES, oneOf, yesNo } from '../lib/url-filters.ts';

/** URL parameters of the filters (Portuguese, like the routes). */
export const ROLE_PARAM = 'papel';
export const ACTIVE_PARAM = 'ativo';
export const CONFIRMED_PARAM = 'confirmado';

/** /sistema/usuarios (Admins) — every account: search, filters, and a detail dialog with the actions. */
export function SistemaUsersRoute() {
  const { t } = useTranslation('sistema');
  const locale = useLocale();
  const list = useListParams('name');
  const role = oneOf<UserRoleFilter>(USER_ROLE_FILTERS, list.filter(ROLE_PARAM));
  const active = yesNo(list.filter(ACTIVE_PARAM));
  const confirmed = yesNo(list.filter(CONFIRMED_PARAM));
  const sort = oneOf<UserManageSort>(USER_MANAGE_SORTS, list.sort);
  const query = useQuery(userListQuery({ search: list.query, page: list.page, sort, role, active, confirmed }));
  useClampPage(query.data, list.page, list.setPage);
  const details = useEditor<ManageUser>();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const filtered = role !== undefined || active !== undefined || confirmed !== undefined;

  const yesNoSelect = (label: string, param: string, value: boolean | undefined, options: [string, string]) => (
    <FilterSelect
      list={list}
      param={param}
      label={label}
      all={t('users.filters.all')}
      options={[
        { value: YES, label: options[0] },
        { value: NO, label: options[1] },
      ]}
      value={value === undefined ? undefined : value ? YES : NO}
    />
  );

  const who = (user: ManageUser) => (
    <>
      <Text fw={700} size="sm">
        {user.name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Text>
    </>
  );
  const lastSignIn = (user: ManageUser) =>
    user.lastSignInAt ? dateTime.format(new Date(user.lastSignInAt)) : t('users.never');
  const manage = (user: ManageUser) => (
    <Tooltip label={t('users.manage')} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => details.open(user)}
        aria-label={t('users.manageLabel', { name: user.name })}
      >
        <IconUserCog size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Stack gap="lg">
      <SistemaPageHeader title={t('users.title')} description={t('users.subtitle')} />
      <Group align="flex-end" justify="space-between" gap="md" wrap="wrap">
        <Group align="flex-end" gap="md" wrap="wrap" style={{ flex: '1 1 420px' }}>
          <SearchField
            label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            value={list.search}
            onChange={list.setSearch}
            grow
          />
          <FilterSelect
            list={list}
            param={ROLE_PARAM}
            label={t('users.filters.role')}
            all={t('users.filters.all')}
            options={USER_ROLE_FILTERS.map((value) => ({ value, label: t(`users.roleFilter.${value}`) }))}
            value={role}
          />
          {yesNoSelect(t('users.filters.active'), ACTIVE_PARAM, active, [
            t('users.filters.activeYes'),
            t('users.filters.activeNo'),
          ])}
          {yesNoSelect(t('users.filters.confirmed'), CONFIRMED_PARAM, confirmed, [
            t('users.filters.confirmedYes'),
            t('users.filters.confirmedNo'),
          ])}
        </Group>
        {query.data && <ResultCount text={t('users.count', { count: query.data.total })} />}
      </Group>

      <SistemaListBody
        query={query}
        page={list.page}
        onPage={list.setPage}
        label={t('users.title')}
        minWidth={860}
        empty={{
          title: t('users.empty'),
          description: list.query || filtered ? t('list.emptySearch') : t('users.emptyDescription'),
        }}
        head={
          <>
            <SortableTh label={t('users.columns.name')} field="name" sort={list.sort} onSort={list.setSort} />
            <Table.Th>{t('users.columns.roles')}</Table.Th>
            <Table.Th>{t('users.columns.status')}</Table.Th>
            <SortableTh
              label={t('users.columns.created')}
              field="created"
              sort={list.sort}
              onSort={list.setSort}
              descendingFirst
            />
            <Table.Th>{t('users.columns.lastSignIn')}</Table.Th>
            <Table.Th ta="right">{t('list.actions')}</Table.Th>
          </>
        }
        row={(user) => (
          <Table.Tr key={user.id}>
            <Table.Td>{who(user)}</Table.Td>
            <Table.Td>
              <RoleBadges roles={user.roles} />
            </Table.Td>
            <Table.Td>
              <StatusBadges user={user} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {date.format(new Date(user.createdAt))}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={user.lastSignInAt ? undefined : 'dimmed'}>
                {lastSignIn(user)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group justify="flex-end">{manage(user)}</Group>
            </Table.Td>
          </Table.Tr>
        )}
        // On a phone: who, roles and status, the dates labelled, and the way in, as a card.
        card={(user) => (
          <Paper component="li" key={user.id} withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>{who(user)}</div>
              {manage(user)}
            </Group>
            <Group gap="xs" mt="xs">
              <RoleBadges roles={user.roles} />
              <StatusBadges user={user} />
            </Group>
            <Text size="xs" c="dimmed" mt="xs">
              {t('users.columns.created')}: {date.format(new Date(user.createdAt))} · {t('users.columns.lastSignIn')}:{' '}
              {lastSignIn(user)}
            </Text>
          </Paper>
        )}
      />
      <UserDetailModal editor={details} />
    </Stack>
  );
}
