// Merging a guest into a member of its group (claim, or a member's merge): afterwards every entry
// of the group that named the guest names the member instead, and the guest is gone.
//
// Invariants (apps/api/test/guest-merge-property.test.ts): nets sum to 0 and the stored running
// totals equal a recomputation from the stored rows (the rows stay the source of truth, so later
// edits and deletes reverse exactly what they added); the member's group net in every currency =
// their net before + the guest's, and everyone else's is unchanged — exactly, except where an
// expense with several payers names both: its combined share is spread over the payers as one
// amount (expenseDebts), which can move rounding cents between the payers.
import { cents, expenseDebts, formatMinor, paymentDebt } from '@evenly/core';
import type { Cents, Debt } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { applyDebts } from '../../db/pair-slots.js';
import { noteChange } from '../../db/transaction.js';
import { renameItemPeople, replaceParticipants } from '../expenses/index.js';
import {
  clearGroupPairBalances,
  deletePaymentsBetween,
  expensesNamingUser,
  liveExpenseAmounts,
  livePaymentAmounts,
  removeMergedGuest,
  renamePaymentParty,
  seriesNamingUser,
  updateMergedExpense,
  updateSeriesTemplate,
} from './guest-merge.repository.js';

export interface MergeRequest {
  groupId: number;
  guestId: number;
  intoUserId: number;
}

export interface MergeOutcome {
  /** Expenses whose payers or splits changed. */
  expenseIds: number[];
  /** Payments between the two, deleted. */
  deletedPaymentIds: number[];
  /** Payments that named the guest and now name the member. */
  paymentIds: number[];
}

interface Slots {
  userIds: number[];
  /** Parallel numeric lists (amounts), each summed where two entries combine. */
  lists: (number[] | null)[];
}

/**
 * `ids` with `from` renamed `to`; where both appear, the later entry is folded into the earlier
 * (the numbers of every list summed). `combined` tells whether that happened.
 */
export function renameAndCombine(
  slots: Slots,
  from: number,
  to: number,
): Slots & { combined: boolean; keptIndexes: number[] } {
  const userIds: number[] = [];
  const lists: (number[] | null)[] = slots.lists.map((l) => (l === null ? null : []));
  const keptIndexes: number[] = [];
  let combined = false;
  slots.userIds.forEach((raw, i) => {
    const id = raw === from ? to : raw;
    const at = userIds.indexOf(id);
    if (at === -1) {
      userIds.push(id);
      keptIndexes.push(i);
      slots.lists.forEach((l, k) => lists[k]?.push(l?.[i] ?? 0));
      return;
    }
    combined = true;
    slots.lists.forEach((l, k) => {
      const out = lists[k];
      if (out !== undefined && out !== null) out[at] = (out[at] ?? 0) + (l?.[i] ?? 0);
    });
  });
  return { userIds, lists, combined, keptIndexes };
}

async function mergeExpenses(tx: Db, req: MergeRequest, at: Date): Promise<number[]> {
  const { groupId, guestId, intoUserId } = req;
  const named = await expensesNamingUser(tx, groupId, guestId);
  for (const e of named) {
    const payers = renameAndCombine(
      { userIds: e.payerUserIds, lists: [e.payerAmounts, e.originalPayerAmounts] },
      guestId,
      intoUserId,
    );
    const splits = renameAndCombine(
      { userIds: e.splitUserIds, lists: [e.splitOwed, e.originalSplitOwed] },
      guestId,
      intoUserId,
    );
    const owed = splits.lists[0] ?? [];
    const originalOwed = splits.lists[1] ?? null;
    // Two shares become one: the split is EXACT with the stored amounts, so nothing re-rounds.
    const valueCurrency = e.originalCurrency ?? e.currency;
    const values: (string | null)[] = splits.combined
      ? owed.map((c, i) => formatMinor(originalOwed?.[i] ?? c, valueCurrency))
      : splits.keptIndexes.map((i) => e.splitValues[i] ?? null);
    await replaceParticipants(
      tx,
      e.id,
      payers.userIds.map((userId, i) => ({
        userId,
        amountPaidCents: payers.lists[0]?.[i] ?? 0,
      })),
      splits.userIds.map((userId, i) => ({
        userId,
        owedCents: owed[i] ?? 0,
        value: values[i] ?? null,
      })),
    );
    await renameItemPeople(tx, e.id, guestId, intoUserId);
    await updateMergedExpense(tx, e.id, {
      splitType: splits.combined ? 'EXACT' : e.splitType,
      originalPayerAmounts: payers.lists[1] ?? null,
      originalSplitOwed: originalOwed,
      updatedAt: at,
    });
  }
  return named.map((e) => e.id);
}

async function mergePayments(
  tx: Db,
  req: MergeRequest,
): Promise<{ deleted: number[]; renamed: number[] }> {
  const { groupId, guestId, intoUserId } = req;
  const deleted = await deletePaymentsBetween(tx, groupId, guestId, intoUserId);
  const renamed = await renamePaymentParty(tx, groupId, guestId, intoUserId);
  return {
    deleted,
    renamed: [...new Set([...renamed.asPayer, ...renamed.asPayee])],
  };
}

