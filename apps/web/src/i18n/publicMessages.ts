// The words the public pages show for what the API and core's form rules say in English
// (issue #32 point 5): the contract's English stays for other clients, and the web app picks its
// own translated sentence by error code, or by core's English sentence for a form field.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  AUTH_MESSAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@evenly/core';
import { ApiError } from '../api/client';

/** Core's sign-in and sign-up field problems, by their English sentence. */
const FIELD_MESSAGES = new Map<string, MessageDescriptor>([
  [AUTH_MESSAGES.nameRequired, msg`Please enter your name.`],
  [AUTH_MESSAGES.nameTooLong, msg`Name must be at most ${NAME_MAX_LENGTH} characters.`],
  [AUTH_MESSAGES.emailRequired, msg`Please enter your email address.`],
  [AUTH_MESSAGES.emailInvalid, msg`Please enter a valid email address.`],
  [
    AUTH_MESSAGES.passwordTooShort,
    msg`Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  ],
  [
    AUTH_MESSAGES.passwordTooLong,
    msg`Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  ],
  [AUTH_MESSAGES.passwordsDoNotMatch, msg`Passwords do not match.`],
  [AUTH_MESSAGES.loginRequired, msg`Please enter your email and password.`],
  [AUTH_MESSAGES.currentPasswordRequired, msg`Please enter your current password.`],
  [AUTH_MESSAGES.sameEmail, msg`That is already your email address.`],
]);

/** A field problem in the page's language (a sentence this table does not know is kept). */
export function fieldMessage(i18n: I18n, message: string): string {
  const descriptor = FIELD_MESSAGES.get(message);
  return descriptor === undefined ? message : i18n._(descriptor);
}

/** The API's error codes the public pages meet, in words. */
const CODE_MESSAGES: Record<string, MessageDescriptor> = {
  INVALID_CREDENTIALS: msg`Invalid email or password.`,
  EMAIL_NOT_VERIFIED: msg`Please verify your email address before logging in.`,
  EMAIL_TAKEN: msg`An account with this email already exists.`,
  REGISTRATION_CLOSED: msg`This server is not accepting new accounts.`,
  REGISTRATION_INVITE_ONLY: msg`Sign-ups on this server need an invitation. Ask a member for an invite link.`,
  ACCOUNT_DISABLED: msg`This account has been disabled by an administrator of this server.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a moment and try again.`,
  INVITE_INVALID: msg`This invite link is invalid or has been revoked.`,
  INVITE_EXPIRED: msg`This invite link has expired. Ask for a new one.`,
};

/**
 * What a failed request on a public page tells the person: the sentence for the API's error code,
 * "could not be reached" without an answer, else `fallback`. In English the API's own sentence is
 * shown for a code this table does not know (it is English already, and says more).
 */
export function apiErrorText(i18n: I18n, error: unknown, fallback: MessageDescriptor): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return i18n._(msg`The server could not be reached.`);
    const known = error.code === null ? undefined : CODE_MESSAGES[error.code];
    if (known !== undefined) return i18n._(known);
    if (i18n.locale === 'en' && error.message) return error.message;
  }
  return i18n._(fallback);
}
