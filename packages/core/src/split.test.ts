import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents } from './money.js';
import type { Cents } from './money.js';
import { computeShares, isSplitType, splitAmount, splitEqually } from './split.js';

const c = (n: number): Cents => cents(n);
const ones = (n: number): bigint[] => Array.from({ length: n }, () => 1n);

describe('splitAmount: docs/api.md §5.1 examples (largest remainder)', () => {
  it('10.02 / 4 → 2.51, 2.51, 2.50, 2.50', () => {
    expect(splitAmount(c(1002), ones(4))).toEqual([251, 251, 250, 250]);
  });
  it('100.00 / 3 → 33.34, 33.33, 33.33', () => {
    expect(splitAmount(c(10000), ones(3))).toEqual([3334, 3333, 3333]);
  });
  it('20.00 / 3 → 6.67, 6.67, 6.66', () => {
    expect(splitAmount(c(2000), ones(3))).toEqual([667, 667, 666]);
  });
  it('10.01 / 2 → 5.01, 5.00', () => {
    expect(splitAmount(c(1001), ones(2))).toEqual([501, 500]);
  });
  it('0.05 / 10 → 0.01 ×5 then 0.00 ×5', () => {
    expect(splitAmount(c(5), ones(10))).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
  });
  it('90.00 in shares 2:1 → 60.00, 30.00', () => {
    expect(splitAmount(c(9000), [2n, 1n])).toEqual([6000, 3000]);
  });
});

describe('splitAmount: the cases of issue #31 (the old rule gave the last person less)', () => {
  it('1.10 / 4 → .28, .28, .27, .27 (was .28 ×3 and .26)', () => {
    expect(splitAmount(c(110), ones(4))).toEqual([28, 28, 27, 27]);
  });
  it('0.06 / 4 → .02, .02, .01, .01 (was .02 ×3 and 0.00)', () => {
    expect(splitAmount(c(6), ones(4))).toEqual([2, 2, 1, 1]);
  });
  it('10.05 / 10 → 1.01 ×5 then 1.00 ×5 (was nine × 1.01 and 0.96)', () => {
    expect(splitAmount(c(1005), ones(10))).toEqual([
      101, 101, 101, 101, 101, 100, 100, 100, 100, 100,
    ]);
  });
  it('11.02 / 4 → 2.76, 2.76, 2.75, 2.75 (was 2.76 ×3 and 2.74)', () => {
    expect(splitAmount(c(1102), ones(4))).toEqual([276, 276, 275, 275]);
  });
});

describe('splitAmount: more hand-checked cases', () => {
  it('a single participant gets everything', () => {
    expect(splitAmount(c(1234), [7n])).toEqual([1234]);
  });
  it('zero weights get zero and never a leftover cent', () => {
    expect(splitAmount(c(1000), [1n, 0n, 1n, 0n])).toEqual([500, 0, 500, 0]);
    expect(splitAmount(c(1001), [1n, 1n, 0n])).toEqual([501, 500, 0]);
    expect(splitAmount(c(100), [0n, 0n, 3n])).toEqual([0, 0, 100]);
    expect(splitAmount(c(2), [1n, 0n, 1n, 1n, 0n, 1n])).toEqual([1, 0, 1, 0, 0, 0]);
  });
  it('the largest remainder wins over request order', () => {
    // 1.00 in 1:2 → exact 33.33… and 66.66…: the second has the larger fraction.
    expect(splitAmount(c(100), [1n, 2n])).toEqual([33, 67]);
    // 0.10 in 1:1:3 → exact 2, 2, 6: no leftover at all.
    expect(splitAmount(c(10), [1n, 1n, 3n])).toEqual([2, 2, 6]);
    // 0.07 in 1:2:4 → exact 1, 2, 4.
    expect(splitAmount(c(7), [1n, 2n, 4n])).toEqual([1, 2, 4]);
    // 0.05 in 1:1:2 → exact 1.25, 1.25, 2.5: the .5 takes the one leftover cent.
    expect(splitAmount(c(5), [1n, 1n, 2n])).toEqual([1, 1, 3]);
  });
  it('small amounts over many people: 0.01 / 3 and 0.02 / 3', () => {
    expect(splitAmount(c(1), ones(3))).toEqual([1, 0, 0]);
    expect(splitAmount(c(2), ones(3))).toEqual([1, 1, 0]);
  });
  it('percentages 33.3333/33.3333/33.3334 of 100.00', () => {
    expect(splitAmount(c(10000), [333_333n, 333_333n, 333_334n])).toEqual([3333, 3333, 3334]);
  });
  it('zero amount gives zeros', () => {
    expect(splitAmount(c(0), ones(3))).toEqual([0, 0, 0]);
  });
  it('works at the maximum amount with huge weights', () => {
    const shares = splitAmount(c(9_999_999_999), [1_000_000n, 999_999n, 1n]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9_999_999_999);
  });
  it('throws on no positive weight, negative weights or negative amounts', () => {
    expect(() => splitAmount(c(100), [])).toThrow(RangeError);
    expect(() => splitAmount(c(100), [0n, 0n])).toThrow(RangeError);
    expect(() => splitAmount(c(100), [1n, -1n])).toThrow(RangeError);
    expect(() => splitAmount(c(-100), [1n])).toThrow(RangeError);
  });
});

