// Editing expenses (docs/api.md §4.4 PUT /expenses/{id}, and ?scope=future through the series
// code): one transaction per request that locks the row, checks the edit against the facts
// under the ledger locks, swaps the ledger effect and writes the row, its participants, activity
// and change. A receipt file the edit replaced is removed only once the edit has committed.
import { cents, checkItemRules, toCategoryId } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { certainlyRolledBack } from '../../db/transaction.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { currentMembers } from '../groups/index.js';
import type { WriteOutcome } from '../idempotency/index.js';
import type { RateLookup } from '../ledger/index.js';
import { requestRates } from '../ledger/index.js';
import type { EditGuard } from '../ledger/index.js';
import { checkUnchanged, guardedEdit, MSG_EXPENSE_EDIT_CONFLICT } from '../ledger/index.js';
import { readLedgerContext } from '../ledger/index.js';
import { expenseEffectDebts, expensePersonEffects, swapEffect } from '../ledger/index.js';
import { lockLedgerScope } from '../ledger/index.js';
import { requireExpenseAccess } from './expense-access.js';
import { recordExpense } from './expense-activity.js';
import { inLedgerCurrency } from './expense-currency.js';
import { FileOnce } from './expense-files.js';
import type { StoredItem } from './expense-items.repository.js';
import { loadExpenseItems, replaceExpenseItems } from './expense-items.repository.js';
import { storedItems } from './expense-plan.js';
import type { CheckedExpense } from './expense-rules.js';
import type { ExistingParticipants } from './expense-rules.js';
import { checkExpense, draftExpense } from './expense-rules.js';
import type { ExpenseRequest } from './expense-write-types.js';
import {
  loadExpenseViews,
  originalColumns,
  originalOfRow,
  participantsOfRow,
  replaceParticipants,
  updateExpenseRow,
} from './expense.repository.js';
import type { ExpenseRow, ExpenseView } from './expense.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'fx' | 'receipts'>;

/** Edits one expense in `tx` as PUT does (the request's receipt file only where told). */
export type EditOne = (callerId: number, expenseId: number, data: unknown) => Promise<ExpenseView>;

/**
 * Runs `edit` as one transaction; `replaced` collects the receipt keys it replaced. The request's
 * file is removed again when the edit certainly rolled back; the replaced ones go only once the
 * edit has committed.
 */
async function editWithFiles(
  deps: ServiceDeps,
  services: Collaborators,
  files: FileOnce,
  edit: (tx: Db, replaced: (string | null)[]) => Promise<WriteOutcome<ExpenseView>>,
): Promise<WriteOutcome<ExpenseView>> {
  const replaced: (string | null)[] = [];
  let outcome: WriteOutcome<ExpenseView>;
  try {
    outcome = await deps.transaction((tx) => edit(tx, replaced));
  } catch (e) {
    if (certainlyRolledBack(e)) await files.discard();
    throw e;
  }
  // The replaced file goes only once the edit has committed.
  await services.receipts.deleteFiles(replaced);
  return outcome;
}

/** PUT /expenses/{id}; `guard`: its precondition and Idempotency-Key (ledger/edit-guard.ts). */
export function updateExpense(
  deps: ServiceDeps,
  services: Collaborators,
  callerId: number,
  expenseId: number,
  request: ExpenseRequest,
  guard: EditGuard<ExpenseView>,
): Promise<WriteOutcome<ExpenseView>> {
  const files = new FileOnce(services, request.file);
  const lookup = requestRates(services.fx);
  return editWithFiles(deps, services, files, (tx, replaced) =>
    guardedEdit(tx, guard, async () => {
      const out = await updateInTransaction(
        tx,
        callerId,
        expenseId,
        request.data,
        files,
        lookup,
        guard.expectedUpdatedAt,
      );
      // Each attempt that gets this far overwrites it: the committed one's key is what remains.
      replaced[0] = out.replacedKey;
      return out.view;
    }),
  );
}

/**
 * PUT /expenses/{id}?scope=future: `edit` runs in one transaction with a helper that edits
 * one expense as PUT does (the receipt only on the first); the series code decides which.
 * `guard`'s precondition is about the first expense edited (the one named in the path).
 */
export function updateExpenses(
  deps: ServiceDeps,
  services: Collaborators,
  request: ExpenseRequest,
  edit: (tx: Db, editOne: EditOne) => Promise<ExpenseView>,
  guard: EditGuard<ExpenseView>,
): Promise<WriteOutcome<ExpenseView>> {
  const files = new FileOnce(services, request.file);
  const none = new FileOnce(services, null);
  const lookup = requestRates(services.fx);
  return editWithFiles(deps, services, files, (tx, replaced) => {
    replaced.length = 0;
    let first = true;
    return guardedEdit(tx, guard, () =>
      edit(tx, async (callerId, expenseId, data) => {
        const out = await updateInTransaction(
          tx,
          callerId,
          expenseId,
          data,
          first ? files : none,
          lookup,
          first ? guard.expectedUpdatedAt : null,
        );
        first = false;
        replaced.push(out.replacedKey);
        return out.view;
      }),
    );
  });
}

