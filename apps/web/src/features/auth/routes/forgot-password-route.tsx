import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconKey, IconMailForward } from '@tabler/icons-react';
import { emailBody } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '#lib/api-client.ts';
import { serverFormErrors, zodFormErrors } from '#lib/form-errors.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { forgotPassword } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { EmailField } from '../components/auth-fields.tsx';

/** /auth/esqueci-senha: asks for a reset link by email. */
export function ForgotPasswordRoute() {
  const { t } = useTranslation('auth');
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => zodFormErrors(emailBody, values, t),
  });
  const mutation = useMutation({
    mutationFn: forgotPassword,
    onSuccess: () => notifySuccess(t('forgot.success')),
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(serverFormErrors(error.details, ['email']));
      notifyError(errorMessage(error, t('common:error.title')));
    },
  });

  return (
    <AuthCard title={t('forgot.title')} description={t('forgot.subtitle')} icon={<IconKey size={24} />}>
      <Stack gap="md">
        {mutation.isSuccess && (
          <Alert variant="light" icon={<IconMailForward size={20} />} title={t('forgot.sentTitle')}>
            {mutation.data.message}
          </Alert>
        )}
        <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(emailBody.parse(values)))}>
          <Stack gap="sm">
            <EmailField {...form.getInputProps('email')} />
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
        <Anchor component={Link} to="/auth/login" size="sm" ta="center" fw={700}>
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
