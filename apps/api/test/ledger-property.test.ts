// Property: random sequences of expense and payment creates, edits, deletes and restores (undo)
// through the HTTP API keep pair_balances equal to an independent recomputation with @evenly/core
// from the stored rows that are not deleted, and after every step every balance endpoint (GET /balances/group/{id}, /balances/overall,
// /balances/friends, the myBalance of /groups/my) answers what that recomputation gives. The
// endpoints are read after each write, so an answer served from a cache that the write did not
// drop fails the property.
import fc from 'fast-check';
import {
  centsToNumber,
  computePairwiseNets,
  computeShares,
  counterpartySummary,
  expenseDebts,
  groupLinesForUser,
  overallSummary,
  pairOf,
  parseMoney,
  paymentDebt,
  splitAmount,
} from '@evenly/core';
import type { Cents, Debt, PairwiseNets, SplitType } from '@evenly/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { groupLines } from '../src/modules/balances/balance-reader.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers } from './support/fixtures.js';
import { expectBalancesMatchRecomputation } from './support/ledger.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const SPLIT_TYPES: SplitType[] = ['EQUAL', 'EXACT', 'PERCENTAGE', 'SHARE'];

/** People are indexes 0..3; scope 0 = non-group, 1 = group of 0,1,2, 2 = group of all (simplified). */
const SCOPE_PEOPLE = [
  [0, 1, 2, 3],
  [0, 1, 2],
  [0, 1, 2, 3],
];

interface ExpenseSpec {
  amount: number;
  splitType: SplitType;
  payerPicks: number[];
  payerWeights: number[];
  splitPicks: number[];
  splitWeights: number[];
}

type Op =
  | { kind: 'addExpense'; scope: number; spec: ExpenseSpec }
  | { kind: 'editExpense'; pick: number; spec: ExpenseSpec }
  | { kind: 'deleteExpense'; pick: number }
  | { kind: 'addPayment'; scope: number; from: number; to: number; amount: number }
  | { kind: 'editPayment'; pick: number; to: number; amount: number }
  | { kind: 'deletePayment'; pick: number }
  // Undo: a deleted entry put back by one of the people who may (`who` picks), or a live one
  // "restored" again (idempotent, nothing moves).
  | { kind: 'restoreExpense'; pick: number; who: number; live: boolean }
  | { kind: 'restorePayment'; pick: number; who: number; live: boolean };

const specArb: fc.Arbitrary<ExpenseSpec> = fc.record({
  amount: fc.integer({ min: 1, max: 200_000 }),
  splitType: fc.constantFrom(...SPLIT_TYPES),
  payerPicks: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }),
  payerWeights: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 3, maxLength: 3 }),
  splitPicks: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
  splitWeights: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 4 }),
});

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('addExpense' as const),
      scope: fc.integer({ min: 0, max: 2 }),
      spec: specArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('editExpense' as const),
      pick: fc.nat(),
      spec: specArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('deleteExpense' as const), pick: fc.nat() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('addPayment' as const),
      scope: fc.integer({ min: 0, max: 2 }),
      from: fc.integer({ min: 0, max: 3 }),
      to: fc.integer({ min: 0, max: 3 }),
      amount: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('editPayment' as const),
      pick: fc.nat(),
      to: fc.integer({ min: 0, max: 3 }),
      amount: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('deletePayment' as const), pick: fc.nat() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('restoreExpense' as const),
      pick: fc.nat(),
      who: fc.nat(),
      live: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('restorePayment' as const),
      pick: fc.nat(),
      who: fc.nat(),
      live: fc.boolean(),
    }),
  },
);

const money = (c: number) => (c / 100).toFixed(2);

/** Weights → exact parts of `total` (at least one positive weight). */
function parts(total: number, weights: number[]): number[] {
  const w = weights.some((x) => x > 0) ? weights : weights.map((_, i) => (i === 0 ? 1 : 0));
  return splitAmount(
    total as Cents,
    w.map((x) => BigInt(x)),
  );
}

