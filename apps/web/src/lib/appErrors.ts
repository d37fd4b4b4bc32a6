// The words the signed-in app shows for what the API says in English (issue #32): the app's own
// sentence by error code, then the public pages' codes (apiErrorText), then the caller's fallback.
// Every code the API sends has words here (apiErrorCodes.test.ts); in English, the general codes
// show the API's own sentence, which says more.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from '../api/client';
import { apiErrorText, publicCodeMessage } from '../i18n/publicMessages';

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
 * The other codes (docs/api.md §1.6), in general words. In English the API's own sentence says
 * more (which field, which rule) and is shown instead; in other languages these replace it.
 */
const GENERAL_CODE_MESSAGES: Record<string, MessageDescriptor> = {
  VALIDATION_FAILED: msg`Some of what you entered is not valid. Please check it and try again.`,
  INVALID_JSON: msg`The app sent a request the server could not read. Please reload the page and try again.`,
  INVALID_TOKEN: msg`This link is invalid, has expired or was already used.`,
  OIDC_CODE_INVALID: msg`This sign-in has expired or was already used. Please start again.`,
  OIDC_NOT_CONFIGURED: msg`Single sign-on is not set up on this server.`,
  PASSWORD_SIGN_IN_OFF: msg`This server signs people in with single sign-on only.`,
  NOT_FRIENDS: msg`You need to be friends with this person first.`,
  NOT_GROUP_MEMBER: msg`Someone you chose is not a member of this group.`,
  UNAUTHENTICATED: msg`Please sign in to continue.`,
  FORBIDDEN: msg`You are not allowed to do this.`,
  NOT_YOUR_GUEST: msg`Only the person who added this guest can do this.`,
  NOT_FOUND: msg`This could not be found. It may have been deleted.`,
  CONFLICT: msg`This could not be done as things stand now. Please reload and try again.`,
  ALREADY_FRIENDS: msg`You are already friends.`,
  REQUEST_EXISTS: msg`There is already a friend request between you.`,
  REQUEST_NOT_PENDING: msg`This friend request has already been answered.`,
  ALREADY_MEMBER: msg`This person is already a member of the group.`,
  LAST_MEMBER: msg`You are the last member of this group.`,
  CURRENCY_LOCKED: msg`The group's currency cannot change once it has expenses or payments.`,
  IDEMPOTENCY_CONFLICT: msg`This request was already sent with different content. Please reload and try again.`,
  EDIT_CONFLICT: msg`Someone else changed this in the meantime. Please reload to see their changes.`,
  HAS_ACCOUNT: msg`This guest already has an account.`,
  NOT_RESTORABLE: msg`This can no longer be restored.`,
  ALREADY_IMPORTED: msg`This file has already been imported into the group.`,
  ENDPOINT_TAKEN: msg`This device already receives notifications for another account.`,
  PUSH_ENDPOINT_REFUSED: msg`This browser's notification service is not accepted by this server.`,
  PAYLOAD_TOO_LARGE: msg`The file is too large.`,
  UNSUPPORTED_MEDIA_TYPE: msg`This kind of file is not supported.`,
  UNREADABLE_RECEIPT: msg`The receipt could not be read.`,
  INTERNAL: msg`Something went wrong on our side. Please try again.`,
  NOT_READY: msg`The server is not ready right now. Please try again in a moment.`,
  BUSY: msg`The server is busy right now. Please try again in a moment.`,
  RATES_UNAVAILABLE: msg`Exchange rates cannot be fetched right now. Please try again later.`,
};

/** The app's words for an API error code, or undefined when the app has none. */
export function codeMessage(code: string): MessageDescriptor | undefined {
  return APP_CODE_MESSAGES[code] ?? publicCodeMessage(code) ?? GENERAL_CODE_MESSAGES[code];
}

/**
 * What a failed request in the app tells the person, in the page's language: the sentence for the
 * API's error code, else what the public pages say (unreachable server, their codes), else the
 * API's English sentence in English and `fallback` in other languages.
 */
export function appErrorText(i18n: I18n, error: unknown, fallback: MessageDescriptor): string {
  if (error instanceof ApiError && error.code !== null) {
    const known = APP_CODE_MESSAGES[error.code];
    if (known !== undefined) return i18n._(known);
    const general = GENERAL_CODE_MESSAGES[error.code];
    if (general !== undefined && i18n.locale !== 'en') return i18n._(general);
  }
  if (!(error instanceof ApiError) && i18n.locale === 'en' && error instanceof Error) {
    return error.message || i18n._(fallback);
  }
  return apiErrorText(i18n, error, fallback);
}
