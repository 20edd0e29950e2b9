import { PasswordInput, SimpleGrid, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

// The fields the auth and profile forms share, with their labels and autofill hints.

/** The e-mail address (login, register, forgot password, resend confirmation). */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation('auth');
  return <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...props} />;
}

/** Mantine's PasswordInput with a translated name on its show/hide toggle. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }} {...props} />;
}

interface NewPasswordFieldsProps {
  /** The form's `getInputProps`, for its `password` and `confirmPassword` fields. */
  getInputProps: (path: 'password' | 'confirmPassword') => GetInputPropsReturnType;
  passwordLabel: string;
  confirmLabel: string;
}

/** A new password (with the policy hint) and its confirmation, as register, reset and change-password ask. */
export function NewPasswordFields({ getInputProps, passwordLabel, confirmLabel }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordField
        label={passwordLabel}
        description={t('fields.passwordHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autoComplete="new-password"
        required
        {...getInputProps('password')}
      />
      <PasswordField label={confirmLabel} autoComplete="new-password" required {...getInputProps('confirmPassword')} />
    </>
  );
}

interface PlaceFieldsProps {
  /** The form's `getInputProps`, for its `city`, `state` and `country` fields. */
  getInputProps: (path: 'city' | 'state' | 'country') => GetInputPropsReturnType;
  required?: boolean;
}

/** City, state and country side by side (register, profile). */
export function PlaceFields({ getInputProps, required = false }: PlaceFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput
        label={t('fields.city')}
        autoComplete="address-level2"
        required={required}
        {...getInputProps('city')}
      />
      <TextInput
        label={t('fields.state')}
        autoComplete="address-level1"
        required={required}
        {...getInputProps('state')}
      />
      <TextInput
        label={t('fields.country')}
        autoComplete="country-name"
        required={required}
        {...getInputProps('country')}
      />
    </SimpleGrid>
  );
}
