// What expenses and payments do to balances (docs/api.md §5.2), apart from the rules that decide
// whether they are allowed: each person's effect (paid − owed, + = gets back), the pairwise debts
// behind it, and how a write swaps an entry's old effect for its new one on pair_balances.
import { expenseDebts, paymentDebt } from '@evenly/core';
import type { Cents, Debt, Share } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { applyDebts } from '../../db/pair-slots.js';

export interface PayerAmount {
  userId: number;
  amountPaidCents: number;
}

export interface OwedAmount {
  userId: number;
  owedCents: number;
}

export interface PaymentParties {
  paidById: number;
  paidToId: number;
  amountCents: number;
}

/** An entry's effect in one currency, as pairwise debts. */
export interface LedgerEffect {
  currency: string;
  debts: Debt[];
}

/** The pairwise debts of an expense (§5.2: each share owed to the payers pro rata). */
export function expenseEffectDebts(
  payers: readonly PayerAmount[],
  splits: readonly OwedAmount[],
): Debt[] {
  return expenseDebts(
    payers.map((p) => ({ userId: p.userId, paidCents: p.amountPaidCents as Cents })),
    splits.map((s): Share => ({ userId: s.userId, owedCents: s.owedCents as Cents })),
  );
}

/** Each person's balance effect of an expense: paid − owed (+ = gets back). */
export function expensePersonEffects(
  payers: readonly PayerAmount[],
  splits: readonly OwedAmount[],
): Map<number, number> {
  const out = new Map<number, number>();
  for (const p of payers) out.set(p.userId, (out.get(p.userId) ?? 0) + p.amountPaidCents);
  for (const s of splits) out.set(s.userId, (out.get(s.userId) ?? 0) - s.owedCents);
  return out;
}

/** The pairwise debt of a payment (§5.2: the recipient owes the payer the amount). */
export function paymentEffectDebts(p: PaymentParties): Debt[] {
  return [paymentDebt(p.paidById, p.paidToId, p.amountCents as Cents)];
}

/** A person's balance effect of a payment: + for the payer, − for the recipient. */
export function paymentPersonEffect(p: PaymentParties | null, userId: number): number {
  if (p === null) return 0;
  if (p.paidById === userId) return p.amountCents;
  if (p.paidToId === userId) return -p.amountCents;
  return 0;
}

/** Adds an entry's effect to pair_balances (a new entry) or takes it away (`sign` = -1). */
export async function applyEffect(
  tx: Db,
  groupId: number | null,
  effect: LedgerEffect,
  sign: 1 | -1,
): Promise<void> {
  await applyDebts(tx, groupId, effect.currency, effect.debts, sign);
}

/**
 * Swaps an entry's old effect for its new one on pair_balances. In one currency both go in one
 * sorted batch, so concurrent writers always lock pair rows in key order (no deadlocks).
 */
export async function swapEffect(
  tx: Db,
  groupId: number | null,
  old: LedgerEffect,
  next: LedgerEffect,
): Promise<void> {
  if (old.currency === next.currency) {
    const reversed = old.debts.map((d) => ({ from: d.to, to: d.from, cents: d.cents }));
    await applyDebts(tx, groupId, next.currency, [...reversed, ...next.debts], 1);
    return;
  }
  await applyDebts(tx, groupId, old.currency, old.debts, -1);
  await applyDebts(tx, groupId, next.currency, next.debts, 1);
}
