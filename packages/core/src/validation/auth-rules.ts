// The account rules and their sentences (docs/api.md §4.1), with no schema library: the API's
// schemas (auth.ts) and the web's light form schemas (auth-forms.ts) both read them.
import { MSG_INVALID_EMAIL } from './email.js';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** A password typed to sign in (or confirm): longer ones are refused without hashing them. */
export const ENTERED_PASSWORD_MAX_LENGTH = 1000;

export const AUTH_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
  emailRequired: 'Please enter your email address.',
  emailInvalid: MSG_INVALID_EMAIL,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  passwordsDoNotMatch: 'Passwords do not match.',
  loginRequired: 'Please enter your email and password.',
  resetTokenMissing: 'Invalid password reset link: Token missing.',
  currentPasswordRequired: 'Please enter your current password.',
  sameEmail: 'That is already your email address.',
} as const;
