import { describe, expect, it } from 'vitest';
import type { Expense } from '../api/types';
import { expenseEffect } from './expenseEffect';

const ann = { id: 1, name: 'Ann', email: 'a@x.y' };
const bea = { id: 2, name: 'Bea', email: 'b@x.y' };
const cy = { id: 3, name: 'Cy', email: 'c@x.y' };

/** ¥10,000 paid by Ann among three, converted at 0.00625 into €62.50 (largest remainder). */
const dinner: Pick<Expense, 'payers' | 'splits' | 'currency' | 'conversion'> = {
  currency: 'JPY',
  payers: [{ user: ann, amountPaid: 10000 }],
  splits: [
    { splitId: 1, owedBy: ann, amountOwed: 3334, value: null },
    { splitId: 2, owedBy: bea, amountOwed: 3333, value: null },
    { splitId: 3, owedBy: cy, amountOwed: 3333, value: null },
  ],
  conversion: {
    currency: 'EUR',
    amount: 62.5,
    exchangeRate: 0.00625,
    exchangeRateText: '0.00625',
    rateSource: 'MANUAL',
    rateDate: null,
    payers: [{ userId: 1, amountPaid: 62.5 }],
    splits: [
      { userId: 1, amountOwed: 20.84 },
      { userId: 2, amountOwed: 20.83 },
      { userId: 3, amountOwed: 20.83 },
    ],
  },
};

describe('expenseEffect', () => {
  it("a converted expense moves the balance by the group currency's figure, the entered one beside", () => {
    expect(expenseEffect(dinner, bea.id)).toEqual({
      paid: { amount: 0, currency: 'JPY' },
      sign: -1,
      balance: { amount: 20.83, currency: 'EUR' },
      original: { amount: 3333, currency: 'JPY' },
    });
    expect(expenseEffect(dinner, ann.id)).toEqual({
      paid: { amount: 10000, currency: 'JPY' },
      sign: 1,
      balance: { amount: 41.66, currency: 'EUR' },
      original: { amount: 6666, currency: 'JPY' },
    });
  });

  it('an expense in the balance currency has no second figure', () => {
    const plain = { ...dinner, conversion: null };
    expect(expenseEffect(plain, cy.id)).toEqual({
      paid: { amount: 0, currency: 'JPY' },
      sign: -1,
      balance: { amount: 3333, currency: 'JPY' },
      original: null,
    });
    expect(expenseEffect(plain, 99).sign).toBe(0);
  });
});
