import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '@evenly/core';
import type { Cents } from '@evenly/core';
import {
  csvHeader,
  csvRow,
  csvTotals,
  expensePlans,
  ledgerEffects,
  paymentPlans,
  readSplitwiseCsv,
} from './splitwise-csv.js';
import type { SplitwiseRow } from './splitwise-csv.js';

function row(effects: number[], cost: number, isPayment = false): SplitwiseRow {
  return {
    line: 2,
    date: '2025-01-01',
    description: 'x',
    categoryName: isPayment ? 'Payment' : 'General',
    category: 'general',
    isPayment,
    costCents: cents(cost),
    currency: 'USD',
    effects: effects.map((v) => cents(v)),
    original: null,
  };
}

/** Effects that sum to 0. */
const balanced = fc
  .array(fc.integer({ min: -100_000, max: 100_000 }), { minLength: 1, maxLength: 7 })
  .map((xs) => [...xs, -xs.reduce((s, v) => s + v, 0)]);

describe('expensePlans', () => {
  it('books exactly the row’s effects, whatever the payers and the cost', () => {
    fc.assert(
      fc.property(balanced, fc.integer({ min: 0, max: 500_000 }), (effects, cost) => {
        const r = row(effects, cost);
        if (effects.every((v) => v === 0) && cost === 0) return;
        const booked = effects.map(() => 0);
        for (const plan of expensePlans(r, 0)) {
          expect(plan.amountCents).toBeGreaterThan(0);
          const paid = plan.payers.reduce((s, p) => s + p.paidCents, 0);
          const owed = plan.owed.reduce((s, o) => s + o.owedCents, 0);
          expect(paid).toBe(plan.amountCents);
          expect(owed).toBe(plan.amountCents);
          ledgerEffects(plan, effects.length).forEach((v, i) => (booked[i] = (booked[i] ?? 0) + v));
        }
        expect(booked).toEqual(effects.map((v) => (v === 0 ? 0 : v)));
      }),
    );
  });

  it('keeps the cost as the amount when one person paid', () => {
    const [plan] = expensePlans(row([2000, -1000, -1000], 3000), 0);
    expect(plan).toEqual({
      amountCents: 3000,
      payers: [{ index: 0, paidCents: 3000 }],
      owed: [
        { index: 0, owedCents: 1000 },
        { index: 1, owedCents: 1000 },
        { index: 2, owedCents: 1000 },
      ],
    });
  });
});

describe('paymentPlans', () => {
  it('pays each recipient what they received', () => {
    expect(paymentPlans(row([-1000, 600, 400], 1000, true))).toEqual([
      { from: 1, to: 0, amountCents: 600 },
      { from: 2, to: 0, amountCents: 400 },
    ]);
  });
});

describe('CSV round trip', () => {
  it('reads what it writes, quoting commas, quotes and line breaks', () => {
    const text =
      csvHeader(['Ann', 'Bea, "B"']) +
      csvRow({
        date: '2025-02-03',
        description: 'Dinner, "fancy"\nlate',
        categoryName: 'Dining out',
        costCents: 1234,
        currency: 'EUR',
        original: null,
        effects: [617, -617],
      }) +
      csvTotals('2025-03-01', new Map([['EUR', [617, -617]]]));
    const file = readSplitwiseCsv(Buffer.from(text));
    expect(file.people).toEqual(['Ann', 'Bea, "B"']);
    expect(file.rows[0]).toMatchObject({
      description: 'Dinner, "fancy"\nlate',
      category: 'dining_out',
      costCents: 1234,
      effects: [617, -617] as Cents[],
    });
    // The same content with other line endings and another export date: the same hash.
    const other = readSplitwiseCsv(
      Buffer.from(text.replace(/\r\n/g, '\n').replace('2025-03-01', '2025-04-01')),
    );
    expect(other.hash).toBe(file.hash);
  });
});

describe("Evenly's original-cost columns", () => {
  const header = csvHeader(['Ann', 'Bea']);
  const sushi = {
    date: '2025-03-14',
    description: 'Sushi',
    categoryName: 'Dining out',
    costCents: 6173,
    currency: 'EUR',
    original: { costCents: cents(10000), currency: 'JPY' },
    effects: [3086, -3086],
  };

  it('writes the original cost and currency beside the converted cost, empty when not converted', () => {
    expect(header).toBe(
      'Date,Description,Category,Cost,Currency,Original cost,Original currency,Ann,Bea\r\n',
    );
    expect(csvRow(sushi)).toBe('2025-03-14,Sushi,Dining out,61.73,EUR,10000,JPY,30.86,-30.86\r\n');
    expect(csvRow({ ...sushi, original: null })).toBe(
      '2025-03-14,Sushi,Dining out,61.73,EUR,,,30.86,-30.86\r\n',
    );
    expect(csvTotals('2025-03-20', new Map([['EUR', [3086, -3086]]]))).toBe(
      '\r\n2025-03-20,Total balance, , ,EUR,,,30.86,-30.86\r\n',
    );
  });

  it('reads them back exactly, and a row without them as not converted', () => {
    const text =
      header +
      csvRow(sushi) +
      csvRow({
        ...sushi,
        description: 'Tea',
        original: null,
        costCents: 200,
        effects: [100, -100],
      }) +
      csvTotals('2025-03-20', new Map([['EUR', [3186, -3186]]]));
    const file = readSplitwiseCsv(Buffer.from(text));
    expect(file.people).toEqual(['Ann', 'Bea']);
    expect(file.rows.map((r) => [r.costCents, r.currency, r.original, r.effects])).toEqual([
      [6173, 'EUR', { costCents: 10000, currency: 'JPY' }, [3086, -3086]],
      [200, 'EUR', null, [100, -100]],
    ]);
  });

  it('refuses an original cost without its currency, in the row currency, or in several currencies', () => {
    const bad =
      (cells: string, extra = '') =>
      () =>
        readSplitwiseCsv(
          Buffer.from(`${header}2025-03-14,X,General,1.00,EUR,${cells},1.00,-1.00\r\n${extra}`),
        );
    expect(bad('100,')).toThrow(/Line 2: "" is not an original currency code/);
    expect(bad(',JPY')).toThrow(/Line 2: "" is not an original cost in JPY/);
    expect(bad('1.5,JPY')).toThrow(/not an original cost in JPY/);
    expect(bad('1.00,EUR')).toThrow(/original currency EUR is the row's currency/);
    expect(bad('100,JPY', '2025-03-15,Y,General,1.00,USD,,,1.00,-1.00\r\n')).toThrow(
      /Line 2: a row with an original cost needs every row in one currency/,
    );
  });
});
