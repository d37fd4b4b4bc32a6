// The request bodies an import row becomes (issue #14, #31 point 6): expenses and payments in the
// row's currency whose effects on each person are the row's to the cent, or, for a row of
// Evenly's own export with an original cost, the same entry entered again as it was first
// entered (original currency and cost, the converted cost as `convertedAmount`), with original
// parts that convert back to exactly the row's cents. When no such parts exist (an original
// currency coarser than the converted one can miss a cent, or a row several people paid for that
// becomes more than one expense), the row is imported in its own currency only, as a Splitwise
// row: its effects are kept, its original cost is not. No I/O here.
import { formatMinor, originalPartsFor } from '@evenly/core';
import type { ExpensePlan } from './splitwise-plans.js';
import { expensePlans, paymentPlans } from './splitwise-plans.js';
import type { SplitwiseRow } from './splitwise-format.js';

/** Person column index → user id. */
export type IdOf = (index: number) => number;

interface EntryContext {
  groupId: number;
  idOf: IdOf;
}

function description(r: SplitwiseRow): string {
  return (r.description === '' ? 'Imported expense' : r.description).slice(0, 255);
}

/** A plan as entered in the row's currency (EXACT split). */
function plainExpense(r: SplitwiseRow, plan: ExpensePlan, c: EntryContext) {
  return {
    groupId: c.groupId,
    description: description(r),
    amount: formatMinor(plan.amountCents, r.currency),
    currency: r.currency,
    date: r.date,
    category: r.category,
    splitType: 'EXACT',
    payers: plan.payers.map((p) => ({
      userId: c.idOf(p.index),
      amountPaid: formatMinor(p.paidCents, r.currency),
    })),
    splits: plan.owed.map((o) => ({
      userId: c.idOf(o.index),
      value: formatMinor(o.owedCents, r.currency),
    })),
  };
}

/** The plan entered in its original currency, or null when no parts convert back exactly. */
function originalExpense(r: SplitwiseRow, plan: ExpensePlan, c: EntryContext) {
  const o = r.original;
  if (o === null || plan.amountCents !== r.costCents) return null;
  const paid = originalPartsFor(
    plan.amountCents,
    o.costCents,
    plan.payers.map((p) => p.paidCents),
  );
  const owed = originalPartsFor(
    plan.amountCents,
    o.costCents,
    plan.owed.map((x) => x.owedCents),
  );
  if (paid === null || owed === null) return null;
  const money = (v: number | undefined) => formatMinor(v ?? 0, o.currency);
  return {
    ...plainExpense(r, plan, c),
    amount: money(o.costCents),
    currency: o.currency,
    convertedAmount: formatMinor(plan.amountCents, r.currency),
    payers: paid.order.map((i) => ({
      userId: c.idOf(plan.payers[i]?.index ?? -1),
      amountPaid: money(paid.parts[i]),
    })),
    splits: owed.order.map((i) => ({
      userId: c.idOf(plan.owed[i]?.index ?? -1),
      value: money(owed.parts[i]),
    })),
  };
}

/** The expense request bodies of an expense row. */
export function expenseRequests(
  r: SplitwiseRow,
  fallbackIndex: number,
  c: EntryContext,
): Record<string, unknown>[] {
  const plans = expensePlans(r, fallbackIndex);
  const [only] = plans;
  if (plans.length === 1 && only !== undefined) {
    const entered = originalExpense(r, only, c);
    if (entered !== null) return [entered];
  }
  return plans.map((plan) => plainExpense(r, plan, c));
}

/** The payment request bodies of a "Payment" row. */
export function paymentRequests(r: SplitwiseRow, c: EntryContext): Record<string, unknown>[] {
  const plans = paymentPlans(r);
  const o = r.original;
  const [only] = plans;
  const converted = o !== null && plans.length === 1 && only?.amountCents === r.costCents;
  return plans.map((p) => ({
    groupId: c.groupId,
    paidByUserId: c.idOf(p.from),
    paidToUserId: c.idOf(p.to),
    date: r.date,
    ...(converted
      ? {
          amount: formatMinor(o.costCents, o.currency),
          currency: o.currency,
          convertedAmount: formatMinor(p.amountCents, r.currency),
        }
      : { amount: formatMinor(p.amountCents, r.currency), currency: r.currency }),
  }));
}
