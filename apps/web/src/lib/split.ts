// Splitting an amount in cents by weights (api-contract §5.1), exact integer arithmetic.
// Mirrors the server so previews match what gets stored; swap for @evenly/core when it lands.
function roundHalfUpDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * Weights must be non-negative; decimal weights (percentages) are scaled to integers first.
 * Returns one share in cents per weight, summing to `amountCents`.
 */
export function splitCents(amountCents: number, weights: number[]): number[] {
  const scale = 10_000;
  const w = weights.map((x) => BigInt(Math.round(Math.max(0, x) * scale)));
  const total = w.reduce((a, b) => a + b, 0n);
  if (total === 0n || w.length === 0) return weights.map(() => 0);
  const amount = BigInt(amountCents);
  let last = -1;
  w.forEach((x, i) => {
    if (x > 0n) last = i;
  });
  const shares = w.map((x, i) => (i === last || x === 0n ? 0n : roundHalfUpDiv(amount * x, total)));
  const others = shares.reduce((a, b) => a + b, 0n);
  const lastShare = amount - others;
  if (lastShare >= 0n) {
    shares[last] = lastShare;
    return shares.map(Number);
  }
  const floors = w.map((x) => (amount * x) / total);
  let leftover = amount - floors.reduce((a, b) => a + b, 0n);
  for (let i = last; i >= 0 && leftover > 0n; i -= 1) {
    const wi = w[i];
    if (wi !== undefined && wi > 0n) {
      floors[i] = (floors[i] ?? 0n) + 1n;
      leftover -= 1n;
    }
  }
  return floors.map(Number);
}

export function equalSplitCents(amountCents: number, count: number): number[] {
  return splitCents(
    amountCents,
    Array.from({ length: count }, () => 1),
  );
}
