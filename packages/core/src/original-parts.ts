// The way back of convertParts (issue #31 point 6): given a converted total, the original total
// and the converted parts (payers' or shares), original parts that convertParts turns into
// exactly those converted parts. An export keeps the converted parts (what the balances use) and
// the original total; an import that enters the expense again in its original currency, with the
// converted total as what the bank charged, needs original parts that convert back to the same
// cents. The one split function gives every part but the last positive one
// round_half_up(total × w / W) and the last the rest, so each other part has a range of original
// values that rounds to it, and the rest must stay positive; which part takes the rest is chosen.
import { cents } from './money.js';
import type { Cents } from './money.js';
import { convertParts } from './exchange-rate.js';

export interface OriginalParts {
  /** Indexes of `convertedParts` in the order to enter them (the part taking the rest last). */
  order: number[];
  /** The original part of each index of `convertedParts` (same indexing). */
  parts: Cents[];
}

/** Smallest integer ≥ n / d for positive d. */
function ceilDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return q * d < n ? q + 1n : q;
}

/**
 * Original parts summing to `originalTotal` that convertParts(convertedTotal, ·) turns into
 * `convertedParts` (which sum to `convertedTotal`), or null when there are none. Zero parts stay
 * zero and keep their place.
 */
export function originalPartsFor(
  convertedTotal: number,
  originalTotal: number,
  convertedParts: readonly number[],
): OriginalParts | null {
  const positive = convertedParts.flatMap((p, i) => (p > 0 ? [i] : []));
  const sum = convertedParts.reduce((s, p) => s + p, 0);
  if (positive.length === 0 || sum !== convertedTotal || originalTotal < positive.length) {
    return null;
  }
  const C = BigInt(convertedTotal);
  const O = BigInt(originalTotal);
  // Try the largest parts first as the one taking the rest: it leaves the most room.
  const candidates = [...positive].sort(
    (a, b) => (convertedParts[b] ?? 0) - (convertedParts[a] ?? 0) || b - a,
  );
  for (const k of candidates) {
    const w = convertedParts.map(() => 0n);
    let ok = true;
    for (const i of positive) {
      if (i === k) continue;
      const t = BigInt(convertedParts[i] ?? 0);
      // round_half_up(C·w/O) = t  ⇔  O(2t − 1) ≤ 2C·w < O(2t + 1)
      const low = ceilDiv(O * (2n * t - 1n), 2n * C);
      const high = ceilDiv(O * (2n * t + 1n), 2n * C) - 1n;
      const from = low < 1n ? 1n : low;
      if (from > high) {
        ok = false;
        break;
      }
      w[i] = from;
    }
    if (!ok) continue;
    const rest = O - w.reduce((s, x) => s + x, 0n);
    if (rest < 1n) continue;
    w[k] = rest;
    const order = [...convertedParts.keys()].filter((i) => i !== k).concat(k);
    const parts = w.map((x) => cents(Number(x)));
    const back = convertParts(
      cents(convertedTotal),
      order.map((i) => parts[i] ?? 0),
    );
    if (back.every((v, j) => v === convertedParts[order[j] ?? -1])) return { order, parts };
  }
  return null;
}
