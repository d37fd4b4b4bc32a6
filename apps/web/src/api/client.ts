// Fetch wrapper for the same-origin API: bearer token, error body → message, 401 → sign out.
import { BASE_PATH } from '../lib/basePath';
import { clearSession, getToken } from '../lib/storage';

/** The API under the app's path prefix (lib/basePath.ts). */
export const API_BASE = `${BASE_PATH}/api`;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The error body's `details` (e.g. each problem of an uploaded file by line). */
  readonly details: { field: string; message: string }[];

  constructor(
    message: string,
    status: number,
    code: string | null = null,
    details: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The auth context subscribes here to drop the session and go to /login on any 401. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body; ignored when `form` is given. */
  body?: unknown;
  form?: FormData;
  /** Shown when the server gives no message (spec §8). */
  defaultMessage: string;
  /**
   * Without a message from the server, show the HTTP status text (e.g. `Bad Gateway` from a
   * proxy) before `defaultMessage` (spec §8, receipt scan).
   */
  statusTextFallback?: boolean;
  /** Sent as `Idempotency-Key` (creates of expenses and payments, docs/api.md §1.10). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /**
   * The session to send with instead of the stored one: the outbox sends an account's queued
   * writes with that account's token only (offline/session.ts).
   */
  token?: string;
}

function messageFrom(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

function codeFrom(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'code' in body) {
    return typeof body.code === 'string' ? body.code : null;
  }
  return null;
}

function detailsFrom(body: unknown): { field: string; message: string }[] {
  if (typeof body !== 'object' || body === null || !('details' in body)) return [];
  const { details } = body;
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) =>
    typeof d === 'object' &&
    d !== null &&
    'field' in d &&
    'message' in d &&
    typeof d.field === 'string' &&
    typeof d.message === 'string'
      ? [{ field: d.field, message: d.message }]
      : [],
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 202) {
    const text = await response.text();
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      return (await response.json()) as unknown;
    } catch {
      return null;
    }
  }
  return await response.text();
}

/** Low-level call returning status, parsed body (JSON, text, or null) and response headers. */
export async function apiCall(
  path: string,
  options: RequestOptions,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  const token = options.token ?? getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
  let payload: BodyInit | undefined;
  if (options.form) {
    payload = options.form;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: payload,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(options.defaultMessage, 0);
  }

  const body = await readBody(response);
  if (!response.ok) {
    // Only a 401 for the session still stored signs out (not a late answer to a request sent
    // before a sign-out, e.g. right after deleting the account).
    if (response.status === 401 && token && getToken() === token) {
      clearSession();
      unauthorizedListeners.forEach((listener) => listener());
    }
    const statusText =
      options.statusTextFallback === true && response.statusText.trim() !== ''
        ? response.statusText
        : null;
    throw new ApiError(
      messageFrom(body) ?? statusText ?? options.defaultMessage,
      response.status,
      codeFrom(body),
      detailsFrom(body),
    );
  }
  return { status: response.status, body, headers: response.headers };
}

/** JSON call; the caller states the expected response type. */
export async function api<T>(path: string, options: RequestOptions): Promise<T> {
  const { body } = await apiCall(path, options);
  return body as T;
}

export function errorMessage(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