/** A valid expense body for the people of a scope; `mustInclude` is put into the split. */
function expenseBody(
  spec: ExpenseSpec,
  people: number[],
  ids: number[],
  mustInclude: number | null,
) {
  const pick = (i: number) => people[i % people.length] as number;
  const payerIdx = [...new Set(spec.payerPicks.map(pick))];
  let splitIdx = [...new Set(spec.splitPicks.map(pick))];
  if (mustInclude !== null && !splitIdx.includes(mustInclude) && !payerIdx.includes(mustInclude)) {
    splitIdx = [...splitIdx, mustInclude];
  }
  const everyone = new Set([...payerIdx, ...splitIdx]);
  if (everyone.size === 1) {
    // A non-group expense needs someone besides the caller.
    const only = payerIdx[0] as number;
    splitIdx = [...splitIdx, people[(people.indexOf(only) + 1) % people.length] as number];
  }
  const paid = parts(
    spec.amount,
    payerIdx.map((_, i) => spec.payerWeights[i] ?? 1),
  );
  const payers = payerIdx.map((p, i) => ({ userId: ids[p], amountPaid: money(paid[i] ?? 0) }));
  const w = splitIdx.map((_, i) => spec.splitWeights[i] ?? 1);
  let values: (string | number | null)[];
  switch (spec.splitType) {
    case 'EQUAL':
      values = splitIdx.map((_, i) => (i % 2 === 0 ? 33.339999999999996 : null));
      break;
    case 'EXACT':
      values = parts(spec.amount, w).map(money);
      break;
    case 'PERCENTAGE':
      values = parts(10_000, w).map((bp) => String(bp / 100));
      break;
    case 'SHARE':
      values = w.some((x) => x > 0) ? w : w.map((_, i) => (i === 0 ? 1 : 0));
      break;
  }
  return {
    description: `E${spec.amount}`,
    amount: money(spec.amount),
    splitType: spec.splitType,
    payers,
    splits: splitIdx.map((p, i) => ({ userId: ids[p], value: values[i] })),
  };
}

/** Shares recomputed with core from the stored typed values, checked against owed_cents. */
async function recomputedNetsByScope(): Promise<Map<string, PairwiseNets>> {
  const db = ctx.database.handle.db;
  const exps = await queryRows<{
    id: number;
    group_id: number | null;
    currency: string;
    amount_cents: string;
    split_type: SplitType;
  }>(
    db,
    sql`select id, group_id, currency, amount_cents::text, split_type from expenses
          where deleted_at is null order by id`,
  );
  const payers = await queryRows<{ expense_id: number; user_id: number; c: string }>(
    db,
    sql`select expense_id, user_id, amount_paid_cents::text as c from expense_payers order by expense_id, position`,
  );
  const splits = await queryRows<{
    expense_id: number;
    user_id: number;
    value: string | null;
    owed: string;
  }>(
    db,
    sql`select expense_id, user_id, value, owed_cents::text as owed from expense_splits order by expense_id, position`,
  );
  const debts = new Map<string, Debt[]>();
  const push = (scope: string, d: Debt[]) => debts.set(scope, [...(debts.get(scope) ?? []), ...d]);
  for (const e of exps) {
    const ss = splits.filter((s) => s.expense_id === e.id);
    const shares = computeShares(
      e.split_type,
      Number(e.amount_cents) as Cents,
      ss.map((s) => {
        if (e.split_type === 'EQUAL' || s.value === null) return { userId: s.user_id, value: null };
        if (e.split_type === 'EXACT') {
          const m = parseMoney(s.value);
          return { userId: s.user_id, value: m.ok ? m.cents : -1 };
        }
        return { userId: s.user_id, value: Number(s.value) };
      }),
    );
    expect(shares.map((s) => s.owedCents)).toEqual(ss.map((s) => Number(s.owed)));
    const ps = payers
      .filter((p) => p.expense_id === e.id)
      .map((p) => ({ userId: p.user_id, paidCents: Number(p.c) as Cents }));
    push(`${e.group_id ?? 0}|${e.currency}`, expenseDebts(ps, shares));
  }
  const pays = await queryRows<{
    group_id: number | null;
    currency: string;
    paid_by_id: number;
    paid_to_id: number;
    c: string;
  }>(
    db,
    sql`select group_id, currency, paid_by_id, paid_to_id, amount_cents::text as c from payments
          where deleted_at is null`,
  );
  for (const p of pays) {
    push(`${p.group_id ?? 0}|${p.currency}`, [
      paymentDebt(p.paid_by_id, p.paid_to_id, Number(p.c) as Cents),
    ]);
  }
  const out = new Map<string, PairwiseNets>();
  for (const [scope, d] of debts) out.set(scope, computePairwiseNets(d));
  return out;
}