/** Adds decimal strings or numbers exactly enough for template values (amounts, shares, %). */
function addDecimal(a: unknown, b: unknown): string | number | null {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return null;
  const sum = Number(a ?? 0) + Number(b ?? 0);
  return Number.isFinite(sum) ? Number(sum.toFixed(6)) : ((a as string | number | null) ?? null);
}

function mergeTemplateList(list: unknown, guestId: number, intoUserId: number, key: string) {
  if (!Array.isArray(list)) return list;
  const out: Record<string, unknown>[] = [];
  for (const item of list) {
    const r = { ...(item as Record<string, unknown>) };
    if (Number(r['userId']) === guestId) r['userId'] = intoUserId;
    const existing = out.find((o) => Number(o['userId']) === Number(r['userId']));
    if (existing === undefined) out.push(r);
    else existing[key] = addDecimal(existing[key], r[key]);
  }
  return out;
}

async function mergeSeries(tx: Db, req: MergeRequest, at: Date): Promise<void> {
  const rows = await seriesNamingUser(tx, req.groupId, req.guestId);
  for (const row of rows) {
    const t = { ...(row.template as Record<string, unknown>) };
    t['payers'] = mergeTemplateList(t['payers'], req.guestId, req.intoUserId, 'amountPaid');
    t['splits'] = mergeTemplateList(t['splits'], req.guestId, req.intoUserId, 'value');
    await updateSeriesTemplate(tx, row.id, t, at);
  }
}

/**
 * Rebuilds the running pairwise totals of one group from its stored (live) expenses and payments,
 * with the functions every write uses (expenseDebts, paymentDebt). Deleted ones were renamed
 * like the others above and count again once restored.
 */
export async function recomputeGroupPairs(tx: Db, groupId: number): Promise<void> {
  const exp = await liveExpenseAmounts(tx, groupId);
  const pays = await livePaymentAmounts(tx, groupId);
  // currency → "low:high" → net (+ = high owes low)
  const nets = new Map<string, Map<string, number>>();
  const add = (currency: string, d: Debt) => {
    let m = nets.get(currency);
    if (m === undefined) nets.set(currency, (m = new Map()));
    const low = Math.min(d.from, d.to);
    const high = Math.max(d.from, d.to);
    const key = `${String(low)}:${String(high)}`;
    m.set(key, (m.get(key) ?? 0) + (d.from === high ? d.cents : -d.cents));
  };
  for (const e of exp) {
    const debts = expenseDebts(
      e.payer_user_ids.map((userId, i) => ({
        userId,
        paidCents: cents(Number(e.payer_amounts[i] ?? 0)),
      })),
      e.split_user_ids.map((userId, i) => ({
        userId,
        owedCents: cents(Number(e.split_owed[i] ?? 0)),
      })),
    );
    for (const d of debts) add(e.currency, d);
  }
  for (const p of pays) {
    add(p.currency, paymentDebt(p.paid_by_id, p.paid_to_id, cents(Number(p.amount))));
  }
  await clearGroupPairBalances(tx, groupId);
  for (const [currency, pairs] of nets) {
    const debts: Debt[] = [];
    for (const [key, net] of pairs) {
      if (net === 0) continue;
      const [low = 0, high = 0] = key.split(':').map(Number);
      debts.push(
        net > 0
          ? { from: high, to: low, cents: net as Cents }
          : { from: low, to: high, cents: -net as Cents },
      );
    }
    if (debts.length > 0) await applyDebts(tx, groupId, currency, debts, 1);
  }
}

/**
 * Merges the guest into `intoUserId` (a current account member) in the caller's transaction,
 * which must hold the group's row lock (GroupService.lockForMember): entries, series, running
 * totals, then the guest's membership and user row; notes the changes for `recipients` (the
 * group's accounts).
 */
export async function mergeGuestInto(
  tx: Db,
  req: MergeRequest,
  recipients: readonly number[],
  at: Date = new Date(),
): Promise<MergeOutcome> {
  const expenseIds = await mergeExpenses(tx, req, at);
  const pays = await mergePayments(tx, req);
  await mergeSeries(tx, req, at);
  await recomputeGroupPairs(tx, req.groupId);
  await removeMergedGuest(tx, req.groupId, req.guestId);
  const affected = [req.guestId, req.intoUserId];
  const base = { groupId: req.groupId, recipients, affected, at };
  for (const id of expenseIds)
    noteChange(tx, { ...base, entity: 'expense', action: 'updated', id });
  for (const id of pays.deleted)
    noteChange(tx, { ...base, entity: 'payment', action: 'deleted', id });
  for (const id of pays.renamed)
    noteChange(tx, { ...base, entity: 'payment', action: 'updated', id });
  noteChange(tx, { ...base, entity: 'group', action: 'updated', id: req.groupId });
  return { expenseIds, deletedPaymentIds: pays.deleted, paymentIds: pays.renamed };
}
