import { Alert, Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconClockExclamation, IconLogin2, IconMailExclamation } from '@tabler/icons-react';
import { loginBody } from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAuthTarget } from '#components/route-guard.tsx';
import { ApiError, SESSION_ENDED, errorMessage } from '#lib/api-client.ts';
import { serverFormErrors, zodFormErrors } from '#lib/form-errors.ts';
import { notifyError } from '#lib/notify.ts';
import { login } from '../api/auth-api.ts';
import { useCompleteSignIn } from '../api/hooks.ts';
import { AuthCard, AuthSwitch } from '../components/auth-card.tsx';
import { SocialButtons } from '../components/social-buttons.tsx';
import { EmailField, PasswordField } from '../components/auth-fields.tsx';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  const target = useAuthTarget();
  const completeSignIn = useCompleteSignIn();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [params] = useSearchParams();
  const sessionEnded = params.get(SESSION_ENDED.param) === SESSION_ENDED.value;

  const form = useForm({
    initialValues: { email: '', password: '', rememberMe: false },
    validate: (values) => zodFormErrors(loginBody, values, t),
  });

  const mutation = useMutation({
    mutationFn: login,
    onMutate: () => setUnconfirmedEmail(null),
    onSuccess: (body) => completeSignIn(body, target),
    onError: (error, variables) => {
      if (error instanceof ApiError) {
        form.setErrors(serverFormErrors(error.details, ['email', 'password']));
        if (error.code === 'EMAIL_NOT_CONFIRMED') setUnconfirmedEmail(variables.email);
      }
      notifyError(errorMessage(error, t('login.failed')));
    },
  });

  return (
    <AuthCard title={t('login.title')} description={t('login.subtitle')} icon={<IconLogin2 size={24} />}>
      <Stack gap="md">
        {sessionEnded && !unconfirmedEmail && (
          <Alert
            variant="light"
            color="yellow"
            icon={<IconClockExclamation size={20} />}
            title={t('login.sessionEndedTitle')}
          >
            <Text size="sm">{t('login.sessionEndedBody')}</Text>
          </Alert>
        )}
        {unconfirmedEmail && (
          <Alert variant="light" icon={<IconMailExclamation size={20} />} title={t('login.unconfirmedTitle')}>
            <Text size="sm">{t('login.unconfirmedBody')}</Text>
            <Anchor
              component={Link}
              to={`/auth/confirmar-email?email=${encodeURIComponent(unconfirmedEmail)}`}
              size="sm"
              fw={700}
            >
              {t('login.resendLink')}
            </Anchor>
          </Alert>
        )}

        <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(loginBody.parse(values)))}>
          <Stack gap="sm">
            <EmailField {...form.getInputProps('email')} />
            <PasswordField
              label={t('fields.password')}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Checkbox label={t('fields.rememberMe')} {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
              <Anchor component={Link} to="/auth/esqueci-senha" size="sm">
                {t('login.forgotPassword')}
              </Anchor>
            </Group>
            <Button type="submit" fullWidth mt="xs" loading={mutation.isPending}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>

        <SocialButtons redirectTo={target} />

        <AuthSwitch question={t('login.noAccount')} link={t('login.registerLink')} to="/auth/registrar" />
      </Stack>
    </AuthCard>
  );
}
