import { FormField, type FormFieldProps } from '../FormField';

export interface PasswordFieldProps extends Omit<FormFieldProps, 'type' | 'autoComplete'> {
  /** Which password it is, so password managers fill the saved one or offer a new one. */
  autoComplete: 'current-password' | 'new-password';
}

/**
 * Every password input of the app (sign-in, sign-up, reset, change password, e-mail change,
 * account deletion): a labelled, masked field with its error wired through aria-describedby.
 */
export function PasswordField(props: PasswordFieldProps) {
  return <FormField type="password" {...props} />;
}
