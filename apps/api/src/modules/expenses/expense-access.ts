// Who may see and change an expense (contract §5.6): current members of its group, or the
// participants (payers and split people) of a non-group expense.
import type { Db } from '../../db/database.js';
import { isCurrentMember } from '../groups/index.js';
import type { ExpenseRow } from './expense-access.repository.js';
import { selectExpenseRow, selectParticipantRows } from './expense-access.repository.js';

/** Ids are PostgreSQL integers: anything larger names no row (a 404, never a 5xx). */
export const MAX_DB_ID = 2_147_483_647;

export function isDbId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_DB_ID;
}

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
export async function findExpenseRow(
  db: Db,
  expenseId: number,
  forUpdate = false,
  includeDeleted = false,
): Promise<ExpenseRow | undefined> {
  if (!isDbId(expenseId)) return undefined;
  return selectExpenseRow(db, expenseId, forUpdate, includeDeleted);
}
