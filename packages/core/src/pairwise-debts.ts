// Pairwise debts of one expense or payment (docs/api.md §5.2).
import { cents } from './money.js';
import type { Cents } from './money.js';
import { splitAmount } from './split.js';
import type { Share } from './split.js';

/** `from` owes `to` `cents` (always > 0 in produced lists). */
export interface Debt {
  readonly from: number;
  readonly to: number;
  readonly cents: Cents;
}

export interface PayerPart {
  readonly userId: number;
  readonly paidCents: Cents;
}

/**
 * Debts created by one expense: each participant's share is split over the payers with weights
 * `paidCents` (payers in request order, §5.1); the part falling to the participant itself
 * cancels. Duplicate (from, to) pairs are merged in order of first appearance; zeros omitted.
 */
export function expenseDebts(payers: readonly PayerPart[], shares: readonly Share[]): Debt[] {
  const weights = payers.map((p) => BigInt(p.paidCents));
  const hasPositivePayer = weights.some((w) => w > 0n);
  const merged = new Map<string, { from: number; to: number; cents: number }>();
  for (const share of shares) {
    if (share.owedCents === 0) continue;
    if (!hasPositivePayer) throw new RangeError('expenseDebts: nobody paid a positive amount');
    const parts = splitAmount(share.owedCents, weights);
    parts.forEach((part, j) => {
      const payer = payers[j];
      if (payer === undefined || part === 0 || payer.userId === share.userId) return;
      const key = `${share.userId}>${payer.userId}`;
      const existing = merged.get(key);
      if (existing) existing.cents += part;
      else merged.set(key, { from: share.userId, to: payer.userId, cents: part });
    });
  }
  return [...merged.values()].map((d) => ({ from: d.from, to: d.to, cents: cents(d.cents) }));
}

/** A payment of `amount` from `paidBy` to `paidTo` counts as `amount` owed by `paidTo` to `paidBy`. */
export function paymentDebt(paidBy: number, paidTo: number, amount: Cents): Debt {
  return { from: paidTo, to: paidBy, cents: amount };
}
