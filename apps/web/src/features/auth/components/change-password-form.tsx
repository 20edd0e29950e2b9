import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { changePasswordBody, type ChangePasswordBody } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '#lib/api-client.ts';
import { serverFormErrors, zodFormErrors } from '#lib/form-errors.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { changePassword } from '../api/auth-api.ts';
import { NewPasswordFields, PasswordField } from './auth-fields.tsx';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

/** POST /api/me/password. Accounts made through a social provider have no password to change. */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('auth');
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: (values) => zodFormErrors(changePasswordBody, values, t),
  });
  const mutation = useMutation({
    mutationFn: (body: ChangePasswordBody) => changePassword(body),
    onSuccess: (answer) => {
      form.reset();
      notifySuccess(answer.message || t('profile.passwordChanged'));
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        form.setErrors(serverFormErrors(error.details, FIELDS));
        if (error.code === 'WRONG_PASSWORD' && error.serverMessage)
          form.setFieldError('currentPassword', error.serverMessage);
      }
      notifyError(errorMessage(error, t('common:error.title')));
    },
  });

  return (
    <Paper withBorder shadow="sm" p="lg">
      <Title order={2} fz={20} mb="md">
        {t('profile.passwordTitle')}
      </Title>
      {hasPassword ? (
        <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(changePasswordBody.parse(values)))}>
          <Stack gap="sm">
            <PasswordField
              label={t('fields.currentPassword')}
              autoComplete="current-password"
              required
              {...form.getInputProps('currentPassword')}
            />
            <NewPasswordFields
              getInputProps={form.getInputProps}
              passwordLabel={t('fields.newPassword')}
              confirmLabel={t('fields.confirmNewPassword')}
            />
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={mutation.isPending}>
                {t('profile.changePassword')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Alert variant="light" icon={<IconInfoCircle size={20} />}>
          {t('NO_PASSWORD', { ns: 'errors' })}
        </Alert>
      )}
    </Paper>
  );
}
