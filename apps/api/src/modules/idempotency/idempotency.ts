// Idempotency-Key handling for POST /expenses, /payments and /payments/settle (docs/api.md §1.10):
// the same key from the same user on the same endpoint with the same request replays the stored
// success with `Idempotent-Replayed: true`; a different request, or one still running, is a 409.
//
// Exactly once, whatever happens to the process: the write's own transaction first takes the
// key's advisory lock (held = "in progress"; it dies with the transaction or with a crashed
// process's connection), then looks for a stored outcome (replayed if found), performs the write
// and stores its response — all in that one transaction. So a stored response exists exactly when
// its write committed, and a retry after any failure either replays it or writes once.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { ConflictError, ValidationError } from '../../errors/app-errors.js';
import { findStoredKey, purgeExpiredKeys, storeKey, tryLockKey } from './idempotency.repository.js';
import type { KeyRef } from './idempotency.repository.js';
import type { KeyToStore } from './idempotency.repository.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const MSG_DIFFERENT_REQUEST =
  'This Idempotency-Key was already used for a different request.';
export const MSG_IN_PROGRESS = 'A request with this Idempotency-Key is already in progress.';
export const MSG_INVALID_KEY = 'Idempotency-Key must be 1–255 visible ASCII characters.';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Expired keys are swept after this many stored ones (amortised, shared by every process). */
const SWEEP_EVERY = 500;

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

/** A stored response to send again. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/** What a creating write returns: its own result, or the stored response of an earlier run. */
export type WriteOutcome<T> =
  { kind: 'done'; value: T } | { kind: 'replayed'; stored: StoredResponse };

/** The key of one request, used by the write that carries it. */
export interface IdempotencyScope<T> {
  readonly ref: KeyRef;
  /**
   * Inside a transaction, before anything else: 409 while another request holds the key (or the
   * key was used for a different request); the stored response when there is one.
   */
  claim(tx: Db): Promise<StoredResponse | null>;
  /** Stores the write's response in its transaction. */
  complete(tx: Db, value: T): Promise<void>;
  /** A stored answer of this key as the response to send again (409 for another request). */
  replay(stored: { requestHash: string; status: number; body: unknown }): StoredResponse;
  /** The answer to store with a write that stores it itself (ledger-guard.ts). */
  toStore(value: T, now: Date): KeyToStore;
}

let stored = 0;

/** 409: another request with the key is running. */
export function keyInProgress(): ConflictError {
  return new ConflictError('IDEMPOTENCY_CONFLICT', MSG_IN_PROGRESS);
}

/**
 * The request's Idempotency-Key as a scope for the service's write (null without a key).
 * `respond` maps the write's result to the response body that is stored.
 */
export function idempotencyScope<T>(
  request: FastifyRequest,
  endpoint: string,
  hashParts: () => readonly (string | Uint8Array)[],
  status: number,
  respond: (value: T) => unknown,
): IdempotencyScope<T> | null {
  const key = readIdempotencyKey(request);
  if (key === null) return null;
  const ref: KeyRef = { userId: request.user.id, endpoint, key };
  const hash = requestHash(request.method, endpoint, hashParts());
  const replay = (row: { requestHash: string; status: number; body: unknown }) => {
    if (row.requestHash !== hash) {
      throw new ConflictError('IDEMPOTENCY_CONFLICT', MSG_DIFFERENT_REQUEST);
    }
    return { status: row.status, body: row.body };
  };
  return {
    ref,
    replay,
    async claim(tx) {
      if (!(await tryLockKey(tx, ref))) throw keyInProgress();
      const row = await findStoredKey(tx, ref, new Date());
      if (row === undefined) return null;
      return replay({
        requestHash: row.requestHash,
        status: row.responseStatus,
        body: row.responseBody,
      });
    },
    async complete(tx, value) {
      const now = new Date();
      const ok = await storeKey(
        tx,
        ref,
        { requestHash: hash, status, body: respond(value) },
        now,
        IDEMPOTENCY_TTL_MS,
      );
      // Unreachable while the lock is held; refusing keeps the unique key the last guard.
      if (!ok) throw keyInProgress();
      if (++stored % SWEEP_EVERY === 0) await purgeExpiredKeys(tx, now);
    },
    toStore(value, now) {
      return {
        ref,
        requestHash: hash,
        status,
        body: respond(value),
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      };
    },
  };
}

/** The stored answer of a key, read outside any transaction (after a guarded write found it taken). */
export async function storedAnswer(
  db: Db,
  ref: KeyRef,
): Promise<{ requestHash: string; status: number; body: unknown } | null> {
  const row = await findStoredKey(db, ref, new Date());
  return row === undefined
    ? null
    : { requestHash: row.requestHash, status: row.responseStatus, body: row.responseBody };
}

/** Sends a write's outcome: its own result, or the stored response marked as replayed. */
export function sendOutcome<T>(
  reply: FastifyReply,
  outcome: WriteOutcome<T>,
  status: number,
  respond: (value: T) => unknown,
  /** Adjusts a stored body on replay (e.g. fresh signed links). */
  refresh: (body: unknown) => unknown = (body) => body,
): FastifyReply {
  if (outcome.kind === 'replayed') {
    return reply
      .code(outcome.stored.status)
      .header('idempotent-replayed', 'true')
      .send(refresh(outcome.stored.body));
  }
  return reply.code(status).send(respond(outcome.value));
}
