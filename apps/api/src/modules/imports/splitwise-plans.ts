// From a Splitwise row's net effects to entries (issue #14): the expenses and payments that move
// every person's balance by exactly the row's effects. No I/O here.
import { cents, expenseDebts, sumCents } from '@evenly/core';
import type { Cents } from '@evenly/core';
import type { SplitwiseRow } from './splitwise-format.js';

/** An expense whose per-person effect (paid − owed) equals the row's effects exactly. */
export interface ExpensePlan {
  amountCents: Cents;
  /** By person column index. */
  payers: { index: number; paidCents: Cents }[];
  owed: { index: number; owedCents: Cents }[];
}

const byIndex = (m: Map<number, number>) => [...m.entries()].sort((a, b) => a[0] - b[0]);

/**
 * The expense of a row: the people with a positive effect paid it, those with a negative one
 * owe their part. When the cost is more than what changes hands, the difference is what the
 * largest payer (or, when no money changes hands, `fallbackIndex`) paid for themselves: they
 * paid it and owe it, which leaves every effect as it was. The amount is the cost (or what
 * changes hands, when the cost is less).
 */
export function expensePlan(row: SplitwiseRow, fallbackIndex: number): ExpensePlan {
  const positives = row.effects
    .map((v, index) => ({ index, v }))
    .filter((e) => e.v > 0)
    .sort((a, b) => b.v - a.v || a.index - b.index);
  const moved = sumCents(positives.map((p) => p.v));
  const amount = cents(Math.max(row.costCents, moved));
  const extra = cents(amount - moved);
  const selfIndex = positives[0]?.index ?? fallbackIndex;
  const paid = new Map<number, number>();
  const owed = new Map<number, number>();
  for (const p of positives) paid.set(p.index, p.v);
  row.effects.forEach((v, index) => {
    if (v < 0) owed.set(index, -v);
  });
  if (extra > 0) {
    paid.set(selfIndex, (paid.get(selfIndex) ?? 0) + extra);
    owed.set(selfIndex, (owed.get(selfIndex) ?? 0) + extra);
  }
  return {
    amountCents: amount,
    payers: byIndex(paid).map(([index, v]) => ({ index, paidCents: cents(v) })),
    owed: byIndex(owed).map(([index, v]) => ({ index, owedCents: cents(v) })),
  };
}

/**
 * Each person's effect of a plan on the balances, as the ledger books it: every share is owed to
 * the payers pro rata (core's expenseDebts), which with several payers may round differently
 * from paid − owed.
 */
export function ledgerEffects(plan: ExpensePlan, people: number): Cents[] {
  const out = Array.from({ length: people }, () => 0);
  const debts = expenseDebts(
    plan.payers.map((p) => ({ userId: p.index, paidCents: p.paidCents })),
    plan.owed.map((o) => ({ userId: o.index, owedCents: o.owedCents })),
  );
  for (const d of debts) {
    out[d.from] = (out[d.from] ?? 0) - d.cents;
    out[d.to] = (out[d.to] ?? 0) + d.cents;
  }
  return out.map((v) => cents(v));
}

/**
 * The expenses of a row, whose effects on the balances add up to the row's exactly: one
 * expense, or, when several payers would make the ledger's pro-rata rounding differ from the
 * row by a cent, one expense per payer (each owed by some of the people who owe, the first also
 * carrying what was paid for oneself).
 */
export function expensePlans(row: SplitwiseRow, fallbackIndex: number): ExpensePlan[] {
  const one = expensePlan(row, fallbackIndex);
  const n = row.effects.length;
  if (one.payers.length <= 1) return [one];
  const booked = ledgerEffects(one, n);
  if (booked.every((v, i) => v === row.effects[i])) return [one];
  const takers = row.effects
    .map((v, index) => ({ index, left: -v as number }))
    .filter((e) => e.left > 0);
  const givers = row.effects
    .map((v, index) => ({ index, v: v as number }))
    .filter((e) => e.v > 0)
    .sort((a, b) => b.v - a.v || a.index - b.index);
  const moved = sumCents(givers.map((g) => g.v));
  let extra = Math.max(0, row.costCents - moved);
  const plans: ExpensePlan[] = [];
  let t = 0;
  for (const g of givers) {
    const owed = new Map<number, number>();
    let left = g.v;
    while (left > 0) {
      const taker = takers[t];
      if (taker === undefined) throw new Error('unbalanced expense row');
      const part = Math.min(left, taker.left);
      owed.set(taker.index, (owed.get(taker.index) ?? 0) + part);
      left -= part;
      taker.left -= part;
      if (taker.left === 0) t += 1;
    }
    const paid = g.v + extra;
    if (extra > 0) owed.set(g.index, extra);
    extra = 0;
    plans.push({
      amountCents: cents(paid),
      payers: [{ index: g.index, paidCents: cents(paid) }],
      owed: byIndex(owed).map(([index, v]) => ({ index, owedCents: cents(v) })),
    });
  }
  return plans;
}

/** One payment: `from` paid `to` (person column indexes). */
export interface PaymentPlan {
  from: number;
  to: number;
  amountCents: Cents;
}

/**
 * The payments of a "Payment" row: usually one (the payer's effect +x, the recipient's −x);
 * when more people are on the row, the payers are matched with the recipients in column order.
 */
export function paymentPlans(row: SplitwiseRow): PaymentPlan[] {
  const givers = row.effects
    .map((v, index) => ({ index, left: v as number }))
    .filter((e) => e.left > 0);
  const takers = row.effects
    .map((v, index) => ({ index, left: -v as number }))
    .filter((e) => e.left > 0);
  const out: PaymentPlan[] = [];
  let t = 0;
  for (const g of givers) {
    while (g.left > 0) {
      const taker = takers[t];
      if (taker === undefined) throw new Error('unbalanced payment row');
      const amount = Math.min(g.left, taker.left);
      out.push({ from: g.index, to: taker.index, amountCents: cents(amount) });
      g.left -= amount;
      taker.left -= amount;
      if (taker.left === 0) t += 1;
    }
  }
  return out;
}
