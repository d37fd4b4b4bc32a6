// The rows expense-access.ts decides on: an expense and its participants.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { expensePayers, expenseSplits, expenses } from '../../db/schema.js';

export type ExpenseRow = typeof expenses.$inferSelect;

/** User ids of the expense's payers and of its splits, in that order (with repeats). */
export async function selectParticipantRows(
  db: Db,
  expenseId: number,
): Promise<{ userId: number }[]> {
  const payers = await db
    .select({ userId: expensePayers.userId })
    .from(expensePayers)
    .where(eq(expensePayers.expenseId, expenseId));
  const splits = await db
    .select({ userId: expenseSplits.userId })
    .from(expenseSplits)
    .where(eq(expenseSplits.expenseId, expenseId));
  return [...payers, ...splits];
}

/** The expense row (locked FOR UPDATE when asked); deleted rows only with `includeDeleted`. */
export async function selectExpenseRow(
  db: Db,
  expenseId: number,
  forUpdate: boolean,
  includeDeleted: boolean,
): Promise<ExpenseRow | undefined> {
  const where = includeDeleted
    ? eq(expenses.id, expenseId)
    : and(eq(expenses.id, expenseId), isNull(expenses.deletedAt));
  const q = db.select().from(expenses).where(where).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0];
}
