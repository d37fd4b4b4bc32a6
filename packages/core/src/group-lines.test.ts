import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computePairwiseNets, personNets } from './balances.js';
import { compareByNameThenId, groupLinesForUser } from './group-lines.js';
import { cents } from './money.js';
import type { Debt } from './pairwise-debts.js';

const d = (from: number, to: number, n: number): Debt => ({ from, to, cents: cents(n) });
const users = [
  { id: 1, name: 'Ann', email: 'ann@example.com' },
  { id: 2, name: 'bea', email: 'bea@example.com' },
  { id: 3, name: 'Cid', email: 'cid@example.com' },
  { id: 4, name: 'Bea', email: 'bea2@example.com' },
];

describe('groupLinesForUser', () => {
  // Chain: 1 owes 2 10.00, 2 owes 3 10.00.
  const chain = computePairwiseNets([d(1, 2, 1000), d(2, 3, 1000)]);

  it('plain: one line per non-zero pairwise net', () => {
    expect(
      groupLinesForUser(2, chain, users, false).map((l) => [l.otherUser.id, l.netCents]),
    ).toEqual([
      [1, 1000],
      [3, -1000],
    ]);
  });
  it('simplified: lines from the plan involving the caller', () => {
    expect(groupLinesForUser(2, chain, users, true)).toEqual([]);
    expect(
      groupLinesForUser(1, chain, users, true).map((l) => [l.otherUser.id, l.netCents]),
    ).toEqual([[3, -1000]]);
    expect(
      groupLinesForUser(3, chain, users, true).map((l) => [l.otherUser.id, l.netCents]),
    ).toEqual([[1, 1000]]);
  });
  it('sorts by absolute amount, then name case-insensitively, then id', () => {
    const nets = computePairwiseNets([d(2, 3, 500), d(3, 4, 500), d(1, 3, 2000), d(3, 5, 1)]);
    const lines = groupLinesForUser(
      3,
      nets,
      [...users, { id: 5, name: 'Zed', email: 'z@x' }],
      false,
    );
    expect(lines.map((l) => [l.otherUser.id, l.netCents])).toEqual([
      [1, 2000],
      [2, 500],
      [4, -500],
      [5, -1],
    ]);
  });
  it('returns the caller’s full user objects', () => {
    const [line] = groupLinesForUser(1, chain, users, false);
    expect(line?.otherUser).toBe(users[1]);
  });
  it('throws when a user is missing', () => {
    expect(() => groupLinesForUser(1, chain, [], false)).toThrow(RangeError);
  });
  it('compareByNameThenId', () => {
    expect(compareByNameThenId({ id: 2, name: 'bea' }, { id: 4, name: 'Bea' })).toBeLessThan(0);
    expect(compareByNameThenId({ id: 1, name: 'Ann' }, { id: 0, name: 'bea' })).toBeLessThan(0);
  });
});

const groupDebtsArb = fc.array(
  fc
    .record({
      from: fc.integer({ min: 1, max: 4 }),
      to: fc.integer({ min: 1, max: 4 }),
      cents: fc.integer({ min: 1, max: 5000 }),
    })
    .map((x) => d(x.from, x.to, x.cents)),
  { maxLength: 20 },
);

describe('groupLinesForUser properties', () => {
  it("in both modes the caller's lines sum to the caller's group net", () => {
    fc.assert(
      fc.property(
        groupDebtsArb,
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        (debts, caller, simplify) => {
          const nets = computePairwiseNets(debts);
          const lines = groupLinesForUser(caller, nets, users, simplify);
          expect(lines.reduce((t, l) => t + l.netCents, 0)).toBe(personNets(nets).get(caller) ?? 0);
          for (const l of lines) expect(l.netCents).not.toBe(0);
          for (let i = 1; i < lines.length; i++) {
            const a = lines[i - 1];
            const b = lines[i];
            if (a && b) expect(Math.abs(a.netCents)).toBeGreaterThanOrEqual(Math.abs(b.netCents));
          }
        },
      ),
    );
  });
  it('simplified lines are consistent between the two people of a transfer', () => {
    fc.assert(
      fc.property(groupDebtsArb, (debts) => {
        const nets = computePairwiseNets(debts);
        for (const u of users) {
          for (const line of groupLinesForUser(u.id, nets, users, true)) {
            const back = groupLinesForUser(line.otherUser.id, nets, users, true).find(
              (l) => l.otherUser.id === u.id,
            );
            expect(back?.netCents).toBe(-line.netCents);
          }
        }
      }),
    );
  });
});
