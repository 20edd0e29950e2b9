import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { emailBody } from '@manto/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { zodFormErrors } from '#lib/form-errors.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { resendConfirmation } from '../api/auth-api.ts';
import { EmailField } from './auth-fields.tsx';

/** POST /api/auth/resend-confirmation; success goes home after about a second (docs/product.md §4). */
export function ResendConfirmationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const form = useForm({
    initialValues: { email: initialEmail },
    validate: (values) => zodFormErrors(emailBody, values, t),
  });
  const mutation = useMutation({
    mutationFn: resendConfirmation,
    onSuccess: () => {
      notifySuccess(t('confirm.resendSuccess'));
      timer.current = window.setTimeout(() => void navigate('/'), 1000);
    },
    onError: () => notifyError(t('confirm.resendFailed')),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(emailBody.parse(values)))}>
      <Stack gap="sm">
        <EmailField {...form.getInputProps('email')} />
        <Button type="submit" variant="default" loading={mutation.isPending} disabled={mutation.isSuccess}>
          {t('confirm.resendSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
