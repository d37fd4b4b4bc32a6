// Debt simplification within one group (docs/api.md §5.4).
import { cents } from './money.js';
import type { Cents } from './money.js';

export interface PersonNet {
  readonly userId: number;
  /** Positive = others owe this person (creditor); negative = debtor. */
  readonly netCents: number;
}

export interface Transfer {
  readonly from: number;
  readonly to: number;
  readonly cents: Cents;
}

interface Party {
  readonly userId: number;
  /** Amount still owed (debtor) or due (creditor), always > 0 while listed. */
  amount: number;
}

/** Larger amount first, then lower user id. */
function byAmountThenId(a: Party, b: Party): number {
  return b.amount - a.amount || a.userId - b.userId;
}

/**
 * Transfers that bring every net to zero (§5.4), deterministic whatever the input order:
 * 1. debtors and creditors with exactly equal amounts are paired (larger amounts first, then
 *    the debtor's id, each matched with the lowest-id creditor of that amount);
 * 2. repeatedly, the debtor owing most pays the creditor owed most (ties: lower user id) the
 *    smaller of the two amounts.
 * At most n − 1 transfers. Throws if the nets do not sum to zero or a user appears twice.
 */
export function simplifyDebts(nets: Iterable<PersonNet>): Transfer[] {
  const seen = new Set<number>();
  const debtors: Party[] = [];
  const creditors: Party[] = [];
  let total = 0;
  for (const { userId, netCents } of nets) {
    if (seen.has(userId)) throw new RangeError(`simplifyDebts: user ${userId} appears twice`);
    seen.add(userId);
    if (!Number.isSafeInteger(netCents)) throw new RangeError('simplifyDebts: nets must be cents');
    total += netCents;
    if (netCents < 0) debtors.push({ userId, amount: -netCents });
    else if (netCents > 0) creditors.push({ userId, amount: netCents });
  }
  if (total !== 0) throw new RangeError('simplifyDebts: nets must sum to zero');
  debtors.sort(byAmountThenId);
  creditors.sort(byAmountThenId);

  const transfers: Transfer[] = [];

  // Step 1: exact pairs.
  for (const debtor of debtors) {
    const creditor = creditors.find((c) => c.amount === debtor.amount);
    if (!creditor) continue;
    transfers.push({ from: debtor.userId, to: creditor.userId, cents: cents(debtor.amount) });
    debtor.amount = 0;
    creditor.amount = 0;
    creditors.splice(creditors.indexOf(creditor), 1);
  }
  let openDebtors = debtors.filter((d) => d.amount > 0);
  let openCreditors = creditors;

  // Step 2: greedy, largest debtor to largest creditor.
  while (openDebtors.length > 0 && openCreditors.length > 0) {
    openDebtors.sort(byAmountThenId);
    openCreditors.sort(byAmountThenId);
    const debtor = openDebtors[0];
    const creditor = openCreditors[0];
    if (!debtor || !creditor) break;
    const amount = Math.min(debtor.amount, creditor.amount);
    transfers.push({ from: debtor.userId, to: creditor.userId, cents: cents(amount) });
    debtor.amount -= amount;
    creditor.amount -= amount;
    openDebtors = openDebtors.filter((d) => d.amount > 0);
    openCreditors = openCreditors.filter((c) => c.amount > 0);
  }
  return transfers;
}
