// The way back of convertParts (issue #31 point 6): given a converted total, the original total
// and the converted parts (payers' or shares), original parts that convertParts turns into
// exactly those converted parts. An export keeps the converted parts (what the balances use) and
// the original total; an import that enters the expense again in its original currency, with the
// converted total as what the bank charged, needs original parts that convert back to the same
// cents.
//
// convertParts splits the converted total C by the original parts o (summing to O) with the one
// split function, largest remainder (docs/api.md §5.1): part i gets floor(C·oᵢ/O), plus one cent
// when its remainder C·oᵢ mod O is among the largest. Write xᵢ = C·oᵢ − tᵢ·O for a target part
// tᵢ; the xᵢ sum to 0. The split gives exactly t when, for some threshold θ in 1..O, every
// xᵢ lies in [θ − O, θ]: a negative xᵢ is a part rounded down to tᵢ − 1 whose remainder xᵢ + O
// is at least θ (it takes a leftover cent), a non-negative one a part already at tᵢ whose
// remainder xᵢ is at most θ (it takes none). A remainder of exactly θ on both sides is a tie,
// which goes to the earlier part: so the parts taking a cent are entered first (`order`). For a
// fixed θ each oᵢ has an interval; a θ works when the intervals' bounds bracket O, and the parts
// are then filled in from the lower bounds. The result is checked with the split itself.
import { cents } from './money.js';
import type { Cents } from './money.js';
import { convertParts } from './exchange-rate.js';

export interface OriginalParts {
  /** Indexes of `convertedParts` in the order to enter them (any order gives the same split). */
  order: number[];
  /** The original part of each index of `convertedParts` (same indexing). */
  parts: Cents[];
}

/** Smallest integer ≥ n / d for positive d. */
function ceilDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return q * d < n ? q + 1n : q;
}

/** Up to this many original minor units, every threshold is tried; above, a binary search. */
const SCAN_ALL_THRESHOLDS = 20_000n;

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
  const targets = positive.map((i) => BigInt(convertedParts[i] ?? 0));

  /** Each positive part's interval of oᵢ for threshold θ: C·oᵢ − tᵢ·O in [θ − O, θ], oᵢ ≥ 1. */
  const bounds = (theta: bigint) =>
    targets.map((t) => {
      const low = ceilDiv(t * O + theta - O, C);
      return { low: low < 1n ? 1n : low, high: (t * O + theta) / C };
    });
  const fits = (theta: bigint): OriginalParts | null => {
    const b = bounds(theta);
    if (b.some((x) => x.low > x.high)) return null;
    let spare = O - b.reduce((s, x) => s + x.low, 0n);
    if (spare < 0n) return null;
    const chosen = b.map((x) => {
      const add = x.high - x.low < spare ? x.high - x.low : spare;
      spare -= add;
      return x.low + add;
    });
    if (spare > 0n) return null;
    const parts = convertedParts.map(() => cents(0));
    positive.forEach((i, j) => (parts[i] = cents(Number(chosen[j] ?? 0n))));
    // Parts rounded down (C·oᵢ < tᵢ·O) take a leftover cent: first, to win any tie.
    const down = (i: number) => C * BigInt(parts[i] ?? 0) < BigInt(convertedParts[i] ?? 0) * O;
    const keys = [...convertedParts.keys()];
    const order = [...keys.filter(down), ...keys.filter((i) => !down(i))];
    const back = convertParts(
      cents(convertedTotal),
      order.map((i) => parts[i] ?? 0),
    );
    return back.every((v, j) => v === convertedParts[order[j] ?? -1]) ? { order, parts } : null;
  };

  let found: OriginalParts | null = null;
  if (O <= SCAN_ALL_THRESHOLDS) {
    for (let theta = 1n; theta <= O && found === null; theta++) found = fits(theta);
  } else {
    // O > C here in practice; each interval then holds at least one value, and both sums of
    // bounds only grow with θ: the smallest θ whose upper bounds reach O is the one to try.
    let lo = 1n;
    let hi = O;
    while (lo < hi) {
      const mid = (lo + hi) / 2n;
      if (bounds(mid).reduce((s, x) => s + x.high, 0n) >= O) hi = mid;
      else lo = mid + 1n;
    }
    for (let theta = lo; theta <= O && theta < lo + 3n && found === null; theta++) {
      found = fits(theta);
    }
  }
  return found;
}
