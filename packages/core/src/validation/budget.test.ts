import { describe, expect, it } from 'vitest';
import { budgetPercent, readBudget } from './budget.js';

describe('readBudget', () => {
  it('normalises the category and currency and reads the amount in minor units', () => {
    expect(readBudget(' Dining_Out ', { amount: '12.50', currency: 'eur' })).toEqual({
      ok: true,
      value: { category: 'dining_out', amount: 1250, currency: 'EUR' },
    });
    expect(readBudget('hotel', { amount: 5000, currency: 'JPY' })).toEqual({
      ok: true,
      value: { category: 'hotel', amount: 5000, currency: 'JPY' },
    });
  });

  it('names every bad field', () => {
    const r = readBudget('nope', { amount: 0, currency: 'XYZ' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path[0])).toEqual(['category', 'currency', 'amount']);
    const noBody = readBudget('groceries', null);
    expect(noBody.ok).toBe(false);
  });
});

describe('budgetPercent', () => {
  it('floors, so 79.99 % is not yet 80 %', () => {
    expect(budgetPercent(7999, 10000)).toBe(79);
    expect(budgetPercent(8000, 10000)).toBe(80);
    expect(budgetPercent(10001, 10000)).toBe(100);
    expect(budgetPercent(5, 0)).toBe(0);
  });
});
