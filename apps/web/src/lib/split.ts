// Splitting an amount in cents by weights (docs/api.md §5.1), delegated to @evenly/core so the
// preview matches what the server stores. Never throws: previews of half-typed forms give zeros.
import { cents, splitAmount } from '@evenly/core';

/** Weight scale so percentages with up to 4 decimals become whole numbers. */
const WEIGHT_SCALE = 10_000;

/** One share in cents per weight (negative weights count as 0), summing to `amountCents`. */
export function splitCents(amountCents: number, weights: number[]): number[] {
  const scaled = weights.map((w) => BigInt(Math.round(Math.max(0, w) * WEIGHT_SCALE)));
  if (amountCents < 0 || !Number.isSafeInteger(amountCents) || !scaled.some((w) => w > 0n)) {
    return weights.map(() => 0);
  }
  return splitAmount(cents(amountCents), scaled).map(Number);
}

export function equalSplitCents(amountCents: number, count: number): number[] {
  return splitCents(
    amountCents,
    Array.from({ length: count }, () => 1),
  );
}
