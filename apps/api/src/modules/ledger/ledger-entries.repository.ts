// The rows of ledger entries, expenses and payments alike, by id: found (a deleted one only when
// asked), deleted the restorable way, and restored. A deleted entry keeps its row (an expense
// also its payers, splits, comments and receipt key), marked with `deleted_at`, until the purge
// job removes it (purge-deleted.ts); every reader skips it meanwhile.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { isDbId } from '../../db/ids.js';
import type { expenses, payments } from '../../db/schema.js';

/** The tables of ledger entries (both have `id` and `deleted_at`). */
export type LedgerEntryTable = typeof expenses | typeof payments;

/**
 * The entry's row, or undefined. A deleted entry (kept restorable) counts as missing unless
 * `includeDeleted` (restore and purge only): to every reader it is gone.
 */
export async function findEntryRow<T extends LedgerEntryTable>(
  db: Db,
  table: T,
  id: number,
  forUpdate: boolean,
  includeDeleted: boolean,
): Promise<T['$inferSelect'] | undefined> {
  if (!isDbId(id)) return undefined;
  const t: LedgerEntryTable = table;
  const where = includeDeleted ? eq(t.id, id) : and(eq(t.id, id), isNull(t.deletedAt));
  const q = db.select().from(t).where(where).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] as T['$inferSelect'] | undefined;
}

/** Deletes an entry the restorable way: its row stays, marked with `at`. */
export async function markEntryDeleted(
  db: Db,
  table: LedgerEntryTable,
  id: number,
  at: Date,
): Promise<void> {
  await db.update(table).set({ deletedAt: at }).where(eq(table.id, id));
}

/** Puts a deleted entry back (everything it held was kept); its row as restored. */
export async function unmarkEntryDeleted<T extends LedgerEntryTable>(
  db: Db,
  table: T,
  id: number,
  entity: 'expense' | 'payment',
): Promise<T['$inferSelect']> {
  const t: LedgerEntryTable = table;
  const [row] = await db.update(t).set({ deletedAt: null }).where(eq(t.id, id)).returning();
  if (row === undefined) throw new Error(`${entity} vanished`);
  return row as T['$inferSelect'];
}