interface GroupShape {
  id: number;
  simplifyDebts: boolean;
  /** Indexes of the current members. */
  members: number[];
}

/**
 * Every balance endpoint, read over HTTP by every user, against the recomputation: group lines
 * (which must sum to zero per group), the overall summary, the balance with each friend and the
 * myBalance of each group in /groups/my.
 */
async function expectEndpointsMatch(
  users: readonly TestUser[],
  groups: readonly GroupShape[],
  nets: Map<string, PairwiseNets>,
): Promise<void> {
  const named = users.map((u) => ({ id: u.id, name: u.name, email: u.email }));
  const read = async <T>(who: TestUser, url: string): Promise<T> => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: who.auth });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const money = (c: number) => centsToNumber(c as Cents);
  for (const g of groups) {
    const groupNets = nets.get(`${g.id}|USD`) ?? new Map();
    let total = 0;
    for (const m of g.members) {
      const u = users[m] as TestUser;
      const expected = groupLinesForUser(u.id, groupNets, named, g.simplifyDebts);
      const lines = await read<
        { otherUser: { id: number }; netAmount: number; currency: string }[]
      >(u, `/api/balances/group/${g.id}`);
      expect(lines.map((l) => [l.otherUser.id, l.netAmount, l.currency])).toEqual(
        expected.map((l) => [l.otherUser.id, money(l.netCents), 'USD']),
      );
      total += expected.reduce((t, l) => t + l.netCents, 0);
    }
    expect(total).toBe(0);
  }
  for (const u of users) {
    // Per counterparty: each group's line as the group shows it, plus the non-group net.
    const net = new Map<number, number>();
    const nonGroup = new Map<number, number>();
    const add = (m: Map<number, number>, id: number, c: number) => m.set(id, (m.get(id) ?? 0) + c);
    for (const g of groups) {
      for (const l of groupLinesForUser(
        u.id,
        nets.get(`${g.id}|USD`) ?? new Map(),
        named,
        g.simplifyDebts,
      )) {
        add(net, l.otherUser.id, l.netCents);
      }
    }
    for (const [key, c] of nets.get('0|USD') ?? (new Map() as PairwiseNets)) {
      const [low, high] = pairOf(key);
      if (low !== u.id && high !== u.id) continue;
      const other = low === u.id ? high : low;
      const mine = low === u.id ? c : -c;
      add(net, other, mine);
      add(nonGroup, other, mine);
    }
    const overall = overallSummary(
      [...net].map(([counterpartyId, netCents]) => ({ counterpartyId, currency: 'USD', netCents })),
    );
    expect(
      await read<{ totalOwedToUser: number; totalOwedByUser: number }>(u, '/api/balances/overall'),
    ).toMatchObject({
      totalOwedToUser: money(overall.totalOwedToUser),
      totalOwedByUser: money(overall.totalOwedByUser),
    });
    const friends = await read<
      { otherUser: { id: number }; netBalance: number; nonGroupBalance: number }[]
    >(u, '/api/balances/friends');
    for (const f of friends) {
      const summary = counterpartySummary([
        {
          currency: 'USD',
          netCents: net.get(f.otherUser.id) ?? 0,
          nonGroupCents: nonGroup.get(f.otherUser.id) ?? 0,
        },
      ]);
      expect([f.otherUser.id, f.netBalance, f.nonGroupBalance]).toEqual([
        f.otherUser.id,
        money(summary.netBalance),
        money(summary.nonGroupBalance),
      ]);
    }
    const mine = await read<{ id: number; myBalance: { net: number } }[]>(u, '/api/groups/my');
    for (const g of groups) {
      const shown = mine.find((x) => x.id === g.id);
      if (!g.members.includes(users.indexOf(u))) {
        expect(shown).toBeUndefined();
        continue;
      }
      const lines = groupLinesForUser(
        u.id,
        nets.get(`${g.id}|USD`) ?? new Map(),
        named,
        g.simplifyDebts,
      );
      expect(shown?.myBalance.net).toBe(money(lines.reduce((t, l) => t + l.netCents, 0)));
    }
  }
}

