import { describe, expect, it } from 'vitest';
import { LedgerTotals } from './report-figures.js';

describe('LedgerTotals', () => {
  it('books expenses and payments as the ledger does and plans the settling payments', () => {
    const t = new LedgerTotals();
    // Ann paid 90.00 for three; Bea paid Ann 10.00.
    t.addExpense({
      currency: 'EUR',
      payerUserIds: [1],
      payerAmounts: [9000],
      splitUserIds: [1, 2, 3],
      splitOwed: [3000, 3000, 3000],
    });
    t.addPayment({ currency: 'EUR', paidById: 2, paidToId: 1, amountCents: 1000 });
    const people = t.people('EUR');
    expect(people.get(1)).toEqual({ sentCents: 0, receivedCents: 1000, netCents: 5000 });
    expect(people.get(2)).toEqual({ sentCents: 1000, receivedCents: 0, netCents: -2000 });
    expect(people.get(3)).toEqual({ sentCents: 0, receivedCents: 0, netCents: -3000 });
    expect(t.plan('EUR')).toEqual([
      { from: 3, to: 1, cents: 3000 },
      { from: 2, to: 1, cents: 2000 },
    ]);
    expect(t.currencies()).toEqual(['EUR']);
    expect(t.plan('USD')).toEqual([]);
  });

  it('nets add up to zero with several payers (shares owed pro rata)', () => {
    const t = new LedgerTotals();
    t.addExpense({
      currency: 'USD',
      payerUserIds: [1, 2],
      payerAmounts: [667, 334],
      splitUserIds: [1, 2, 3],
      splitOwed: [334, 334, 333],
    });
    const nets = [...t.people('USD').values()].map((f) => f.netCents);
    expect(nets.reduce((a, b) => a + b, 0)).toBe(0);
    expect(t.people('USD').get(3)?.netCents).toBe(-333);
  });
});
