import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from './PasswordField';

/** A new password and its confirmation (sign-up, reset, change password). */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  placeholder,
  password,
  confirmPassword,
  errors,
}: {
  passwordLabel: string;
  confirmLabel: string;
  placeholder: string;
  /** The form's registration of each field. */
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: { message?: string }; confirmPassword?: { message?: string } };
}) {
  return (
    <>
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        placeholder={placeholder}
        error={errors.password?.message}
        {...password}
      />
      <PasswordField
        label={confirmLabel}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...confirmPassword}
      />
    </>
  );
}
