import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '#lib/api-client.ts';
import { authStore } from '#lib/auth-store.ts';
import { navigateTo } from '#lib/navigation.ts';
import { notifySuccess } from '#lib/notify.ts';
import { queryClient } from '#lib/query-client.ts';
import { deleteAccount } from '../api/auth-api.ts';
import { ActionCard } from './action-card.tsx';
import { PasswordField } from './auth-fields.tsx';

/**
 * "Excluir minha conta" (LGPD): after the current password — or, for an account without one, a recent
 * sign-in — the account goes; the votes stay, anonymous, so no ranking moves.
 */
export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const mutation = useMutation({
    mutationFn: () => deleteAccount(hasPassword ? { password } : {}),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      // The server ended every session with the account: there is nothing left to sign out of. Like a
      // logout, it ends on the login page (the profile's guard would send a signed-out member there anyway).
      authStore.clear(true);
      queryClient.clear();
      await navigateTo('/auth/login', { replace: true });
    },
  });
  const fieldError = mutation.error instanceof ApiError ? (mutation.error.details?.password ?? null) : null;
  const failure = mutation.isError && !fieldError ? errorMessage(mutation.error, t('common:error.description')) : null;
  const close = () => {
    setOpen(false);
    setPassword('');
    mutation.reset();
  };

  return (
    <>
      <ActionCard title={t('profile.deleteAccount.title')} description={t('profile.deleteAccount.description')}>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {t('profile.deleteAccount.open')}
        </Button>
      </ActionCard>
      <Modal
        opened={open}
        onClose={close}
        title={t('profile.deleteAccount.question')}
        centered
        closeButtonProps={{ 'aria-label': t('profile.deleteAccount.cancel') }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            mutation.mutate();
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('profile.deleteAccount.explain')}</Text>
            {hasPassword ? (
              <PasswordField
                label={t('profile.deleteAccount.password')}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={fieldError}
                required
                autoComplete="current-password"
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('profile.deleteAccount.recentSignIn')}
              </Text>
            )}
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                {t('profile.deleteAccount.cancel')}
              </Button>
              <Button type="submit" color="red" loading={mutation.isPending}>
                {t('profile.deleteAccount.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
