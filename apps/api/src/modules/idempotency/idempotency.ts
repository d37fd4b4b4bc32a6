// Idempotency-Key handling for POST /expenses, /payments and /payments/settle (contract §1.10):
// the same key from the same user on the same endpoint with the same request replays the stored
// success with `Idempotent-Replayed: true`; a different request or one still running is a 409.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { ConflictError, ValidationError } from '../../errors/app-errors.js';
import { claimKey, completeKey, releaseKey } from './idempotency.repository.js';
import type { KeyRef } from './idempotency.repository.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const MSG_DIFFERENT_REQUEST =
  'This Idempotency-Key was already used for a different request.';
export const MSG_IN_PROGRESS = 'A request with this Idempotency-Key is already in progress.';
export const MSG_INVALID_KEY = 'Idempotency-Key must be 1–255 visible ASCII characters.';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header's value; null when absent. Invalid values are a 400. */
export function readIdempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (!KEY_PATTERN.test(value)) throw new ValidationError(MSG_INVALID_KEY);
  return value;
}

/** SHA-256 over method, path and the request's parts (body text, file bytes), length-prefixed. */
export function requestHash(
  method: string,
  path: string,
  parts: readonly (string | Uint8Array)[],
): string {
  const h = createHash('sha256');
  for (const part of [method, path, ...parts]) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    h.update(`${bytes.length}:`);
    h.update(bytes);
    h.update('\n');
  }
  return h.digest('hex');
}

/** Stable JSON: object keys sorted, so equal bodies hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Stores the response inside the write's own transaction (a no-op without a key). */
export type CompleteResponse = (tx: Db, status: number, body: unknown) => Promise<void>;

export interface IdempotentResult {
  status: number;
  body: unknown;
}

/**
 * Runs `handler` under the request's Idempotency-Key (when it has one) and sends its result.
 * `hashParts` is called only when a key is present. The handler passes `complete` to the service,
 * which calls it inside the writing transaction, so the stored response commits with the write;
 * without a key `complete` is null (nothing to store, so no transaction is needed for it).
 */
export async function runIdempotent(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  endpoint: string,
  hashParts: () => readonly (string | Uint8Array)[],
  handler: (complete: CompleteResponse | null) => Promise<IdempotentResult>,
  /** Adjusts a stored body on replay (e.g. fresh signed links). */
  refresh: (body: unknown) => unknown = (body) => body,
): Promise<FastifyReply> {
  const key = readIdempotencyKey(request);
  if (key === null) {
    const result = await handler(null);
    return reply.code(result.status).send(result.body);
  }
  const ref: KeyRef = { userId, endpoint, key };
  const hash = requestHash(request.method, endpoint, hashParts());
  const existing = await claimKey(db, ref, hash, new Date(), IDEMPOTENCY_TTL_MS);
  if (existing !== null) {
    if (existing.requestHash !== hash) {
      throw new ConflictError('IDEMPOTENCY_CONFLICT', MSG_DIFFERENT_REQUEST);
    }
    if (existing.state !== 'done' || existing.responseStatus === null) {
      throw new ConflictError('IDEMPOTENCY_CONFLICT', MSG_IN_PROGRESS);
    }
    return reply
      .code(existing.responseStatus)
      .header('idempotent-replayed', 'true')
      .send(refresh(existing.responseBody));
  }
  let result: IdempotentResult;
  try {
    result = await handler((tx, status, body) => completeKey(tx, ref, status, body));
  } catch (e) {
    // Only successes are stored: a failed request frees the key.
    await releaseKey(db, ref).catch(() => undefined);
    throw e;
  }
  return reply.code(result.status).send(result.body);
}
