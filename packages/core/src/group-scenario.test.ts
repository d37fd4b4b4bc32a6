// End-to-end properties over random groups: expenses and payments → debts → nets → lines/plan.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computePairwiseNets, netBetween, personNets } from './balances.js';
import { groupLinesForUser } from './group-lines.js';
import { cents } from './money.js';
import { expenseDebts, paymentDebt } from './pairwise-debts.js';
import type { Debt } from './pairwise-debts.js';
import { simplifyDebts } from './simplify-debts.js';
import { computeShares, splitAmount } from './split.js';
import type { SplitType } from './split.js';

const USERS = [1, 2, 3, 4, 5].map((id) => ({ id, name: `User ${6 - id}` }));

const expenseArb = fc.record({
  kind: fc.constant('expense' as const),
  amount: fc.integer({ min: 1, max: 1_000_000 }),
  splitType: fc.constantFrom<SplitType>('EQUAL', 'PERCENTAGE', 'SHARE', 'EXACT'),
  payerIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }),
  payerWeights: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 3, maxLength: 3 }),
  splitIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 }),
  splitWeights: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 5, maxLength: 5 }),
});
const paymentArb = fc.record({
  kind: fc.constant('payment' as const),
  from: fc.integer({ min: 1, max: 5 }),
  to: fc.integer({ min: 1, max: 5 }),
  amount: fc.integer({ min: 1, max: 100_000 }),
});
const historyArb = fc.array(fc.oneof(expenseArb, paymentArb), { maxLength: 15 });

type History = typeof historyArb extends fc.Arbitrary<infer H> ? H : never;

function debtsOf(history: History): Debt[] {
  const debts: Debt[] = [];
  for (const item of history) {
    if (item.kind === 'payment') {
      if (item.from !== item.to) debts.push(paymentDebt(item.from, item.to, cents(item.amount)));
      continue;
    }
    const amount = cents(item.amount);
    const paid = splitAmount(
      amount,
      item.payerIds.map((_, i) => BigInt(item.payerWeights[i] ?? 1)),
    );
    const weights = item.splitIds.map((_, i) => item.splitWeights[i] ?? 1);
    let values: (number | null)[];
    switch (item.splitType) {
      case 'EQUAL':
        values = weights.map(() => null);
        break;
      case 'SHARE':
        values = weights;
        break;
      case 'EXACT':
        values = splitAmount(
          amount,
          weights.map((w) => BigInt(w)),
        );
        break;
      case 'PERCENTAGE': {
        // Turn weights into percentages ×10^4 summing to exactly 100.
        const scaled = splitAmount(
          cents(1_000_000),
          weights.map((w) => BigInt(w)),
        );
        values = scaled.map((s) => s / 10_000);
        break;
      }
    }
    const shares = computeShares(
      item.splitType,
      amount,
      item.splitIds.map((userId, i) => ({ userId, value: values[i] ?? null })),
    );
    expect(shares.reduce((t, s) => t + s.owedCents, 0)).toBe(item.amount);
    debts.push(
      ...expenseDebts(
        item.payerIds.map((userId, i) => ({ userId, paidCents: paid[i] ?? cents(0) })),
        shares,
      ),
    );
  }
  return debts;
}

describe('group scenario properties', () => {
  it('group nets are antisymmetric and sum to zero', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const nets = computePairwiseNets(debtsOf(history));
        for (const u of USERS) {
          for (const v of USERS) {
            expect(netBetween(nets, u.id, v.id) + netBetween(nets, v.id, u.id)).toBe(0);
          }
        }
        expect([...personNets(nets).values()].reduce((a, b) => a + b, 0)).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
  it('the simplified plan settles everyone in ≤ n − 1 transfers, whatever the history order', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const nets = computePairwiseNets(debtsOf(history));
        const people = [...personNets(nets)].map(([userId, netCents]) => ({ userId, netCents }));
        const plan = simplifyDebts(people);
        const after = new Map(people.map((p) => [p.userId, p.netCents as number]));
        for (const t of plan) {
          after.set(t.from, (after.get(t.from) ?? 0) + t.cents);
          after.set(t.to, (after.get(t.to) ?? 0) - t.cents);
        }
        for (const v of after.values()) expect(v).toBe(0);
        expect(plan.length).toBeLessThanOrEqual(
          Math.max(0, people.filter((p) => p.netCents !== 0).length - 1),
        );
        const reversed = computePairwiseNets(debtsOf([...history].reverse()));
        expect(
          simplifyDebts(
            [...personNets(reversed)].map(([userId, netCents]) => ({ userId, netCents })).reverse(),
          ),
        ).toEqual(plan);
      }),
      { numRuns: 200 },
    );
  });
  it("every member's lines sum to their group net in both modes", () => {
    fc.assert(
      fc.property(historyArb, fc.boolean(), (history, simplify) => {
        const nets = computePairwiseNets(debtsOf(history));
        const people = personNets(nets);
        for (const u of USERS) {
          const lines = groupLinesForUser(u.id, nets, USERS, simplify);
          expect(lines.reduce((t, l) => t + l.netCents, 0)).toBe(people.get(u.id) ?? 0);
        }
      }),
      { numRuns: 200 },
    );
  });
});
