// Splitting an amount over weighted participants (docs/api.md §5.1), with exact bigint arithmetic.
import { cents, parsePercentageScaled, parseShareCount } from './money.js';
import type { Cents } from './money.js';

/**
 * Splits `amount` cents over participants with the given non-negative weights by largest
 * remainder (docs/api.md §5.1, amended by issue #31):
 * 1. every participant gets floor(A × wᵢ / W) cents (weight 0 gets 0);
 * 2. the leftover cents (fewer than the number of positive weights) go one each to the
 *    participants with the largest remainders A × wᵢ mod W, ties to the earlier participant.
 * Invariants: the shares sum to A; every share is within one cent of its exact value A × wᵢ / W;
 * shares of equal weight differ by at most one cent. Exact bigint arithmetic throughout.
 * Throws when the amount is negative or no weight is positive (programming errors).
 */
export function splitAmount(amount: Cents, weights: readonly bigint[]): Cents[] {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError('splitAmount: amount must be a non-negative whole number of cents');
  }
  let total = 0n;
  for (const w of weights) {
    if (w < 0n) throw new RangeError('splitAmount: weights must be non-negative');
    total += w;
  }
  if (total === 0n) throw new RangeError('splitAmount: at least one weight must be positive');

  const a = BigInt(amount);
  const shares = weights.map((w) => (a * w) / total);
  let leftover = a - shares.reduce((s, x) => s + x, 0n);
  // Only a positive remainder can take a leftover cent: their fractions sum to exactly
  // `leftover`, and there are more of them than leftover cents.
  const byRemainder = weights
    .map((w, index) => ({ index, remainder: (a * w) % total }))
    .filter((r) => r.remainder > 0n)
    // Array.prototype.sort is stable, so equal remainders keep request order.
    .sort((x, y) => (x.remainder === y.remainder ? 0 : x.remainder > y.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (leftover === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return shares.map((s) => cents(Number(s)));
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
