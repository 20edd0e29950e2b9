import { Anchor, Button, Checkbox, Divider, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { IconMailCheck, IconUserPlus } from '@tabler/icons-react';
import { registerBody, type RegisterBody } from '@manto/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '#lib/api-client.ts';
import { serverFormErrors, zodFormErrors } from '#lib/form-errors.ts';
import { notifyError } from '#lib/notify.ts';
import { register } from '../api/auth-api.ts';
import { AuthCard, AuthSwitch } from '../components/auth-card.tsx';
import { GenderSelect } from '../components/gender-select.tsx';
import { ResendConfirmationForm } from '../components/resend-confirmation-form.tsx';
import { TeamSelect } from '../components/team-select.tsx';
import { TermsModal } from '../components/terms-modal.tsx';
import { EmailField, NewPasswordFields, PlaceFields } from '../components/auth-fields.tsx';

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  city: string;
  state: string;
  country: string;
  gender: string | null;
  favouriteTeam: string | null;
  acceptTerms: boolean;
}

const FIELDS = [
  'name',
  'email',
  'password',
  'confirmPassword',
  'city',
  'state',
  'country',
  'gender',
  'favouriteTeam',
  'acceptTerms',
] as const;

/** Selects hold null until chosen; a missing value reads as 'required' in the contract. */
const toBody = (values: RegisterValues) => ({
  ...values,
  gender: values.gender ?? undefined,
  favouriteTeam: values.favouriteTeam ?? undefined,
});

export function RegisterRoute() {
  const { t } = useTranslation('auth');
  const [termsOpened, terms] = useDisclosure(false);
  const [registered, setRegistered] = useState<{ email: string; message: string } | null>(null);

  const form = useForm<RegisterValues>({
    initialValues: {
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      city: '',
      state: '',
      country: '',
      gender: null,
      favouriteTeam: null,
      acceptTerms: false,
    },
    validate: (values) => zodFormErrors(registerBody, toBody(values), t),
  });

  const mutation = useMutation({
    mutationFn: (body: RegisterBody) => register(body),
    onSuccess: (answer, body) => setRegistered({ email: body.email, message: answer.message }),
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(serverFormErrors(error.details, FIELDS));
      notifyError(errorMessage(error, t('register.failed')));
    },
  });

  if (registered) {
    return (
      <AuthCard title={t('register.doneTitle')} icon={<IconMailCheck size={24} />} description={registered.message}>
        <Stack gap="md">
          <Text size="sm">{t('register.doneBody', { email: registered.email })}</Text>
          <Divider label={t('register.noEmail')} labelPosition="center" />
          <ResendConfirmationForm initialEmail={registered.email} />
          <Anchor component={Link} to="/auth/login" size="sm" ta="center" fw={700}>
            {t('register.goToLogin')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('register.title')}
      description={t('register.subtitle')}
      icon={<IconUserPlus size={24} />}
      width={680}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => mutation.mutate(registerBody.parse(toBody(values)) as RegisterBody))}
      >
        <Stack gap="sm">
          <TextInput label={t('fields.name')} autoComplete="name" required {...form.getInputProps('name')} />
          <EmailField {...form.getInputProps('email')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NewPasswordFields
              getInputProps={form.getInputProps}
              passwordLabel={t('fields.password')}
              confirmLabel={t('fields.confirmPassword')}
            />
          </SimpleGrid>
          <PlaceFields getInputProps={form.getInputProps} required />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <GenderSelect required {...form.getInputProps('gender')} />
            <TeamSelect required {...form.getInputProps('favouriteTeam')} />
          </SimpleGrid>
          <Checkbox
            mt="xs"
            label={
              <>
                {t('register.acceptTermsPrefix')}{' '}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={700}
                  onClick={(event) => {
                    event.preventDefault();
                    terms.open();
                  }}
                >
                  {t('register.termsLink')}
                </Anchor>
              </>
            }
            {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
          />
          <Button type="submit" fullWidth mt="sm" loading={mutation.isPending}>
            {t('register.submit')}
          </Button>
          <AuthSwitch question={t('register.haveAccount')} link={t('register.loginLink')} to="/auth/login" />
        </Stack>
      </form>
      <TermsModal opened={termsOpened} onClose={terms.close} />
    </AuthCard>
  );
}
