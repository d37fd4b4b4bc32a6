import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { simplifyDebts } from './simplify-debts.js';
import type { PersonNet, Transfer } from './simplify-debts.js';

const nets = (entries: [number, number][]): PersonNet[] =>
  entries.map(([userId, netCents]) => ({ userId, netCents }));
const t = (from: number, to: number, cents: number) => ({ from, to, cents });

function apply(input: PersonNet[], plan: Transfer[]): Map<number, number> {
  const balance = new Map(input.map((n) => [n.userId, n.netCents]));
  for (const x of plan) {
    balance.set(x.from, (balance.get(x.from) ?? 0) + x.cents);
    balance.set(x.to, (balance.get(x.to) ?? 0) - x.cents);
  }
  return balance;
}

describe('simplifyDebts', () => {
  it('empty and all-zero inputs give no transfers', () => {
    expect(simplifyDebts([])).toEqual([]);
    expect(
      simplifyDebts(
        nets([
          [1, 0],
          [2, 0],
        ]),
      ),
    ).toEqual([]);
  });
  it('one debtor, one creditor', () => {
    expect(
      simplifyDebts(
        nets([
          [1, 2000],
          [5, -2000],
        ]),
      ),
    ).toEqual([t(5, 1, 2000)]);
  });
  it('step 1 pairs exactly equal amounts first (larger amounts first)', () => {
    // Without step 1, greedy would send 5 (owes 50) to 1 (owed 60).
    const plan = simplifyDebts(
      nets([
        [1, 6000],
        [2, 5000],
        [3, -5000],
        [4, -6000],
        [5, 1000],
        [6, -1000],
      ]),
    );
    expect(plan).toEqual([t(4, 1, 6000), t(3, 2, 5000), t(6, 5, 1000)]);
  });
  it('step 1 takes equal pairs in debtor id order with the lowest creditor id', () => {
    const plan = simplifyDebts(
      nets([
        [7, 100],
        [2, 100],
        [9, -100],
        [4, -100],
      ]),
    );
    expect(plan).toEqual([t(4, 2, 100), t(9, 7, 100)]);
  });
  it('step 2: largest debtor pays largest creditor, ties by lower id', () => {
    const plan = simplifyDebts(
      nets([
        [1, 3000],
        [2, 3000],
        [3, -4000],
        [4, -2000],
      ]),
    );
    // No equal pairs. Debtor 3 (40) pays creditor 1 (30, lower id than 2) 30;
    // then debtors 3 (10), 4 (20) → 4 pays 2 (30) 20; then 3 pays 2 10.
    expect(plan).toEqual([t(3, 1, 3000), t(4, 2, 2000), t(3, 2, 1000)]);
  });
  it('classic chain A→B→C collapses to one transfer', () => {
    // A owes B 10, B owes C 10 → nets: A -10, B 0, C +10.
    expect(
      simplifyDebts(
        nets([
          [1, -1000],
          [2, 0],
          [3, 1000],
        ]),
      ),
    ).toEqual([t(1, 3, 1000)]);
  });
  it('throws when nets do not sum to zero or a user repeats', () => {
    expect(() => simplifyDebts(nets([[1, 10]]))).toThrow(RangeError);
    expect(() =>
      simplifyDebts(
        nets([
          [1, 10],
          [1, -10],
        ]),
      ),
    ).toThrow(RangeError);
  });
});

const netsArb = fc
  .array(fc.integer({ min: -100_000, max: 100_000 }), { minLength: 1, maxLength: 25 })
  .chain((values) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: 1000 }), {
        minLength: values.length + 1,
        maxLength: values.length + 1,
      })
      .map((ids) => {
        const total = values.reduce((a, b) => a + b, 0);
        return nets(
          ids.map(
            (id, i) => [id, i < values.length ? (values[i] ?? 0) : -total] as [number, number],
          ),
        );
      }),
  );
// Small magnitudes make equal amounts (step 1) and ties common.
const smallNetsArb = fc
  .array(fc.integer({ min: -4, max: 4 }), { minLength: 1, maxLength: 12 })
  .map((values) => {
    const total = values.reduce((a, b) => a + b, 0);
    return nets([...values, -total].map((v, i) => [i + 1, v] as [number, number]));
  });

describe('simplifyDebts properties', () => {
  for (const [name, arb] of [
    ['random nets', netsArb],
    ['small nets with ties', smallNetsArb],
  ] as const) {
    it(`${name}: settles everyone with at most n − 1 positive transfers`, () => {
      fc.assert(
        fc.property(arb, (input) => {
          const plan = simplifyDebts(input);
          for (const v of apply(input, plan).values()) expect(v === 0).toBe(true);
          const nonZero = input.filter((n) => n.netCents !== 0).length;
          expect(plan.length).toBeLessThanOrEqual(Math.max(0, nonZero - 1));
          for (const x of plan) {
            expect(x.cents).toBeGreaterThan(0);
            expect(x.from).not.toBe(x.to);
          }
        }),
        { numRuns: 300 },
      );
    });
    it(`${name}: independent of input order`, () => {
      fc.assert(
        fc.property(
          arb.chain((input) =>
            fc.tuple(fc.constant(input), fc.shuffledSubarray(input, { minLength: input.length })),
          ),
          ([input, shuffled]) => {
            expect(simplifyDebts(shuffled)).toEqual(simplifyDebts(input));
          },
        ),
        { numRuns: 300 },
      );
    });
  }
  it('debtors only pay and creditors only receive', () => {
    fc.assert(
      fc.property(netsArb, (input) => {
        const sign = new Map(input.map((n) => [n.userId, Math.sign(n.netCents)]));
        for (const x of simplifyDebts(input)) {
          expect(sign.get(x.from)).toBe(-1);
          expect(sign.get(x.to)).toBe(1);
        }
      }),
    );
  });
});
