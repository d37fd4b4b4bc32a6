import { describe, expect, it } from 'vitest';
import { splitAmount } from '../split.js';
import { cents } from '../money.js';
import { ITEM_MESSAGES } from './expense-items.js';
import { validateExpenseInput } from './expense.js';

const base = {
  description: 'Dinner',
  amount: '66.00',
  splitType: 'EXACT',
  payers: [{ userId: 1, amountPaid: '66.00' }],
};

/** The EXACT split the items below give, from the one split function (not hard-coded cents). */
function sharesFor(total: number, soup: number, steak: number, wine: number) {
  const [wineAnn = 0, wineBea = 0] = splitAmount(cents(wine), [1n, 1n]);
  const ann = soup + wineAnn;
  const bea = steak + wineBea;
  const [extraAnn = 0, extraBea = 0] = splitAmount(cents(total - ann - bea), [
    BigInt(ann),
    BigInt(bea),
  ]);
  return { ann: ann + extraAnn, bea: bea + extraBea };
}

const items = [
  { description: 'Soup', amount: '10.00', userIds: [1] },
  { description: 'Steak', amount: 30, userIds: [2] },
  { description: 'Wine', amount: '20.01', userIds: [1, 2] },
];

describe('expense items', () => {
  it('accepts items that explain the EXACT split and reads them in minor units', () => {
    const s = sharesFor(6600, 1000, 3000, 2001);
    const r = validateExpenseInput({
      ...base,
      items,
      splits: [
        { userId: 1, value: (s.ann / 100).toFixed(2) },
        { userId: 2, value: (s.bea / 100).toFixed(2) },
      ],
    });
    expect(r.ok && r.value.items).toEqual([
      { description: 'Soup', amount: 1000, userIds: [1] },
      { description: 'Steak', amount: 3000, userIds: [2] },
      { description: 'Wine', amount: 2001, userIds: [1, 2] },
    ]);
  });

  it('keeps an expense without items as it was (items null)', () => {
    const r = validateExpenseInput({
      ...base,
      splitType: 'EQUAL',
      splits: [{ userId: 1 }, { userId: 2 }],
    });
    expect(r.ok && r.value.items).toBeNull();
  });

  it('reads discounts as negative and refuses bad shapes at their field', () => {
    const r = validateExpenseInput({
      ...base,
      items: [
        { description: ' ', amount: '1.00', userIds: [1] },
        { description: 'Coupon', amount: 'abc', userIds: [1] },
        { description: 'Tea', amount: '-', userIds: [] },
        { description: 'Cake', amount: '2.00', userIds: [1, 1] },
      ],
      splits: [{ userId: 1, value: '66.00' }],
    });
    expect(r.ok ? [] : r.issues).toEqual([
      { path: ['items', 0, 'description'], message: ITEM_MESSAGES.description },
      { path: ['items', 1, 'amount'], message: ITEM_MESSAGES.amount },
      { path: ['items', 2, 'amount'], message: ITEM_MESSAGES.amount },
      { path: ['items', 2, 'userIds'], message: ITEM_MESSAGES.noPeople },
      { path: ['items', 3, 'userIds'], message: ITEM_MESSAGES.duplicatePerson },
    ]);
    const discount = validateExpenseInput({
      ...base,
      amount: '8.00',
      payers: [{ userId: 1, amountPaid: '8.00' }],
      items: [
        { description: 'Cake', amount: '10.00', userIds: [1] },
        { description: 'Coupon', amount: '-2.00', userIds: [1] },
      ],
      splits: [{ userId: 1, value: '8.00' }],
    });
    expect(discount.ok && discount.value.items?.map((i) => i.amount)).toEqual([1000, -200]);
  });

  it('refuses items that do not explain the split', () => {
    const s = sharesFor(6600, 1000, 3000, 2001);
    const issues = (body: object) => {
      const r = validateExpenseInput({ ...base, items, ...body });
      return r.ok ? [] : r.issues.map((i) => i.message);
    };
    expect(issues({ splitType: 'EQUAL', splits: [{ userId: 1 }, { userId: 2 }] })).toEqual([
      ITEM_MESSAGES.exactOnly,
    ]);
    expect(
      issues({
        splits: [
          { userId: 1, value: '33.00' },
          { userId: 2, value: '33.00' },
        ],
      }),
    ).toEqual([ITEM_MESSAGES.splitDiffers]);
    expect(
      issues({
        splits: [
          { userId: 1, value: (s.ann / 100).toFixed(2) },
          { userId: 3, value: (s.bea / 100).toFixed(2) },
        ],
      }),
    ).toEqual([ITEM_MESSAGES.notInSplit]);
  });
});
