// Splitting an amount over weighted participants (docs/api.md §5.1), with exact bigint arithmetic.
import { cents, parsePercentageScaled, parseShareCount } from './money.js';
import type { Cents } from './money.js';

/**
 * Splits `amount` cents over participants with the given non-negative weights (docs/api.md §5.1):
 * 1. every participant other than `k` (the last with a positive weight) gets
 *    round_half_up(A × wᵢ / W); weight 0 gets 0;
 * 2. `k` gets the rest, so the shares sum to A;
 * 3. if `k`'s share would be negative, everyone gets floor(A × wᵢ / W) and the leftover cents
 *    go one each to positive-weight participants, starting from `k` and moving backwards.
 * Throws when the amount is negative or no weight is positive (programming errors).
 */
export function splitAmount(amount: Cents, weights: readonly bigint[]): Cents[] {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError('splitAmount: amount must be a non-negative whole number of cents');
  }
  let total = 0n;
  let k = -1;
  weights.forEach((w, i) => {
    if (w < 0n) throw new RangeError('splitAmount: weights must be non-negative');
    total += w;
    if (w > 0n) k = i;
  });
  if (k < 0) throw new RangeError('splitAmount: at least one weight must be positive');

  const a = BigInt(amount);
  const shares: bigint[] = weights.map((w, i) => {
    if (i === k || w === 0n) return 0n;
    // round_half_up(a*w/total) = floor((2*a*w + total) / (2*total)) for non-negative values.
    return (2n * a * w + total) / (2n * total);
  });
  const others = shares.reduce((s, x) => s + x, 0n);
  const rest = a - others;
  if (rest >= 0n) {
    shares[k] = rest;
    return shares.map((s) => cents(Number(s)));
  }

  // Fallback (step 3): floor for everyone, leftover one cent each from k backwards.
  const floors = weights.map((w) => (a * w) / total);
  let leftover = a - floors.reduce((s, x) => s + x, 0n);
  for (let i = k; leftover > 0n; i = i === 0 ? k : i - 1) {
    const w = weights[i];
    if (w !== undefined && w > 0n) {
      floors[i] = (floors[i] ?? 0n) + 1n;
      leftover -= 1n;
    }
  }
  return floors.map((s) => cents(Number(s)));
}

/** Splits evenly: weight 1 per participant. */
export function splitEqually(amount: Cents, count: number): Cents[] {
  return splitAmount(
    amount,
    Array.from({ length: count }, () => 1n),
  );
}

export const SPLIT_TYPES = ['EQUAL', 'EXACT', 'PERCENTAGE', 'SHARE'] as const;
export type SplitType = (typeof SPLIT_TYPES)[number];

export function isSplitType(value: unknown): value is SplitType {
  return typeof value === 'string' && (SPLIT_TYPES as readonly string[]).includes(value);
}

/**
 * A split person with its normalised value: `EQUAL` ignores it (null), `EXACT` holds cents,
 * `PERCENTAGE` a number 0–100 with at most 4 decimals, `SHARE` a whole number of shares.
 */
export interface SplitValueInput {
  readonly userId: number;
  readonly value: number | null;
}

export interface Share {
  readonly userId: number;
  readonly owedCents: Cents;
}

/**
 * Computes each split person's share in cents, in input order (docs/api.md §5.1). EXACT values are
 * the shares themselves and must sum exactly to the amount. Throws on values the validation
 * schemas would have refused (a programming error).
 */
export function computeShares(
  splitType: SplitType,
  amount: Cents,
  splits: readonly SplitValueInput[],
): Share[] {
  if (splits.length === 0) throw new RangeError('computeShares: no split participants');
  let owed: Cents[];
  switch (splitType) {
    case 'EQUAL':
      owed = splitEqually(amount, splits.length);
      break;
    case 'EXACT': {
      owed = splits.map((s) => {
        if (s.value === null || !Number.isSafeInteger(s.value) || s.value < 0) {
          throw new RangeError('computeShares: EXACT values must be non-negative cents');
        }
        return cents(s.value);
      });
      const sum = owed.reduce((t, x) => t + x, 0);
      if (sum !== amount) {
        throw new RangeError('computeShares: EXACT values must sum to the amount');
      }
      break;
    }
    case 'PERCENTAGE':
      owed = splitAmount(
        amount,
        splits.map((s) => BigInt(percentageWeight(s.value))),
      );
      break;
    case 'SHARE':
      owed = splitAmount(
        amount,
        splits.map((s) => BigInt(shareWeight(s.value))),
      );
      break;
  }
  return splits.map((s, i) => ({ userId: s.userId, owedCents: owed[i] ?? cents(0) }));
}

/** A percentage as an exact integer weight (×10^4). */
function percentageWeight(value: number | null): number {
  const r = parsePercentageScaled(value);
  if (!r.ok) throw new RangeError('computeShares: invalid percentage');
  return r.value;
}

function shareWeight(value: number | null): number {
  const r = parseShareCount(value);
  if (!r.ok) throw new RangeError('computeShares: invalid share count');
  return r.value;
}
