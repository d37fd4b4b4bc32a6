// The expense form's preview (issue #31 point 1): the same parts as the server stores for every
// example of docs/api.md §5.1 (apps/api/test/split-largest-remainder.test.ts posts the same ones).
import { describe, expect, it } from 'vitest';
import { equalSplitCents, splitCents } from './split';

describe('split preview: docs/api.md §5.1 (largest remainder)', () => {
  it.each([
    [1002, 4, [251, 251, 250, 250]],
    [10000, 3, [3334, 3333, 3333]],
    [2000, 3, [667, 667, 666]],
    [1001, 2, [501, 500]],
    [5, 10, [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]],
    [110, 4, [28, 28, 27, 27]],
    [6, 4, [2, 2, 1, 1]],
    [1005, 10, [101, 101, 101, 101, 101, 100, 100, 100, 100, 100]],
    [1102, 4, [276, 276, 275, 275]],
  ])('%d cents equally between %d', (amount, n, parts) => {
    expect(equalSplitCents(amount, n)).toEqual(parts);
  });
  it('90.00 in shares 2:1, and percentages with decimals', () => {
    expect(splitCents(9000, [2, 1])).toEqual([6000, 3000]);
    expect(splitCents(10000, [33.3333, 33.3333, 33.3334])).toEqual([3333, 3333, 3334]);
  });
  it('a half-typed form previews zeros instead of throwing', () => {
    expect(splitCents(1000, [0, 0])).toEqual([0, 0]);
    expect(splitCents(-1, [1, 1])).toEqual([0, 0]);
  });
});
