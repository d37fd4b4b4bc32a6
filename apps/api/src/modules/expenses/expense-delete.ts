// Deleting and restoring expenses (docs/api.md §4.4): a deleted expense is kept whole and hidden
// from every reader until the purge job removes it (modules/ledger/purge-deleted.ts).
import type { ServiceDeps } from '../../composition/service-deps.js';
import { NotFoundError } from '../../errors/app-errors.js';
import { currentMembers, findGroup, groupStanding } from '../groups/index.js';
import { applyEffect, expenseEffectDebts, expensePersonEffects } from '../ledger/index.js';
import { readRestoreFacts } from '../ledger/index.js';
import { checkRestorable, checkRestoreAccess } from '../ledger/index.js';
import {
  EXPENSE_NOT_FOUND,
  findExpenseRow,
  NO_EXPENSE_ACCESS,
  participantIds,
  requireExpenseAccess,
} from './expense-access.js';
import { recordExpense } from './expense-activity.js';
import {
  loadExpenseViews,
  markExpenseDeleted,
  participantsOfRow,
  unmarkExpenseDeleted,
} from './expense.repository.js';
import type { ExpenseView } from './expense.repository.js';

/**
 * DELETE /expenses/{id}: takes the expense's effect off the balances and hides it from every
 * reader, keeping it whole (payers, splits, comments, receipt file) so that it can be restored
 * until the purge job removes it (modules/ledger/purge-deleted.ts).
 */
export async function removeExpense(
  deps: ServiceDeps,
  callerId: number,
  expenseId: number,
): Promise<void> {
  await deps.transaction(async (tx) => {
    const row = await requireExpenseAccess(tx, expenseId, callerId, true);
    const { payers, splits } = participantsOfRow(row);
    await applyEffect(
      tx,
      row.groupId,
      { currency: row.currency, debts: expenseEffectDebts(payers, splits) },
      -1,
    );
    const group = row.groupId === null ? null : ((await findGroup(tx, row.groupId)) ?? null);
    const recipients =
      group === null
        ? await participantIds(tx, row.id)
        : (await currentMembers(tx, group.id)).map((m) => m.id);
    const old = expensePersonEffects(payers, splits);
    await markExpenseDeleted(tx, row.id, new Date());
    await recordExpense(tx, 'expense_deleted', 'deleted', callerId, {
      ...row,
      group,
      recipients,
      affected: [...old.keys()],
      myShare: (u) => -(old.get(u) ?? 0),
    });
  });
}

/**
 * POST /expenses/{id}/restore: puts a deleted expense back exactly as it was (same id, payers,
 * splits, comments, receipt, series slot) and its effect on the balances with it, in one
 * transaction with its activity row and change. Restoring a live expense answers it as it is.
 * 404 for an unknown id or one the caller was never shown, 403 for a former member of its
 * group, 409 NOT_RESTORABLE when it can no longer be written (restore-rules.ts).
 */
export function restoreExpense(
  deps: ServiceDeps,
  callerId: number,
  expenseId: number,
): Promise<ExpenseView> {
  return deps.transaction(async (tx) => {
    // The row lock first, as edits and deletes take it: one of them waits for the other.
    const row = await findExpenseRow(tx, expenseId, true, true);
    if (row === undefined) throw new NotFoundError(EXPENSE_NOT_FOUND);
    const { payers, splits } = participantsOfRow(row);
    const personIds = [...new Set([...payers, ...splits].map((p) => p.userId))];
    const standing = row.groupId === null ? null : await groupStanding(tx, row.groupId, callerId);
    checkRestoreAccess({ groupId: row.groupId, personIds }, callerId, standing, {
      notFound: EXPENSE_NOT_FOUND,
      noAccess: NO_EXPENSE_ACCESS,
    });
    if (row.deletedAt !== null) {
      const facts = await readRestoreFacts(tx, callerId, row, personIds);
      checkRestorable('expense', { ...row, personIds }, callerId, facts);
      await applyEffect(
        tx,
        row.groupId,
        { currency: row.currency, debts: expenseEffectDebts(payers, splits) },
        1,
      );
      await unmarkExpenseDeleted(tx, row.id);
      const effect = expensePersonEffects(payers, splits);
      await recordExpense(tx, 'expense_restored', 'created', callerId, {
        ...row,
        group: facts.group,
        recipients: facts.group === null ? personIds : facts.memberIds,
        affected: personIds,
        myShare: (u) => effect.get(u) ?? 0,
      });
    }
    const [view] = await loadExpenseViews(tx, [row.id]);
    if (view === undefined) throw new Error('expense vanished');
    return view;
  });
}
