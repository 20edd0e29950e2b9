import { Alert, Anchor, Divider, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCircleCheck, IconMail, IconMailX } from '@tabler/icons-react';
import type { LoginResponse } from '@manto/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '#lib/api-client.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { authStore } from '#lib/auth-store.ts';
import { confirmEmail, splitSession } from '../api/auth-api.ts';
import { useCompleteSignIn } from '../api/hooks.ts';
import { AuthCard, AuthProgress } from '../components/auth-card.tsx';
import { ResendConfirmationForm } from '../components/resend-confirmation-form.tsx';

/** Spec section 9: the redirect delay after confirmation. */
const REDIRECT_DELAY_MS = 1000;

/**
 * /auth/confirmar-email?userId=…&token=… confirms, signs in and goes home after a second.
 * Without a token it offers the resend form (?email= prefills it).
 */
export function ConfirmEmailRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const token = params.get('token');
  const completeSignIn = useCompleteSignIn();

  // The confirmed session is stored when the delay ends (or earlier, if the page is left):
  // storing it at once would let the signed-out-only guard redirect before the second is up.
  const pending = useRef<LoginResponse | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const started = useRef(false);

  const mutation = useMutation({
    mutationFn: confirmEmail,
    onSuccess: (body) => {
      notifySuccess(t('confirm.success'));
      pending.current = body;
      timer.current = window.setTimeout(() => {
        pending.current = null;
        completeSignIn(body, '/');
      }, REDIRECT_DELAY_MS);
    },
    onError: (error) => notifyError(errorMessage(error, t('confirm.failed'))),
  });
  const { mutate } = mutation;

  useEffect(() => {
    // Tokens are single use: confirm exactly once, even under StrictMode's double effects.
    if (!userId || !token || started.current) return;
    started.current = true;
    mutate({ userId, token });
  }, [userId, token, mutate]);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      if (!pending.current) return;
      const { user, tokens } = splitSession(pending.current);
      authStore.setAuth(user, tokens);
    },
    [],
  );

  if (userId && token && !mutation.isError) {
    return (
      <AuthCard
        title={mutation.isSuccess ? t('confirm.successTitle') : t('confirm.confirmingTitle')}
        icon={mutation.isSuccess ? <IconCircleCheck size={24} /> : <IconMail size={24} />}
      >
        {mutation.isSuccess ? (
          <Text size="sm">{t('confirm.redirecting')}</Text>
        ) : (
          <AuthProgress text={t('confirm.confirming')} />
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('confirm.resendTitle')} description={t('confirm.resendSubtitle')} icon={<IconMail size={24} />}>
      <Stack gap="md">
        {mutation.isError && (
          <Alert color="red" variant="light" icon={<IconMailX size={20} />} title={t('confirm.failedTitle')}>
            {errorMessage(mutation.error, t('confirm.failed'))}
          </Alert>
        )}
        <ResendConfirmationForm initialEmail={params.get('email') ?? ''} />
        <Divider />
        <Anchor component={Link} to="/auth/login" size="sm" ta="center" fw={700}>
          {t('register.goToLogin')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
