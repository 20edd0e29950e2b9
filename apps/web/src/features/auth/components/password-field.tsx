import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

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
