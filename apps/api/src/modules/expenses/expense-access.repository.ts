// The participants expense-access.ts decides on (the row itself: ledger-entries.repository.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { expensePayers, expenseSplits } from '../../db/schema.js';

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
