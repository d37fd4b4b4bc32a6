// Property: whatever the history of a group with guests (expenses with several payers and any
// split, payments either way, in two currencies), merging a guest into a member — by a member's
// merge or by claiming through the invite link — keeps the books: nets still sum to zero, the
// stored running totals equal a recomputation from the stored rows, every expense's copy of its
// payers and splits matches its rows, and the member's group net in every currency is their net
// before plus the guest's while everyone else's is unchanged — exactly, except that an expense
// with several payers naming both the guest and the member may move rounding cents (a
// combined share is spread over the payers as one amount; see guest-merge.ts).
import fc from 'fast-check';
import { cents, splitAmount } from '@evenly/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from './support/fixtures.js';
import { expectBalancesMatchRecomputation, expectExpenseCopiesMatch } from './support/ledger.js';
import { caller, makeUsers } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const db = () => ctx.database.handle.db;

/** People by index: 0 Ann, 1 Bea (accounts), 2 Gus, 3 Hal (guests). */
interface ExpenseOp {
  kind: 'expense';
  amountCents: number;
  currency: 'USD' | 'EUR';
  splitType: 'EQUAL' | 'EXACT' | 'SHARE';
  payers: number[];
  payerWeights: number[];
  splits: number[];
  splitWeights: number[];
}
interface PaymentOp {
  kind: 'payment';
  from: number;
  to: number;
  amountCents: number;
  currency: 'USD' | 'EUR';
}
type Op = ExpenseOp | PaymentOp;

const currencyArb = fc.constantFrom<'USD' | 'EUR'>('USD', 'EUR');
const expenseArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('expense' as const),
  amountCents: fc.integer({ min: 1, max: 50_000 }),
  currency: currencyArb,
  splitType: fc.constantFrom<'EQUAL' | 'EXACT' | 'SHARE'>('EQUAL', 'EXACT', 'SHARE'),
  payers: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }),
  payerWeights: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 3, maxLength: 3 }),
  splits: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
  splitWeights: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 4, maxLength: 4 }),
});
const paymentArb: fc.Arbitrary<Op> = fc
  .record({
    kind: fc.constant('payment' as const),
    from: fc.integer({ min: 0, max: 3 }),
    to: fc.integer({ min: 0, max: 3 }),
    amountCents: fc.integer({ min: 1, max: 20_000 }),
    currency: currencyArb,
  })
  .filter((p) => p.from !== p.to);

const scenarioArb = fc.record({
  ops: fc.array(
    fc.oneof({ weight: 3, arbitrary: expenseArb }, { weight: 1, arbitrary: paymentArb }),
    {
      minLength: 1,
      maxLength: 6,
    },
  ),
  guest: fc.constantFrom(2, 3),
  into: fc.constantFrom(0, 1),
  how: fc.constantFrom<'merge' | 'claim'>('merge', 'claim'),
});

const major = (c: number) => c / 100;

function parts(total: number, weights: number[]): number[] {
  return splitAmount(
    cents(total),
    weights.map((w) => BigInt(w)),
  ).map(Number);
}

function expenseBody(op: ExpenseOp, ids: number[], groupId: number) {
  const id = (i: number) => ids[i] ?? 0;
  const paid = parts(
    op.amountCents,
    op.payers.map((_, i) => op.payerWeights[i] ?? 1),
  );
  const weights = op.splits.map((_, i) => op.splitWeights[i] ?? 1);
  const owed = parts(op.amountCents, weights);
  return {
    groupId,
    description: 'Thing',
    amount: major(op.amountCents),
    currency: op.currency,
    splitType: op.splitType,
    payers: op.payers.map((p, i) => ({ userId: id(p), amountPaid: major(paid[i] ?? 0) })),
    splits: op.splits.map((s, i) =>
      op.splitType === 'EQUAL'
        ? { userId: id(s) }
        : op.splitType === 'SHARE'
          ? { userId: id(s), value: weights[i] }
          : { userId: id(s), value: major(owed[i] ?? 0) },
    ),
  };
}

