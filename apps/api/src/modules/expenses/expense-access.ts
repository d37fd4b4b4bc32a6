// Who may see and change an expense (contract §5.6): current members of its group, or the
// participants (payers and split people) of a non-group expense.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { expensePayers, expenseSplits, expenses } from '../../db/schema.js';
import { ForbiddenError, NotFoundError } from '../../errors/app-errors.js';
import { isCurrentMember } from '../groups/membership.repository.js';

/** Ids are PostgreSQL integers: anything larger names no row (a 404, never a 5xx). */
export const MAX_DB_ID = 2_147_483_647;

export function isDbId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_DB_ID;
}

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
export async function findExpenseRow(
  db: Db,
  expenseId: number,
  forUpdate = false,
  includeDeleted = false,
): Promise<typeof expenses.$inferSelect | undefined> {
  if (!isDbId(expenseId)) return undefined;
  const where = includeDeleted
    ? eq(expenses.id, expenseId)
    : and(eq(expenses.id, expenseId), isNull(expenses.deletedAt));
  const q = db.select().from(expenses).where(where).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0];
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
