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
  nameRequired: /*i18n*/ { id: 'auth.nameRequired', message: 'Please enter your name.' },
  nameTooLong: /*i18n*/ {
    id: 'auth.nameTooLong',
    message: 'Name must be at most {NAME_MAX_LENGTH} characters.',
    values: { NAME_MAX_LENGTH },
  },
  emailRequired: /*i18n*/ { id: 'auth.emailRequired', message: 'Please enter your email address.' },
  emailInvalid: MSG_INVALID_EMAIL,
  passwordTooShort: /*i18n*/ {
    id: 'auth.passwordTooShort',
    message: 'Password must be at least {PASSWORD_MIN_LENGTH} characters long.',
    values: { PASSWORD_MIN_LENGTH },
  },
  passwordTooLong: /*i18n*/ {
    id: 'auth.passwordTooLong',
    message: 'Password must be at most {PASSWORD_MAX_LENGTH} characters long.',
    values: { PASSWORD_MAX_LENGTH },
  },
  passwordsDoNotMatch: /*i18n*/ {
    id: 'auth.passwordsDoNotMatch',
    message: 'Passwords do not match.',
  },
  loginRequired: /*i18n*/ {
    id: 'auth.loginRequired',
    message: 'Please enter your email and password.',
  },
  resetTokenMissing: /*i18n*/ {
    id: 'auth.resetTokenMissing',
    message: 'Invalid password reset link: Token missing.',
  },
  currentPasswordRequired: /*i18n*/ {
    id: 'auth.currentPasswordRequired',
    message: 'Please enter your current password.',
  },
  sameEmail: /*i18n*/ { id: 'auth.sameEmail', message: 'That is already your email address.' },
} as const;
