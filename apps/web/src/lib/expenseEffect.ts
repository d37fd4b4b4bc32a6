// What an expense does to the signed-in person's balance, as its row says it ("you lent €20.83").
// In a converting group (currencyMode CONVERT) an expense in another currency reaches balances in
// the group's currency: the row's figure is the converted one (the server's `conversion.payers`
// and `conversion.splits`, already split in minor units), with the entered-currency figure beside
// it, so the amount on the row is the amount the balance moves by.
import type { Expense } from '../api/types';
import { fromCents, toCents } from './money';

export interface Figure {
  /** Major units in `currency`, positive: what the person lent (diff > 0) or borrowed. */
  amount: number;
  currency: string;
}

export interface ExpenseEffect {
  /** What the person paid, in the expense's own currency (0 when they paid nothing). */
  paid: Figure;
  /** Paid minus owed: > 0 lent, < 0 borrowed, 0 no balance. */
  sign: -1 | 0 | 1;
  /** The balance's figure: in the group currency when the expense was converted. */
  balance: Figure;
  /** The same in the entered currency, only when it differs from `balance`'s. */
  original: Figure | null;
}

function net(
  payers: { userId: number; amount: number }[],
  splits: { userId: number; amount: number }[],
  meId: number,
  currency: string,
): number {
  const sum = (lines: { userId: number; amount: number }[]) =>
    lines.filter((l) => l.userId === meId).reduce((s, l) => s + toCents(l.amount, currency), 0);
  return sum(payers) - sum(splits);
}

export function expenseEffect(
  expense: Pick<Expense, 'payers' | 'splits' | 'currency' | 'conversion'>,
  meId: number,
): ExpenseEffect {
  const cur = expense.currency;
  const paidMinor = expense.payers
    .filter((p) => p.user.id === meId)
    .reduce((s, p) => s + toCents(p.amountPaid, cur), 0);
  const entered = net(
    expense.payers.map((p) => ({ userId: p.user.id, amount: p.amountPaid })),
    expense.splits.map((s) => ({ userId: s.owedBy.id, amount: s.amountOwed })),
    meId,
    cur,
  );
  const enteredFigure = { amount: fromCents(Math.abs(entered), cur), currency: cur };
  const conv = expense.conversion;
  if (!conv || conv.currency === cur) {
    return {
      paid: { amount: fromCents(paidMinor, cur), currency: cur },
      sign: Math.sign(entered) as -1 | 0 | 1,
      balance: enteredFigure,
      original: null,
    };
  }
  const converted = net(
    conv.payers.map((p) => ({ userId: p.userId, amount: p.amountPaid })),
    conv.splits.map((s) => ({ userId: s.userId, amount: s.amountOwed })),
    meId,
    conv.currency,
  );
  return {
    paid: { amount: fromCents(paidMinor, cur), currency: cur },
    sign: Math.sign(converted) as -1 | 0 | 1,
    balance: { amount: fromCents(Math.abs(converted), conv.currency), currency: conv.currency },
    original: enteredFigure,
  };
}