/**
 * Reference written independently (for the property tests): hand out the amount one cent at a
 * time, each to the participant whose share lags furthest behind its exact value at the end
 * (largest gap A·wᵢ − W·shareᵢ, ties to the earlier one), starting from the floors.
 */
function reference(amount: number, weights: bigint[]): number[] {
  const a = BigInt(amount);
  const total = weights.reduce((s, w) => s + w, 0n);
  const shares = weights.map((w) => (a * w) / total);
  let given = shares.reduce((s, x) => s + x, 0n);
  while (given < a) {
    let best = -1;
    let bestGap = -1n;
    weights.forEach((w, i) => {
      const gap = a * w - total * (shares[i] ?? 0n);
      if (gap > bestGap) {
        best = i;
        bestGap = gap;
      }
    });
    shares[best] = (shares[best] ?? 0n) + 1n;
    given += 1n;
  }
  return shares.map(Number);
}

const weightsArb = fc
  .array(fc.bigInt({ min: 0n, max: 1_000_000n }), { minLength: 1, maxLength: 30 })
  .filter((ws) => ws.some((w) => w > 0n));
const amountArb = fc.oneof(
  fc.integer({ min: 0, max: 200 }),
  fc.integer({ min: 0, max: 9_999_999_999 }),
);

describe('splitAmount properties', () => {
  it('shares are non-negative integers summing exactly to the amount', () => {
    fc.assert(
      fc.property(amountArb, weightsArb, (amount, weights) => {
        const shares = splitAmount(c(amount), weights);
        expect(shares).toHaveLength(weights.length);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(amount);
        for (const s of shares) {
          expect(Number.isSafeInteger(s)).toBe(true);
          expect(s).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });
  it('zero weights always get zero', () => {
    fc.assert(
      fc.property(amountArb, weightsArb, (amount, weights) => {
        splitAmount(c(amount), weights).forEach((s, i) => {
          if (weights[i] === 0n) expect(s).toBe(0);
        });
      }),
    );
  });
  it('every share is less than one cent from its exact value A × wᵢ / W', () => {
    fc.assert(
      fc.property(amountArb, weightsArb, (amount, weights) => {
        const total = weights.reduce((s, w) => s + w, 0n);
        splitAmount(c(amount), weights).forEach((s, i) => {
          const diff = BigInt(s) * total - BigInt(amount) * (weights[i] ?? 0n);
          expect(diff < 0n ? -diff : diff).toBeLessThan(total);
        });
      }),
      { numRuns: 500 },
    );
  });
  it('shares of equal weight differ by at most one cent', () => {
    fc.assert(
      fc.property(
        amountArb,
        fc.array(fc.constantFrom(1n, 2n, 5n), { minLength: 1, maxLength: 30 }),
        (amount, weights) => {
          const shares = splitAmount(c(amount), weights);
          for (const w of new Set(weights)) {
            const same = shares.filter((_, i) => weights[i] === w);
            expect(Math.max(...same) - Math.min(...same)).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
  it('an equal split gives the extra cents to the first people, never to a later one only', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (amount, n) => {
          const shares = splitEqually(c(amount), n);
          // Non-increasing in request order: ties go to the earlier participant.
          shares.slice(1).forEach((s, i) => expect(s).toBeLessThanOrEqual(shares[i] ?? 0));
          expect(shares.reduce((s, x) => s + x, 0)).toBe(amount);
        },
      ),
    );
  });
  it('agrees with an independent reference implementation', () => {
    fc.assert(
      fc.property(amountArb, weightsArb, (amount, weights) => {
        expect(splitAmount(c(amount), weights)).toEqual(reference(amount, weights));
      }),
      { numRuns: 500 },
    );
  });
});

describe('computeShares', () => {
  it('EQUAL ignores values whatever they hold', () => {
    expect(
      computeShares('EQUAL', c(2000), [
        { userId: 1, value: 99 },
        { userId: 2, value: null },
        { userId: 3, value: -5 },
      ]),
    ).toEqual([
      { userId: 1, owedCents: 667 },
      { userId: 2, owedCents: 667 },
      { userId: 3, owedCents: 666 },
    ]);
  });
  it('EXACT uses the cents as the shares', () => {
    expect(
      computeShares('EXACT', c(5000), [
        { userId: 1, value: 1234 },
        { userId: 2, value: 3766 },
      ]),
    ).toEqual([
      { userId: 1, owedCents: 1234 },
      { userId: 2, owedCents: 3766 },
    ]);
  });
  it('EXACT throws when the values do not sum to the amount or are invalid', () => {
    expect(() => computeShares('EXACT', c(5000), [{ userId: 1, value: 4999 }])).toThrow(RangeError);
    expect(() => computeShares('EXACT', c(5000), [{ userId: 1, value: null }])).toThrow(RangeError);
    expect(() => computeShares('EXACT', c(5000), [{ userId: 1, value: 12.5 }])).toThrow(RangeError);
  });
  it('PERCENTAGE uses exact scaled weights', () => {
    expect(
      computeShares('PERCENTAGE', c(10000), [
        { userId: 1, value: 33.3333 },
        { userId: 2, value: 33.3333 },
        { userId: 3, value: 33.3334 },
      ]).map((s) => s.owedCents),
    ).toEqual([3333, 3333, 3334]);
    expect(
      computeShares('PERCENTAGE', c(9000), [
        { userId: 1, value: 50 },
        { userId: 2, value: 0 },
        { userId: 3, value: 50 },
      ]).map((s) => s.owedCents),
    ).toEqual([4500, 0, 4500]);
  });
  it('PERCENTAGE within tolerance of 100 still sums to the amount', () => {
    const shares = computeShares('PERCENTAGE', c(1000), [
      { userId: 1, value: 33.333 },
      { userId: 2, value: 33.333 },
      { userId: 3, value: 33.333 },
    ]);
    expect(shares.map((s) => s.owedCents)).toEqual([334, 333, 333]);
  });
  it('SHARE 2:1 of 90.00', () => {
    expect(
      computeShares('SHARE', c(9000), [
        { userId: 1, value: 2 },
        { userId: 5, value: 1 },
      ]),
    ).toEqual([
      { userId: 1, owedCents: 6000 },
      { userId: 5, owedCents: 3000 },
    ]);
  });
  it('throws on invalid percentage or share values and on empty splits', () => {
    expect(() => computeShares('SHARE', c(100), [{ userId: 1, value: 1.5 }])).toThrow(RangeError);
    expect(() => computeShares('SHARE', c(100), [{ userId: 1, value: 0 }])).toThrow(RangeError);
    expect(() => computeShares('PERCENTAGE', c(100), [{ userId: 1, value: null }])).toThrow(
      RangeError,
    );
    expect(() => computeShares('EQUAL', c(100), [])).toThrow(RangeError);
  });
  it('isSplitType', () => {
    expect(isSplitType('EQUAL')).toBe(true);
    expect(isSplitType('equal')).toBe(false);
    expect(isSplitType(1)).toBe(false);
  });
  it('property: SHARE and PERCENTAGE shares sum to the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999_999 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (amount, values) => {
          fc.pre(values.some((v) => v > 0));
          const splits = values.map((value, i) => ({ userId: i + 1, value }));
          const shares = computeShares('SHARE', c(amount), splits);
          expect(shares.reduce((s, x) => s + x.owedCents, 0)).toBe(amount);
          const pct = computeShares(
            'PERCENTAGE',
            c(amount),
            values.map((v, i) => ({ userId: i + 1, value: (v % 1_000_001) / 10_000 })),
          );
          expect(pct.reduce((s, x) => s + x.owedCents, 0)).toBe(amount);
        },
      ),
    );
  });
});