async function nets(groupId: number): Promise<Map<string, number>> {
  const res = (await db()
    .execute(sql`select currency, user_low, user_high, sum(net_cents)::text as net
      from pair_balances where group_id = ${groupId} group by currency, user_low, user_high`)) as unknown as {
    rows: { currency: string; user_low: number; user_high: number; net: string }[];
  };
  const out = new Map<string, number>();
  const add = (id: number, c: string, v: number) =>
    out.set(`${id}|${c}`, (out.get(`${id}|${c}`) ?? 0) + v);
  for (const r of res.rows) {
    add(r.user_low, r.currency, Number(r.net));
    add(r.user_high, r.currency, -Number(r.net));
  }
  return out;
}

describe('merging a guest keeps the books', () => {
  it('for random histories', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ ops, guest, into, how }) => {
        await ctx.reset();
        const [ann, bea, zed] = await makeUsers(ctx, 'Ann', 'Bea', 'Zed');
        const groupId = await createGroup(db(), ann, 'Trip', [bea], { currencyMode: 'SEPARATE' });
        const ids = [ann.id, bea.id];
        for (const name of ['Gus', 'Hal']) {
          const res = await caller(ctx, ann)('POST', `/api/groups/${groupId}/guests`, { name });
          const g = res.json<{ members: { id: number; name: string }[] }>();
          ids.push(g.members.find((m) => m.name === name)?.id ?? 0);
        }
        for (const op of ops) {
          const res =
            op.kind === 'expense'
              ? await caller(ctx, bea)('POST', '/api/expenses', expenseBody(op, ids, groupId))
              : await caller(ctx, ann)('POST', '/api/payments', {
                  groupId,
                  paidByUserId: ids[op.from],
                  paidToUserId: ids[op.to],
                  amount: major(op.amountCents),
                  currency: op.currency,
                });
          expect(res.statusCode, res.body).toBe(201);
        }
        const guestId = ids[guest] ?? 0;
        // A claim through the link makes a newcomer (Zed) the member the guest is merged into.
        const target = how === 'claim' ? zed : into === 0 ? ann : bea;
        const before = await nets(groupId);
        if (how === 'merge') {
          const res = await caller(ctx, ann)(
            'POST',
            `/api/groups/${groupId}/guests/${guestId}/merge`,
            { intoUserId: target.id },
          );
          expect(res.statusCode, res.body).toBe(200);
        } else {
          const link = await caller(ctx, bea)('POST', `/api/groups/${groupId}/invite-link`, {});
          const { token } = link.json<{ token: string }>();
          const res = await caller(ctx, zed)('POST', `/api/invites/${token}/accept`, {
            claimGuestId: guestId,
          });
          expect(res.statusCode, res.body).toBe(200);
        }
        const after = await nets(groupId);
        const targetIndex = ids.indexOf(target.id);
        for (const currency of ['USD', 'EUR']) {
          const v = (m: Map<string, number>, id: number) => m.get(`${id}|${currency}`) ?? 0;
          // Expenses where combining the two can move a rounding cent between payers.
          // Each share spread over the payers again may move a cent per payer at most.
          let slack = 0;
          for (const op of ops) {
            if (op.kind !== 'expense' || op.currency !== currency || op.payers.length < 2) continue;
            const named = [...op.payers, ...op.splits];
            if (named.includes(guest) && named.includes(targetIndex)) {
              slack += op.splits.length + op.payers.length;
            }
          }
          const near = (got: number, want: number) =>
            expect(Math.abs(got - want), `${got} vs ${want}`).toBeLessThanOrEqual(slack);
          near(v(after, target.id), v(before, target.id) + v(before, guestId));
          expect(v(after, guestId)).toBe(0);
          for (const id of [...ids, zed.id]) {
            if (id === target.id || id === guestId) continue;
            near(v(after, id), v(before, id));
          }
          let sum = 0;
          for (const [k, n] of after) if (k.endsWith(`|${currency}`)) sum += n;
          expect(sum).toBe(0);
        }
        await expectBalancesMatchRecomputation(db());
        await expectExpenseCopiesMatch(db());
      }),
      { numRuns: 30 },
    );
  }, 1_500_000);
});
