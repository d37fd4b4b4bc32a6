// What a failed friends request tells the person, in the page's language (issue #32): the
// sentence for the API's error code where the app has one, else the API's own words (or the
// caller's fallback). Codes whose English the app writes exactly as the API does.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, errorMessage } from '../../api/client';

const CODE_MESSAGES: Record<string, MessageDescriptor> = {
  FRIEND_LINK_INVALID: msg`This friend link is invalid or has been replaced.`,
  REQUEST_NOT_PENDING: msg`This friend request is no longer pending.`,
};

export function friendErrorText(i18n: I18n, error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return i18n._(msg`The server could not be reached.`);
    const known = error.code === null ? undefined : CODE_MESSAGES[error.code];
    if (known !== undefined) return i18n._(known);
  }
  return errorMessage(error, fallback);
}
