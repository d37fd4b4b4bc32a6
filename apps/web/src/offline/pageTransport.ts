// The app's transport for offline/send.ts: through api/client, so a 401 signs out as anywhere.
// Each transport is bound to one account: it sends only with that account's session.
import { ApiError, apiCall } from '../api/client';
import { getToken } from '../lib/storage';
import type { Transport } from './send';
import { tokenFor } from './session';
import { bodyOf } from './transport';

/**
 * What a send answers when the device's session is not the account's (signed out, or another
 * account signed in in another tab): nothing went out; the flush stops as signed out and the
 * account's writes wait until it signs in again.
 */
export const NOT_THIS_ACCOUNT = {
  status: 401,
  body: { code: 'UNAUTHENTICATED', message: 'Please log in to continue.' },
};

/** Sends `userId`'s writes with `userId`'s session, read afresh for every request. */
export function pageTransportFor(userId: number): Transport {
  return async (request) => {
    const token = tokenFor(userId, getToken());
    if (token === null) return NOT_THIS_ACCOUNT;
    const body = bodyOf(request);
    try {
      const answer = await apiCall(request.path, {
        method: request.method,
        token,
        ...(typeof body === 'string' ? { body: JSON.parse(body) as unknown } : {}),
        ...(body instanceof FormData ? { form: body } : {}),
        ...(request.idempotencyKey === null ? {} : { idempotencyKey: request.idempotencyKey }),
        // No message of the server's: the caller says what failed (offline/writes.ts).
        defaultMessage: '',
      });
      return { status: answer.status, body: answer.body };
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 0) return null;
        return { status: error.status, body: { code: error.code, message: error.message } };
      }
      if (error instanceof DOMException && error.name === 'AbortError') return null;
      throw error;
    }
  };
}
