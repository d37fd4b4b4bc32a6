import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents } from './money.js';
import type { Cents } from './money.js';
import { computeShares, isSplitType, splitAmount, splitEqually } from './split.js';

const c = (n: number): Cents => cents(n);
const ones = (n: number): bigint[] => Array.from({ length: n }, () => 1n);

describe('splitAmount: docs/api.md §5.1 examples', () => {
  it('10.01 / 2 → 5.01, 5.00', () => {
    expect(splitAmount(c(1001), ones(2))).toEqual([501, 500]);
  });
  it('20.00 / 3 → 6.67, 6.67, 6.66', () => {
    expect(splitAmount(c(2000), ones(3))).toEqual([667, 667, 666]);
  });
  it('100.00 / 3 → 33.33, 33.33, 33.34', () => {
    expect(splitAmount(c(10000), ones(3))).toEqual([3333, 3333, 3334]);
  });
  it('90.00 in shares 2:1 → 60.00, 30.00', () => {
    expect(splitAmount(c(9000), [2n, 1n])).toEqual([6000, 3000]);
  });
  it('0.05 / 10 → 0.00 ×5 then 0.01 ×5 (leftover from the last backwards)', () => {
    expect(splitAmount(c(5), ones(10))).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
  });
});

describe('splitAmount: more hand-checked cases', () => {
  it('a single participant gets everything', () => {
    expect(splitAmount(c(1234), [7n])).toEqual([1234]);
  });
  it('zero weights get zero; the last positive weight absorbs the remainder', () => {
    expect(splitAmount(c(1000), [1n, 0n, 1n, 0n])).toEqual([500, 0, 500, 0]);
    expect(splitAmount(c(1001), [1n, 1n, 0n])).toEqual([501, 500, 0]);
    expect(splitAmount(c(100), [0n, 0n, 3n])).toEqual([0, 0, 100]);
  });
  it('rounds half up for non-last participants', () => {
    // 0.03 / 2 → 1.5 → 2, last gets 1
    expect(splitAmount(c(3), ones(2))).toEqual([2, 1]);
    // 0.01 / 3: 0.33 → 0 each, last gets 1
    expect(splitAmount(c(1), ones(3))).toEqual([0, 0, 1]);
  });
  it('0.02 / 3: 0.67 → 1,1 would leave the last at 0 (not negative)', () => {
    expect(splitAmount(c(2), ones(3))).toEqual([1, 1, 0]);
  });
  it('falls back when the last share would be negative (0.02 / 4)', () => {
    // round(0.5)=1 ×3 = 3 > 2 → floor 0 each, leftover 2 to the last two
    expect(splitAmount(c(2), ones(4))).toEqual([0, 0, 1, 1]);
  });
  it('fallback skips zero weights when distributing leftover cents', () => {
    expect(splitAmount(c(2), [1n, 0n, 1n, 1n, 0n, 1n])).toEqual([0, 0, 0, 1, 0, 1]);
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

/** Reference implementation with rationals written independently (for property tests). */
function reference(amount: number, weights: bigint[]): number[] {
  const a = BigInt(amount);
  const total = weights.reduce((s, w) => s + w, 0n);
  const k = weights.reduce((last, w, i) => (w > 0n ? i : last), -1);
  const rounded = weights.map((w, i) => {
    if (i === k || w === 0n) return 0n;
    const num = a * w;
    const q = num / total;
    const r = num - q * total;
    return 2n * r >= total ? q + 1n : q;
  });
  const rest = a - rounded.reduce((s, x) => s + x, 0n);
  if (rest >= 0n) {
    rounded[k] = rest;
    return rounded.map(Number);
  }
  const floors = weights.map((w) => (a * w) / total);
  let left = a - floors.reduce((s, x) => s + x, 0n);
  const positives = weights
    .map((w, i) => (w > 0n ? i : -1))
    .filter((i) => i >= 0)
    .reverse();
  for (let j = 0; left > 0n; j = (j + 1) % positives.length, left--) {
    const idx = positives[j] ?? 0;
    floors[idx] = (floors[idx] ?? 0n) + 1n;
  }
  return floors.map(Number);
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
  it('each share is within one cent of the exact proportional share', () => {
    fc.assert(
      fc.property(amountArb, weightsArb, (amount, weights) => {
        const total = weights.reduce((s, w) => s + w, 0n);
        splitAmount(c(amount), weights).forEach((s, i) => {
          const exactTimesTotal = BigInt(amount) * (weights[i] ?? 0n);
          const diff = BigInt(s) * total - exactTimesTotal;
          expect(diff < 0n ? -diff : diff).toBeLessThan(total * BigInt(weights.length));
        });
      }),
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
  it('equal splits differ by at most one cent... except the remainder holder', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (amount, n) => {
          const shares = splitEqually(c(amount), n);
          const others = shares.slice(0, -1);
          if (others.length > 0)
            expect(Math.max(...others) - Math.min(...others)).toBeLessThanOrEqual(1);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(amount);
        },
      ),
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
    expect(shares.map((s) => s.owedCents)).toEqual([333, 333, 334]);
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
