import { describe, expect, it } from 'vitest';
import { floorCreateValues } from './floor-create.js';

describe('the creation floor', () => {
  it('binds the group, payer, members, their shares, the amount and the key in that order', () => {
    const values = floorCreateValues(
      { groupId: 7, payerId: 2, members: [2, 3], amountCents: 101 },
      'k1',
    );
    expect(values).toEqual([7, 2, [2, 3], [51, 50], 101, 'k1']);
  });
});
