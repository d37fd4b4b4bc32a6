// Transports for offline/send.ts: how one queued request goes over the wire.
import { BASE_PATH } from '../lib/basePath';
import type { Transport, TransportAnswer } from './send';

type Request = Parameters<Transport>[0];

/** The body as the app sends it: expenses as multipart (expenseData + receiptFile), else JSON. */
export function bodyOf(request: Request): FormData | string | undefined {
  if (request.json === null) return undefined;
  if (!request.multipart) return request.json;
  const form = new FormData();
  form.append('expenseData', request.json);
  if (request.file !== null) {
    const blob = new Blob([request.file.bytes], { type: request.file.type });
    form.append('receiptFile', blob, request.file.name);
  }
  return form;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/**
 * Plain `fetch` with a bearer token: the service worker's transport (it has no access to the
 * page's storage, so the session is kept for it in IndexedDB).
 */
export function fetchTransport(
  token: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Transport {
  return async (request): Promise<TransportAnswer | null> => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
    };
    if (request.idempotencyKey !== null) headers['Idempotency-Key'] = request.idempotencyKey;
    const body = bodyOf(request);
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(`${BASE_PATH}/api${request.path}`, {
        method: request.method,
        headers,
        body,
        cache: 'no-store',
      });
    } catch {
      return null;
    }
    return { status: response.status, body: await readJson(response) };
  };
}
