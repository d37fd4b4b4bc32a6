import { describe, expect, it } from 'vitest';
import { equalShares, floorCreateValues } from './floor-create.js';

describe('the creation floor', () => {
  it('splits an amount into whole cents that add up to it, the first members carrying the rest', () => {
    expect(equalShares(1000, 3)).toEqual([334, 333, 333]);
    expect(equalShares(9015, 8).reduce((s, c) => s + c, 0)).toBe(9015);
    expect(equalShares(5, 8)).toEqual([1, 1, 1, 1, 1, 0, 0, 0]);
  });

  it('binds the group, payer, members, their shares, the amount and the key in that order', () => {
    const values = floorCreateValues(
      { groupId: 7, payerId: 2, members: [2, 3], amountCents: 101 },
      'k1',
    );
    expect(values).toEqual([7, 2, [2, 3], [51, 50], 101, 'k1']);
  });
});
