// What an expense means for each person in it: what they paid, their share, and the difference,
// in integer minor units of the expense's currency. A payer's own share is not a debt: the
// detail view shows the net ("gets back" / "owes"), never a payer owing themselves.
import type { Expense } from '../api/types';
import { toCents } from './money';

export interface PersonNet {
  user: { id: number; name: string };
  /** Minor units paid. */
  paid: number;
  /** Minor units of the expense that are this person's share. */
  share: number;
  /** paid − share: > 0 gets back, < 0 owes. */
  net: number;
}

/** People in order of appearance: payers first, then the others the expense is split with. */
export function expenseNets(expense: Pick<Expense, 'payers' | 'splits' | 'currency'>): PersonNet[] {
  const byId = new Map<number, PersonNet>();
  const entry = (user: { id: number; name: string }): PersonNet => {
    let row = byId.get(user.id);
    if (row === undefined) {
      row = { user, paid: 0, share: 0, net: 0 };
      byId.set(user.id, row);
    }
    return row;
  };
  for (const p of expense.payers) entry(p.user).paid += toCents(p.amountPaid, expense.currency);
  for (const s of expense.splits) entry(s.owedBy).share += toCents(s.amountOwed, expense.currency);
  const rows = [...byId.values()];
  for (const row of rows) row.net = row.paid - row.share;
  return rows;
}
