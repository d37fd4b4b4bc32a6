import { describe, expect, it } from 'vitest';
import {
  FLOOR_CREATE_TEXT,
  FLOOR_PIECES,
  floorCreateLiteral,
  floorCreateValues,
} from './floor-create.js';

const CREATION = { groupId: 7, payerId: 2, members: [2, 3], amountCents: 101 };

describe('the creation floor', () => {
  it('binds the group, payer, members, their shares, the amount and the key in that order', () => {
    const values = floorCreateValues(CREATION, 'k1');
    expect(values).toEqual([7, 2, [2, 3], [51, 50], 101, 'k1']);
  });

  it('writes the values into the statement for pgbench, every parameter replaced', () => {
    const sql = floorCreateLiteral(CREATION, `'k' || :r`, FLOOR_PIECES);
    expect(sql).not.toMatch(/\$\d/);
    // The same statement as the floor route's, its parameters written out.
    const bound = FLOOR_CREATE_TEXT.replaceAll('$1::int', '7::int')
      .replaceAll('$2::int', '2::int')
      .replaceAll('$3::int[]', `'{2,3}'::int[]`)
      .replaceAll('$4::bigint[]', `'{51,50}'::bigint[]`)
      .replaceAll('$5::bigint', '101::bigint')
      .replaceAll('$6::text', `('k' || :r)::text`);
    expect(sql).toBe(bound);
  });

  it('leaves out the pieces not named; without the balances it only reads the new id', () => {
    const core = floorCreateLiteral(CREATION, `'k'`, ['payers', 'splits', 'balances']);
    expect(core).toContain('insert into expense_splits');
    expect(core).toContain('insert into pair_balances');
    expect(core).not.toContain('insert into activities');
    expect(core).not.toContain('insert into idempotency_keys');
    expect(core).not.toContain('insert into changes');
    const alone = floorCreateLiteral(CREATION, `'k'`, []);
    expect(alone).toContain('insert into expenses');
    expect(alone).not.toMatch(/insert into (?!expenses)/);
    expect(alone.trimEnd().endsWith('select count(*) from e')).toBe(true);
  });
});
