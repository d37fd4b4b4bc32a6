// Stored outcomes per Idempotency-Key (table idempotency_keys, docs/api.md §1.10) and the
// transaction-scoped advisory lock that marks a key as in progress.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { idempotencyKeys } from '../../db/schema.js';
import { run, statement } from '../../db/statements.js';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export interface KeyRef {
  userId: number;
  endpoint: string;
  key: string;
}

/** The stored answer of a keyed write, written by the write statement itself. */
export interface KeyToStore {
  ref: KeyRef;
  requestHash: string;
  status: number;
  body: unknown;
  expiresAt: Date;
}

const where = (ref: KeyRef) =>
  and(
    eq(idempotencyKeys.userId, ref.userId),
    eq(idempotencyKeys.endpoint, ref.endpoint),
    eq(idempotencyKeys.key, ref.key),
  );

/** Arbitrary seed separating these advisory locks from others. */
export const KEY_LOCK_SEED = 727_450_003;

const tryLockStatement = statement<{ got: boolean }>(
  'idempotency.try_lock',
  `select pg_try_advisory_xact_lock(hashtextextended($1, ${KEY_LOCK_SEED})) as got`,
);

/**
 * Takes the key's lock for the rest of the transaction, unless another transaction holds it.
 * The lock dies with its transaction — committed, rolled back, or its connection gone with a
 * crashed process — so a key is never left "in progress".
 */
export async function tryLockKey(tx: Db, ref: KeyRef): Promise<boolean> {
  const [row] = await run(tx, tryLockStatement, [`${ref.userId}\n${ref.endpoint}\n${ref.key}`]);
  return row?.got === true;
}

/** The stored outcome of the key, unless it has expired. */
export async function findStoredKey(
  db: Db,
  ref: KeyRef,
  now: Date,
): Promise<IdempotencyRow | undefined> {
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(and(where(ref), gt(idempotencyKeys.expiresAt, now)))
    .limit(1);
  return rows[0];
}

/**
 * Stores a success in the write's transaction (replacing an expired row). False when a live row
 * exists: the unique key is the last guard against a double write.
 */
export async function storeKey(
  tx: Db,
  ref: KeyRef,
  outcome: { requestHash: string; status: number; body: unknown },
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const values = {
    requestHash: outcome.requestHash,
    responseStatus: outcome.status,
    responseBody: outcome.body,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  };
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ ...ref, ...values })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.endpoint, idempotencyKeys.key],
      set: values,
      setWhere: lt(idempotencyKeys.expiresAt, now),
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function purgeExpiredKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}
