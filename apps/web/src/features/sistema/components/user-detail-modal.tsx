import { Alert, Button, Divider, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ManageUser, ManageUserDetail, Role } from '@manto/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '#components/error-state.tsx';
import { SessionEndedError, errorMessage } from '#lib/api-client.ts';
import { useAuth } from '#lib/auth-store.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useLocale } from '#lib/use-locale.ts';
import { resendUserConfirmation, setUserActive, setUserRoles } from '../api/sistema-api.ts';
import { sistemaKeys, userDetailQuery } from '../api/queries.ts';
import { AuditHistory } from './audit-history.tsx';
import { RoleBadges, StatusBadges } from './user-badges.tsx';
import type { Editor } from './use-editor.ts';

/** The actions of the dialog; each is confirmed before it is sent. */
type UserAction =
  | { key: 'grantModerator' | 'revokeModerator' | 'grantAdmin' | 'revokeAdmin'; roles: Role[] }
  | { key: 'deactivate' | 'reactivate'; active: boolean }
  | { key: 'resend' };

function withRole(roles: readonly string[], role: Role, on: boolean): Role[] {
  const kept = roles.filter((r): r is Role => (r === 'Admin' || r === 'Moderator') && r !== role);
  return on ? [...kept, role] : kept;
}

/** The actions that apply to a user now, in the order they are shown. */
function actionsFor(user: ManageUserDetail): UserAction[] {
  const isModerator = user.roles.includes('Moderator');
  const isAdmin = user.roles.includes('Admin');
  const actions: UserAction[] = [
    { key: isModerator ? 'revokeModerator' : 'grantModerator', roles: withRole(user.roles, 'Moderator', !isModerator) },
    { key: isAdmin ? 'revokeAdmin' : 'grantAdmin', roles: withRole(user.roles, 'Admin', !isAdmin) },
    user.active ? { key: 'deactivate', active: false } : { key: 'reactivate', active: true },
  ];
  if (!user.confirmedAt) actions.push({ key: 'resend' });
  return actions;
}

function run(id: string, action: UserAction): Promise<string | null> {
  if ('roles' in action) return setUserRoles(id, action.roles).then(() => null);
  if ('active' in action) return setUserActive(id, action.active).then(() => null);
  return resendUserConfirmation(id).then((answer) => answer.message);
}

const DANGER = new Set<UserAction['key']>(['deactivate', 'revokeAdmin', 'revokeModerator']);

/**
 * One user's detail (profile, dates, live sessions) and the Admin's actions: grant or revoke
 * Moderator and Admin, deactivate or reactivate, resend the confirmation mail. Each asks first;
 * a refusal (the last Admin, oneself) shows in the server's words.
 */
export function UserDetailModal({ editor }: { editor: Editor<ManageUser> }) {
  const { t } = useTranslation('sistema');
  const user = editor.item;
  return (
    <Modal
      opened={editor.opened}
      onClose={editor.close}
      title={user ? user.name : t('users.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', overflowWrap: 'anywhere' } }}
    >
      {user && <UserDetail key={editor.session} id={user.id} />}
    </Modal>
  );
}

function UserDetail({ id }: { id: string }) {
  const { t } = useTranslation(['sistema', 'auth']);
  const locale = useLocale();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery(userDetailQuery(id));
  const [confirming, setConfirming] = useState<UserAction | null>(null);
  const mutation = useMutation({
    mutationFn: (action: UserAction) => run(id, action),
    onSuccess: async (message, action) => {
      notifySuccess(message ?? t(`users.actions.${action.key}.done`, { name: query.data?.name ?? '' }));
      setConfirming(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sistemaKeys.users() }),
        queryClient.invalidateQueries({ queryKey: sistemaKeys.dashboard() }),
        queryClient.invalidateQueries({ queryKey: [...sistemaKeys.all, 'audit'] }),
      ]);
    },
  });

  if (query.isError)
    return (
      <ErrorState
        message={errorMessage(query.error, t('common:error.description'))}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isPending)
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={t('list.loading')}>
        <Skeleton height={20} />
        <Skeleton height={80} />
        <Skeleton height={36} />
      </Stack>
    );

  const user = query.data;
  const self = auth.user?.email.toLowerCase() === user.email.toLowerCase();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (value: string | null, none: string) => (value ? date.format(new Date(value)) : none);
  const place = [user.city, user.state, user.country].filter(Boolean).join(', ');
  const failure =
    mutation.isError && !(mutation.error instanceof SessionEndedError)
      ? errorMessage(mutation.error, t('form.failed'))
      : null;

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <RoleBadges roles={user.roles} />
        <StatusBadges user={user} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" component="dl" m={0}>
        <Field label={t('users.fields.email')}>{user.email}</Field>
        <Field label={t('users.fields.team')}>{user.favouriteTeam ?? '—'}</Field>
        <Field label={t('users.fields.place')}>{place || '—'}</Field>
        <Field label={t('users.fields.gender')}>{user.gender ? t(`auth:gender.${user.gender}`) : '—'}</Field>
        <Field label={t('users.fields.language')}>{t(`users.languages.${user.language === 'en' ? 'en' : 'pt'}`)}</Field>
        <Field label={t('users.fields.created')}>{when(user.createdAt, '—')}</Field>
        <Field label={t('users.fields.confirmed')}>{when(user.confirmedAt, t('users.status.unconfirmed'))}</Field>
        <Field label={t('users.fields.lastSignIn')}>{when(user.lastSignInAt, t('users.never'))}</Field>
        <Field label={t('users.fields.sessions')}>{t('users.sessions', { count: user.activeSessions })}</Field>
      </SimpleGrid>
      <Divider />
      {confirming ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={700}>{t(`users.actions.${confirming.key}.question`, { name: user.name })}</Text>
            <Text size="sm" c="dimmed">
              {t(`users.actions.${confirming.key}.explain`, { email: user.email })}
            </Text>
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  setConfirming(null);
                  mutation.reset();
                }}
                disabled={mutation.isPending}
              >
                {t('form.cancel')}
              </Button>
              <Button
                color={DANGER.has(confirming.key) ? 'red' : undefined}
                loading={mutation.isPending}
                onClick={() => mutation.mutate(confirming)}
              >
                {t(`users.actions.${confirming.key}.confirm`)}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="xs">
          <Group gap="sm" wrap="wrap">
            {actionsFor(user).map((action) => (
              <Button
                key={action.key}
                variant={DANGER.has(action.key) ? 'light' : 'default'}
                color={DANGER.has(action.key) ? 'red' : undefined}
                disabled={self && action.key === 'deactivate'}
                onClick={() => {
                  mutation.reset();
                  setConfirming(action);
                }}
              >
                {t(`users.actions.${action.key}.label`)}
              </Button>
            ))}
          </Group>
          {self && (
            <Text size="sm" c="dimmed">
              {t('users.selfHint')}
            </Text>
          )}
        </Stack>
      )}
      <Divider />
      <AuditHistory resource="users" target={user.id} />
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