describe('ledger property', () => {
  it('pair_balances and group lines always equal the recomputation from stored rows, through deletes and restores', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 15 }), async (ops) => {
        await ctx.reset();
        const db = ctx.database.handle.db;
        const users = await createUsers(ctx, 'Ann', 'Bea', 'Cal', 'Dan');
        const ids = users.map((u) => u.id);
        for (let i = 0; i < 4; i++)
          for (let j = i + 1; j < 4; j++)
            await befriend(db, users[i] as TestUser, users[j] as TestUser);
        const [a, b, c, d] = users as [TestUser, TestUser, TestUser, TestUser];
        const g1 = await createGroup(db, a, 'One', [b, c]);
        const g2 = await createGroup(db, a, 'Two', [b, c, d], { simplifyDebts: true });
        const groupOf = [null, g1, g2];
        const groups: GroupShape[] = [
          { id: g1, simplifyDebts: false, members: [0, 1, 2] },
          { id: g2, simplifyDebts: true, members: [0, 1, 2, 3] },
        ];
        const expenses: { id: number; scope: number; participants: number[] }[] = [];
        const payments: { id: number; scope: number; from: number; to: number }[] = [];
        // Deleted entries, restorable.
        const deletedExpenses: typeof expenses = [];
        const deletedPayments: typeof payments = [];
        /** Who may restore: any member of its group, else someone on it. */
        const restorer = (scope: number, onIt: number[], who: number): TestUser => {
          const pool = scope === 0 ? onIt : (SCOPE_PEOPLE[scope] as number[]);
          return users[pool[who % pool.length] as number] as TestUser;
        };
        const restore = async (url: string, user: TestUser) => {
          const r = await ctx.app.inject({ method: 'POST', url, headers: user.auth });
          expect(r.statusCode, r.body).toBe(200);
        };

        for (const op of ops) {
          let res;
          if (op.kind === 'addExpense') {
            const body = expenseBody(op.spec, SCOPE_PEOPLE[op.scope] as number[], ids, null);
            const callerIdx = ids.indexOf(body.payers[0]?.userId as number);
            res = await ctx.app.inject({
              method: 'POST',
              url: '/api/expenses',
              headers: (users[callerIdx] as TestUser).auth,
              payload: { ...body, groupId: groupOf[op.scope] },
            });
            expect(res.statusCode, res.body).toBe(201);
            const parts = [...body.payers, ...body.splits].map((p) =>
              ids.indexOf(p.userId as number),
            );
            expenses.push({
              id: res.json<{ id: number }>().id,
              scope: op.scope,
              participants: parts,
            });
          } else if (op.kind === 'editExpense' && expenses.length > 0) {
            const e = expenses[op.pick % expenses.length] as (typeof expenses)[number];
            const caller = e.participants[0] as number;
            const body = expenseBody(
              op.spec,
              SCOPE_PEOPLE[e.scope] as number[],
              ids,
              e.scope === 0 ? caller : null,
            );
            res = await ctx.app.inject({
              method: 'PUT',
              url: `/api/expenses/${e.id}`,
              headers: (users[caller] as TestUser).auth,
              payload: body,
            });
            expect(res.statusCode, res.body).toBe(200);
            e.participants = [...body.payers, ...body.splits].map((p) =>
              ids.indexOf(p.userId as number),
            );
          } else if (op.kind === 'deleteExpense' && expenses.length > 0) {
            const [e] = expenses.splice(op.pick % expenses.length, 1);
            res = await ctx.app.inject({
              method: 'DELETE',
              url: `/api/expenses/${e?.id}`,
              headers: (users[e?.participants[0] ?? 0] as TestUser).auth,
            });
            expect(res.statusCode, res.body).toBe(204);
            if (e !== undefined) deletedExpenses.push(e);
          } else if (op.kind === 'restoreExpense' && !op.live && deletedExpenses.length > 0) {
            const [e] = deletedExpenses.splice(op.pick % deletedExpenses.length, 1);
            if (e === undefined) continue;
            const before = await ctx.app.inject({
              method: 'GET',
              url: `/api/expenses/${e.id}`,
              headers: (users[e.participants[0] ?? 0] as TestUser).auth,
            });
            expect(before.statusCode).toBe(404);
            await restore(
              `/api/expenses/${e.id}/restore`,
              restorer(e.scope, e.participants, op.who),
            );
            expenses.push(e);
          } else if (op.kind === 'restoreExpense' && op.live && expenses.length > 0) {
            const e = expenses[op.pick % expenses.length] as (typeof expenses)[number];
            await restore(
              `/api/expenses/${e.id}/restore`,
              restorer(e.scope, e.participants, op.who),
            );
          } else if (op.kind === 'addPayment') {
            const people = SCOPE_PEOPLE[op.scope] as number[];
            const from = people[op.from % people.length] as number;
            let to = people[op.to % people.length] as number;
            if (to === from) to = people[(people.indexOf(from) + 1) % people.length] as number;
            res = await ctx.app.inject({
              method: 'POST',
              url: '/api/payments',
              headers: (users[from] as TestUser).auth,
              payload: {
                paidToUserId: ids[to],
                amount: money(op.amount),
                groupId: groupOf[op.scope],
              },
            });
            expect(res.statusCode, res.body).toBe(201);
            payments.push({ id: res.json<{ id: number }>().id, scope: op.scope, from, to });
          } else if (op.kind === 'editPayment' && payments.length > 0) {
            const p = payments[op.pick % payments.length] as (typeof payments)[number];
            const people = SCOPE_PEOPLE[p.scope] as number[];
            let to = people[op.to % people.length] as number;
            if (to === p.from) to = people[(people.indexOf(p.from) + 1) % people.length] as number;
            res = await ctx.app.inject({
              method: 'PUT',
              url: `/api/payments/${p.id}`,
              headers: (users[p.from] as TestUser).auth,
              payload: { paidToUserId: ids[to], amount: money(op.amount) },
            });
            expect(res.statusCode, res.body).toBe(200);
            p.to = to;
          } else if (op.kind === 'deletePayment' && payments.length > 0) {
            const [p] = payments.splice(op.pick % payments.length, 1);
            res = await ctx.app.inject({
              method: 'DELETE',
              url: `/api/payments/${p?.id}`,
              headers: (users[p?.from ?? 0] as TestUser).auth,
            });
            expect(res.statusCode, res.body).toBe(204);
            if (p !== undefined) deletedPayments.push(p);
          } else if (op.kind === 'restorePayment' && deletedPayments.length > 0 && !op.live) {
            const [p] = deletedPayments.splice(op.pick % deletedPayments.length, 1);
            if (p === undefined) continue;
            await restore(
              `/api/payments/${p.id}/restore`,
              restorer(p.scope, [p.from, p.to], op.who),
            );
            payments.push(p);
          } else if (op.kind === 'restorePayment' && op.live && payments.length > 0) {
            const p = payments[op.pick % payments.length] as (typeof payments)[number];
            await restore(
              `/api/payments/${p.id}/restore`,
              restorer(p.scope, [p.from, p.to], op.who),
            );
          } else {
            continue;
          }

          // 1. The running totals equal the stored rows' recomputation.
          await expectBalancesMatchRecomputation(db);
          // 2. So does every balance endpoint, over HTTP.
          const recomputed = await recomputedNetsByScope();
          await expectEndpointsMatch(users, groups, recomputed);
          // 3. The group-lines reader used by the writes (settle-up) agrees.
          const nets = recomputed;
          const named = users.map((u) => ({ id: u.id, name: u.name, email: u.email }));
          for (const g of groups) {
            const groupNets = nets.get(`${g.id}|USD`) ?? new Map();
            let total = 0;
            for (const m of g.members) {
              const uid = ids[m] as number;
              const read = await groupLines(db, g, uid);
              const expected = groupLinesForUser(uid, groupNets, named, g.simplifyDebts);
              expect(read.map((l) => [l.otherUser.id, l.netCents, l.currency])).toEqual(
                expected.map((l) => [l.otherUser.id, l.netCents, 'USD']),
              );
              total += read.reduce((t, l) => t + l.netCents, 0);
            }
            expect(total).toBe(0);
          }
        }
      }),
      { numRuns: 30, endOnFailure: true },
    );
  }, 400_000);
});
