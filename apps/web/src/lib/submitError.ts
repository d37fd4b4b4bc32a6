// What a failed save tells the person (issue #13 point 2): what happened, in words, and whether
// sending the same request again can help. Creates carry an Idempotency-Key that stays the same
// while the form does (lib/idempotency), so a retry after a lost answer never saves twice.
import { ApiError } from '../api/client';

export interface SubmitProblem {
  /** What happened: "You're offline.", "The server could not be reached." or the server's words. */
  message: string;
  /** What to do next, when there is more to say than the message. */
  hint: string | null;
  /** Whether the same request may succeed if sent again (Retry is offered). */
  retryable: boolean;
}

export const MSG_OFFLINE = "You're offline.";
export const MSG_UNREACHABLE = 'The server could not be reached.';
export const HINT_CHECK_CONNECTION = 'Check your connection, then retry.';
export const HINT_CONNECT = 'Connect to the internet, then retry.';
export const HINT_RETRY_SOON = 'Retry in a moment.';
export const MSG_WENT_WRONG = 'Something went wrong.';
/** The API's words while the first request under the same Idempotency-Key still runs. */
const IN_PROGRESS = /already in progress/i;

/**
 * `online`: navigator.onLine when the request failed. A request that got no answer at all
 * (status 0), or a gateway's page instead of the API's error body (5xx without a code), is a
 * connection problem; anything the API itself answered is shown in its own words.
 */
export function describeSubmitError(error: unknown, online: boolean): SubmitProblem {
  if (error instanceof ApiError) {
    if (error.status === 0) {
      return online
        ? { message: MSG_UNREACHABLE, hint: HINT_CHECK_CONNECTION, retryable: true }
        : { message: MSG_OFFLINE, hint: HINT_CONNECT, retryable: true };
    }
    if (error.status >= 500 && error.code === null) {
      return { message: MSG_UNREACHABLE, hint: HINT_RETRY_SOON, retryable: true };
    }
    const transient =
      error.status >= 500 ||
      error.status === 408 ||
      error.status === 429 ||
      (error.status === 409 && IN_PROGRESS.test(error.message));
    return {
      message: error.message,
      hint: transient ? HINT_RETRY_SOON : null,
      retryable: transient,
    };
  }
  if (error instanceof Error && error.message) {
    return { message: error.message, hint: null, retryable: false };
  }
  return { message: MSG_WENT_WRONG, hint: null, retryable: false };
}
