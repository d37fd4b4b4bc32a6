// The words the public pages show for what the API and core's form rules say (issue #32 point
// 5): the contract's English stays for other clients; the web app picks its own translated
// sentence by error code, and shows core's problems (message descriptors) from the catalogs.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from '../api/client';

/**
 * A problem to show: a message descriptor (core's rules, whose `message` is the contract's
 * English, or the app's own `msg`), or a sentence already in words (what a server said).
 */
export type Problem = string | MessageDescriptor;

/** A problem in the page's language: descriptors through the catalogs, text as it is. */
export function problemText(i18n: I18n, problem: Problem): string {
  return typeof problem === 'string' ? problem : i18n._(problem);
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

/** The public pages' words for an API error code, or undefined. */
export function publicCodeMessage(code: string): MessageDescriptor | undefined {
  return CODE_MESSAGES[code];
}

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
