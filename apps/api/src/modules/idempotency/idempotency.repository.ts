// Stored outcomes per Idempotency-Key (table idempotency_keys, contract §1.10).
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { idempotencyKeys } from '../../db/schema.js';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export interface KeyRef {
  userId: number;
  endpoint: string;
  key: string;
}

const where = (ref: KeyRef) =>
  and(
    eq(idempotencyKeys.userId, ref.userId),
    eq(idempotencyKeys.endpoint, ref.endpoint),
    eq(idempotencyKeys.key, ref.key),
  );

/** Claims the key for a running request; returns the existing row when it is already taken. */
export async function claimKey(
  db: Db,
  ref: KeyRef,
  requestHash: string,
  now: Date,
  ttlMs: number,
): Promise<IdempotencyRow | null> {
  // An expired row no longer counts.
  await db.delete(idempotencyKeys).where(and(where(ref), lt(idempotencyKeys.expiresAt, now)));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      ...ref,
      requestHash,
      state: 'running',
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) return null;
  const rows = await db.select().from(idempotencyKeys).where(where(ref)).limit(1);
  return rows[0] ?? null;
}

export async function completeKey(
  db: Db,
  ref: KeyRef,
  status: number,
  body: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: status, responseBody: body })
    .where(where(ref));
}

export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db.delete(idempotencyKeys).where(and(where(ref), eq(idempotencyKeys.state, 'running')));
}

export async function purgeExpiredKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.expiresAt} < ${now}`);
}
