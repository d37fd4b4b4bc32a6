// The words the signed-in app shows for what the API says in English (issue #32): the app's own
// sentence by error code, then the public pages' codes (apiErrorText), then the caller's fallback.
// In English, a code neither table knows shows the API's own sentence.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from '../api/client';
import { apiErrorText } from '../i18n/publicMessages';

/** The API's error codes the signed-in screens meet, in words. Extend it by code. */
const APP_CODE_MESSAGES: Record<string, MessageDescriptor> = {
  WRONG_PASSWORD: msg`Your current password is incorrect.`,
  OUTSTANDING_BALANCE: msg`You still have outstanding balances. Settle up first, or confirm to delete anyway.`,
  SESSION_REQUIRED: msg`API tokens cannot manage API tokens, the password, the e-mail address or the account. Sign in to do this.`,
  TOKEN_READ_ONLY: msg`This API token is read-only: it may only read (GET and HEAD requests).`,
  FRIEND_LINK_INVALID: msg`This friend link is invalid or has been replaced.`,
  NOT_ADMIN: msg`Only administrators of this server can do this.`,
  SELF_ACTION: msg`You cannot do this to your own account here.`,
  ALREADY_VERIFIED: msg`This address is already verified.`,
  CONFIGURED_ADMIN: msg`This person is an administrator through ADMIN_EMAILS: change that setting on the server to remove them.`,
  LAST_ADMIN: msg`You are the last administrator: make someone else an administrator first.`,
  CLAIM_UNAVAILABLE: msg`Only the one account of a new server without an administrator can claim the role, and only once.`,
};

/**
 * What a failed request in the app tells the person, in the page's language: the sentence for the
 * API's error code, else what the public pages say (unreachable server, their codes), else the
 * API's English sentence in English and `fallback` in other languages.
 */
export function appErrorText(i18n: I18n, error: unknown, fallback: MessageDescriptor): string {
  if (error instanceof ApiError && error.code !== null) {
    const known = APP_CODE_MESSAGES[error.code];
    if (known !== undefined) return i18n._(known);
  }
  if (!(error instanceof ApiError) && i18n.locale === 'en' && error instanceof Error) {
    return error.message || i18n._(fallback);
  }
  return apiErrorText(i18n, error, fallback);
}
