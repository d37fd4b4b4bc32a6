// What a failed save tells the person (issue #13 point 2): what happened, in words, and whether
// sending the same request again can help. Creates carry an Idempotency-Key that stays the same
// while the form does (lib/idempotency), so a retry after a lost answer never saves twice.
import { t } from '@lingui/core/macro';
import { ApiError } from '../api/client';

export interface SubmitProblem {
  /** What happened: "You're offline.", "The server could not be reached." or the server's words. */
  message: string;
  /** What to do next, when there is more to say than the message. */
  hint: string | null;
  /** Whether the same request may succeed if sent again (Retry is offered). */
  retryable: boolean;
}

/** The English of the messages below (tests compare with them). */
export const MSG_OFFLINE = "You're offline.";
export const MSG_UNREACHABLE = 'The server could not be reached.';
/** The API's words while the first request under the same Idempotency-Key still runs. */
const IN_PROGRESS = /already in progress/i;

/**
 * `online`: navigator.onLine when the request failed. A request that got no answer at all
 * (status 0), or a gateway's page instead of the API's error body (5xx without a code), is a
 * connection problem; anything the API itself answered is shown in its own words.
 */
export function describeSubmitError(error: unknown, online: boolean): SubmitProblem {
  const unreachable = t`The server could not be reached.`;
  const later = t`Retry in a moment.`;
  if (error instanceof ApiError) {
    if (error.status === 0) {
      return online
        ? { message: unreachable, hint: t`Check your connection, then retry.`, retryable: true }
        : {
            message: t`You're offline.`,
            hint: t`Connect to the internet, then retry.`,
            retryable: true,
          };
    }
    if (error.status >= 500 && error.code === null) {
      return { message: unreachable, hint: later, retryable: true };
    }
    const transient =
      error.status >= 500 ||
      error.status === 408 ||
      error.status === 429 ||
      (error.status === 409 && IN_PROGRESS.test(error.message));
    return {
      message: error.message,
      hint: transient ? later : null,
      retryable: transient,
    };
  }
  if (error instanceof Error && error.message) {
    return { message: error.message, hint: null, retryable: false };
  }
  return { message: t`Something went wrong.`, hint: null, retryable: false };
}
