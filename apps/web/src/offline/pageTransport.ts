// The app's transport for offline/send.ts: through api/client, so a 401 signs out as anywhere.
import { ApiError, apiCall } from '../api/client';
import type { Transport } from './send';
import { bodyOf } from './transport';

export const pageTransport: Transport = async (request) => {
  const body = bodyOf(request);
  try {
    const answer = await apiCall(request.path, {
      method: request.method,
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
