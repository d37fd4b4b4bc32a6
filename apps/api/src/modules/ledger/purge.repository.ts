// The purge of deleted entries (purge-deleted.ts): one batch per statement, rows locked by others
// (a restore in progress) skipped.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';

/** Deletes up to `limit` expenses deleted before `cutoff`; their receipt keys. */
export async function purgeExpenseBatch(
  tx: Db,
  cutoff: Date,
  limit: number,
): Promise<(string | null)[]> {
  const rows = await queryRows<{ receipt_key: string | null }>(
    tx,
    sql`delete from expenses where id in (
          select id from expenses
           where deleted_at is not null and deleted_at < ${cutoff.toISOString()}::timestamptz
           order by deleted_at, id limit ${limit}
             for update skip locked)
        returning receipt_key`,
  );
  return rows.map((r) => r.receipt_key);
}

/**
 * Deletes up to `limit` payments deleted before `cutoff`, with the other payment of each currency
 * exchange among them; how many rows went.
 */
export async function purgePaymentBatch(tx: Db, cutoff: Date, limit: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`with picked as (
          select id, exchange_id from payments
           where deleted_at is not null and deleted_at < ${cutoff.toISOString()}::timestamptz
           order by deleted_at, id limit ${limit}
             for update skip locked)
        delete from payments p
         where p.id in (select id from picked)
            or (p.deleted_at is not null and p.exchange_id in
                  (select exchange_id from picked where exchange_id is not null))
        returning p.id`,
  );
  return rows.length;
}
