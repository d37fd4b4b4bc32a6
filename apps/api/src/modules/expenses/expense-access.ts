// Who may see and change an expense (contract §5.6): current members of its group, or the
// participants (payers and split people) of a non-group expense.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { expensePayers, expenseSplits, expenses } from '../../db/schema.js';
import { ForbiddenError, NotFoundError } from '../../errors/app-errors.js';
import { isCurrentMember } from '../groups/membership.repository.js';
import { findEntryRow } from '../ledger/ledger-entries.repository.js';

export { isDbId, MAX_DB_ID } from '../../db/ids.js';

export const EXPENSE_NOT_FOUND = 'Expense not found.';
export const NO_EXPENSE_ACCESS = 'You do not have access to this expense.';

export async function participantIds(db: Db, expenseId: number): Promise<number[]> {
  const payers = await db
    .select({ userId: expensePayers.userId })
    .from(expensePayers)
    .where(eq(expensePayers.expenseId, expenseId));
  const splits = await db
    .select({ userId: expenseSplits.userId })
    .from(expenseSplits)
    .where(eq(expenseSplits.expenseId, expenseId));
  return [...new Set([...payers, ...splits].map((r) => r.userId))];
}

export async function canSeeExpense(
  db: Db,
  expense: { id: number; groupId: number | null },
  userId: number,
): Promise<boolean> {
  if (expense.groupId !== null) return isCurrentMember(db, expense.groupId, userId);
  return (await participantIds(db, expense.id)).includes(userId);
}

/**
 * The expense row, or undefined. A deleted expense (kept restorable, see schema.ts) counts as
 * missing unless `includeDeleted` (restore and purge only): to every reader it is gone.
 */
export function findExpenseRow(
  db: Db,
  expenseId: number,
  forUpdate = false,
  includeDeleted = false,
): Promise<typeof expenses.$inferSelect | undefined> {
  return findEntryRow(db, expenses, expenseId, forUpdate, includeDeleted);
}

/** The expense row when `userId` may see (and so edit) it; 404 / 403 otherwise. */
export async function requireExpenseAccess(
  db: Db,
  expenseId: number,
  userId: number,
  forUpdate = false,
): Promise<typeof expenses.$inferSelect> {
  const row = await findExpenseRow(db, expenseId, forUpdate);
  if (row === undefined) throw new NotFoundError(EXPENSE_NOT_FOUND);
  if (!(await canSeeExpense(db, row, userId))) throw new ForbiddenError(NO_EXPENSE_ACCESS);
  return row;
}