/**
 * The items an edit leaves: the ones it sent, else the stored ones while they still explain the
 * edited split (a client that knows nothing of items changes the description and keeps them;
 * one that changes the amounts makes them wrong, so they go).
 */
function itemsAfterEdit(v: CheckedExpense, before: StoredItem[]): StoredItem[] {
  if (v.input.items !== null) return storedItems(v);
  if (before.length === 0) return [];
  const issues = checkItemRules({
    ...v.input,
    items: before.map((i) => ({
      description: i.description,
      amount: cents(i.amountCents),
      userIds: i.userIds,
    })),
  });
  return issues.length === 0 ? before : [];
}

function existingOf(row: ExpenseRow): ExistingParticipants {
  return {
    groupId: row.groupId,
    currency: row.currency,
    enteredCurrency: row.originalCurrency ?? row.currency,
    ...participantsOfRow(row),
  };
}

/** PUT's body in the caller's transaction; the receipt key it replaced, if any. */
async function updateInTransaction(
  tx: Db,
  callerId: number,
  expenseId: number,
  data: unknown,
  files: FileOnce,
  lookup: RateLookup,
  expectedUpdatedAt: Date | null = null,
): Promise<{ view: ExpenseView; replacedKey: string | null }> {
  let replacedKey: string | null = null;
  // The row lock serializes concurrent edits and deletes of the same expense (§5.9).
  const row = await requireExpenseAccess(tx, expenseId, callerId, true);
  checkUnchanged(row, expectedUpdatedAt, MSG_EXPENSE_EDIT_CONFLICT);
  const existing = existingOf(row);
  const draft = draftExpense(data, existing);
  await lockLedgerScope(tx, row.groupId, callerId, draft.personIds);
  const ctx = await readLedgerContext(tx, callerId, row.groupId, draft.personIds);
  const checked = checkExpense(callerId, draft, ctx, existing, () => files.check());
  const stored = originalOfRow(row);
  const v = await inLedgerCurrency(
    checked,
    draft.data,
    checked.input.date ?? row.date,
    stored === null
      ? null
      : {
          conversion: {
            fromCurrency: stored.currency,
            originalCents: stored.amountCents,
            rate: stored.rate,
            source: stored.source,
            rateDate: stored.rateDate,
          },
          convertedCents: row.amountCents,
        },
    lookup,
  );
  const file = await files.store();
  let receiptKey = row.receiptKey;
  let receiptContentType = row.receiptContentType;
  if (file !== null) {
    replacedKey = row.receiptKey;
    receiptKey = file.key;
    receiptContentType = file.contentType;
  } else if (v.input.removeReceipt) {
    replacedKey = row.receiptKey;
    receiptKey = null;
    receiptContentType = null;
  }
  await swapEffect(
    tx,
    row.groupId,
    { currency: row.currency, debts: expenseEffectDebts(existing.payers, existing.splits) },
    { currency: v.currency, debts: expenseEffectDebts(v.payers, v.splits) },
  );
  const updated = await updateExpenseRow(tx, row.id, {
    description: v.input.description,
    amountCents: v.input.amount,
    currency: v.currency,
    date: v.input.date ?? row.date,
    splitType: v.input.splitType,
    notes: v.input.notes,
    // Not given: the edit keeps the category (clients that predate categories lose nothing).
    category: v.input.category ?? toCategoryId(row.category),
    receiptKey,
    receiptContentType,
    updatedAt: new Date(),
    ...originalColumns(v.original),
  });
  await replaceParticipants(tx, row.id, v.payers, v.splits);
  const before = await loadExpenseItems(tx, row.id);
  const after = itemsAfterEdit(v, before);
  if (before.length > 0 || after.length > 0) await replaceExpenseItems(tx, row.id, after);
  const oldEffects = expensePersonEffects(existing.payers, existing.splits);
  const newEffects = expensePersonEffects(v.payers, v.splits);
  const recipients =
    v.group === null
      ? [...new Set([...oldEffects.keys(), ...newEffects.keys()])]
      : (await currentMembers(tx, v.group.id)).map((m) => m.id);
  await recordExpense(tx, 'expense_updated', 'updated', callerId, {
    ...updated,
    group: v.group,
    recipients,
    affected: [...oldEffects.keys(), ...newEffects.keys()],
    myShare: (u) => (newEffects.get(u) ?? 0) - (oldEffects.get(u) ?? 0),
  });
  const [out] = await loadExpenseViews(tx, [row.id]);
  if (out === undefined) throw new Error('expense vanished');
  return { view: out, replacedKey };
}
