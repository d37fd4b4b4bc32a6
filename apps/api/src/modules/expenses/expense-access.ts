// Who may see and change an expense (docs/api.md §5.6): current members of its group, or the
// participants (payers and split people) of a non-group expense.
import type { Db } from '../../db/database.js';
import { expenses } from '../../db/schema.js';
import { ForbiddenError, NotFoundError } from '../../errors/app-errors.js';
import { isCurrentMember } from '../groups/index.js';
import { findEntryRow } from '../ledger/index.js';
import { selectParticipantRows } from './expense-access.repository.js';

export { isDbId, MAX_DB_ID } from '../../db/ids.js';

export const EXPENSE_NOT_FOUND = 'Expense not found.';
export const NO_EXPENSE_ACCESS = 'You do not have access to this expense.';

export async function participantIds(db: Db, expenseId: number): Promise<number[]> {
  return [...new Set((await selectParticipantRows(db, expenseId)).map((r) => r.userId))];
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
