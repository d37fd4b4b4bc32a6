import { describe, expect, it } from 'vitest';
import { expenseNets } from './expenseNets';

const ann = { id: 1, name: 'Ann', email: 'a@x.y' };
const bea = { id: 2, name: 'Bea', email: 'b@x.y' };
const cy = { id: 3, name: 'Cy', email: 'c@x.y' };

describe('expenseNets', () => {
  it('nets a payer against their own share and lists the others as owing', () => {
    const rows = expenseNets({
      currency: 'USD',
      payers: [{ user: ann, amountPaid: 90 }],
      splits: [
        { splitId: 1, owedBy: ann, amountOwed: 30, value: null },
        { splitId: 2, owedBy: bea, amountOwed: 30, value: null },
        { splitId: 3, owedBy: cy, amountOwed: 30, value: null },
      ],
    });
    expect(rows.map((r) => [r.user.name, r.paid, r.share, r.net])).toEqual([
      ['Ann', 9000, 3000, 6000],
      ['Bea', 0, 3000, -3000],
      ['Cy', 0, 3000, -3000],
    ]);
    expect(rows.reduce((sum, r) => sum + r.net, 0)).toBe(0);
  });

  it('keeps a payer outside the split and two payers exact to the cent', () => {
    const rows = expenseNets({
      currency: 'USD',
      payers: [
        { user: ann, amountPaid: 10.01 },
        { user: bea, amountPaid: 10 },
      ],
      splits: [
        { splitId: 1, owedBy: bea, amountOwed: 6.67, value: null },
        { splitId: 2, owedBy: cy, amountOwed: 13.34, value: null },
      ],
    });
    expect(rows.map((r) => [r.user.name, r.net])).toEqual([
      ['Ann', 1001],
      ['Bea', 333],
      ['Cy', -1334],
    ]);
  });

  it('counts whole units in currencies without decimals', () => {
    const rows = expenseNets({
      currency: 'JPY',
      payers: [{ user: ann, amountPaid: 1000 }],
      splits: [
        { splitId: 1, owedBy: ann, amountOwed: 500, value: null },
        { splitId: 2, owedBy: bea, amountOwed: 500, value: null },
      ],
    });
    expect(rows.map((r) => r.net)).toEqual([500, -500]);
  });
});
