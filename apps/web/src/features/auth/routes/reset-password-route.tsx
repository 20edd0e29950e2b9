import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconLinkOff, IconLockPassword } from '@tabler/icons-react';
import { resetPasswordBody, type ResetPasswordBody } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '#lib/api-client.ts';
import { serverFormErrors, zodFormErrors } from '#lib/form-errors.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { resetPassword } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { NewPasswordFields } from '../components/auth-fields.tsx';

/** /auth/redefinir-senha?userId=…&token=…: sets a new password, then goes to login. */
export function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';

  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => zodFormErrors(resetPasswordBody, { userId, token, ...values }, t),
  });
  const mutation = useMutation({
    mutationFn: (body: ResetPasswordBody) => resetPassword(body),
    onSuccess: () => {
      notifySuccess(t('reset.success'));
      void navigate('/auth/login', { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(serverFormErrors(error.details, ['password', 'confirmPassword']));
      notifyError(errorMessage(error, t('common:error.title')));
    },
  });

  const linkIsValid = resetPasswordBody.safeParse({
    userId,
    token,
    password: 'x'.repeat(12),
    confirmPassword: 'x'.repeat(12),
  }).success;

  if (!linkIsValid) {
    return (
      <AuthCard title={t('reset.title')} icon={<IconLockPassword size={24} />}>
        <Stack gap="md">
          <Alert variant="light" icon={<IconLinkOff size={20} />} title={t('reset.invalidLinkTitle')}>
            {t('reset.invalidLink')}
          </Alert>
          <Button component={Link} to="/auth/esqueci-senha" fullWidth>
            {t('reset.requestNew')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} description={t('reset.subtitle')} icon={<IconLockPassword size={24} />}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => mutation.mutate(resetPasswordBody.parse({ userId, token, ...values })))}
      >
        <Stack gap="sm">
          <NewPasswordFields
            getInputProps={form.getInputProps}
            passwordLabel={t('fields.newPassword')}
            confirmLabel={t('fields.confirmPassword')}
          />
          <Button type="submit" fullWidth mt="xs" loading={mutation.isPending}>
            {t('reset.submit')}
          </Button>
          <Anchor component={Link} to="/auth/login" size="sm" ta="center" fw={700}>
            {t('forgot.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
