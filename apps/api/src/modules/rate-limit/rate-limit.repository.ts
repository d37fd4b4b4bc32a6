// The `rate_limit_counters` table: one row per rule key and fixed window.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { rateLimitCounters } from '../../db/schema.js';

/** Counts one attempt in the window (one upsert); the window's count after it. */
export async function countAttempt(
  db: Db,
  key: string,
  windowStart: Date,
  windowEnd: Date,
): Promise<number> {
  const rows = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  return rows[0]?.count ?? 1;
}

/** Removes the counters of windows that ended before `now`. */
export async function deleteExpiredCounters(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
}
