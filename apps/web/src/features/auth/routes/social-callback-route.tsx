import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { isMessageKey } from '@manto/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '#lib/api-client.ts';
import '#lib/error-texts.ts';
import { safeRedirectPath } from '#lib/navigation.ts';
import { exchangeSocialCode } from '../api/auth-api.ts';
import { useCompleteSignIn } from '../api/hooks.ts';
import { AuthCard, AuthProgress } from '../components/auth-card.tsx';

/**
 * /auth/social?code=…&redirectTo=… — the API's social callback lands here; the one-time code is
 * exchanged for a session. ?error=CODE shows what went wrong.
 */
export function SocialCallbackRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const code = params.get('code');
  const errorCode = params.get('error');
  const target = safeRedirectPath(params.get('redirectTo'), '/');
  const completeSignIn = useCompleteSignIn();
  const started = useRef(false);

  const mutation = useMutation({
    mutationFn: exchangeSocialCode,
    onSuccess: (body) => completeSignIn(body, target),
  });
  const { mutate } = mutation;

  useEffect(() => {
    // The code is single use: exchange it once, even under StrictMode's double effects.
    if (!code || errorCode || started.current) return;
    started.current = true;
    mutate(code);
  }, [code, errorCode, mutate]);

  const failure = errorCode
    ? t(isMessageKey(errorCode) ? errorCode : 'SOCIAL_LOGIN_FAILED', { ns: 'errors' })
    : !code
      ? t('SOCIAL_LOGIN_FAILED', { ns: 'errors' })
      : mutation.isError
        ? errorMessage(mutation.error, t('SOCIAL_LOGIN_FAILED', { ns: 'errors' }))
        : null;

  if (failure) {
    return (
      <AuthCard title={t('social.failedTitle')} icon={<IconPlugConnectedX size={24} />}>
        <Stack gap="md">
          <Alert color="red" variant="light">
            {failure}
          </Alert>
          <Button component={Link} to="/auth/login" fullWidth>
            {t('social.backToLogin')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('social.title')} icon={<IconPlugConnected size={24} />}>
      <AuthProgress text={t('social.signingIn')} />
    </AuthCard>
  );
}
