import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convertParts } from './exchange-rate.js';
import { cents } from './money.js';
import { splitAmount } from './split.js';
import { originalPartsFor } from './original-parts.js';

/** The converted parts the found original parts give, in the original indexing. */
function convertedBack(total: number, found: { order: number[]; parts: number[] }): number[] {
  const back = convertParts(
    cents(total),
    found.order.map((i) => found.parts[i] ?? 0),
  );
  const out: number[] = found.parts.map(() => 0);
  found.order.forEach((i, j) => (out[i] = back[j] ?? 0));
  return out;
}

describe('originalPartsFor', () => {
  it('finds yen parts for euro shares: ¥10,000 → €61.73 in three', () => {
    const found = originalPartsFor(6173, 10000, [2057, 2057, 2059]);
    expect(found).not.toBeNull();
    if (found === null) return;
    expect(found.parts.reduce((s, p) => s + p, 0)).toBe(10000);
    expect(convertedBack(6173, found)).toEqual([2057, 2057, 2059]);
  });

  it('finds coarser originals too: €10.00 → ¥1,620', () => {
    // What convertParts makes of 334, 333, 333 cents: 540.96…, 539.46…, 539.46… → 541, 540, 539.
    expect(convertParts(cents(1620), [334, 333, 333])).toEqual([541, 540, 539]);
    const found = originalPartsFor(1620, 1000, [541, 540, 539]);
    expect(found).not.toBeNull();
    if (found === null) return;
    expect(convertedBack(1620, found)).toEqual([541, 540, 539]);
  });

  it('keeps zero parts at zero and refuses what no original can give', () => {
    const found = originalPartsFor(100, 50, [0, 100, 0]);
    expect(found?.parts).toEqual([0, 50, 0]);
    expect(originalPartsFor(100, 1, [50, 50])).toBeNull();
    expect(originalPartsFor(100, 100, [50, 40])).toBeNull();
    expect(originalPartsFor(0, 100, [0, 0])).toBeNull();
  });

  it('inverts every conversion convertParts makes (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (original, converted, weights) => {
          fc.pre(weights.some((w) => w > 0));
          // Original parts as an EXACT split of the original total, then converted.
          const originalParts = splitAmount(
            cents(original),
            weights.map((w) => BigInt(w)),
          );
          fc.pre(originalParts.some((p) => p > 0));
          const target = convertParts(cents(converted), originalParts);
          const found = originalPartsFor(converted, original, target);
          expect(found).not.toBeNull();
          if (found === null) return;
          expect(found.parts.reduce((s, p) => s + p, 0)).toBe(original);
          expect(convertedBack(converted, found)).toEqual(target);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
