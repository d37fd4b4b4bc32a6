// §5.9: concurrent edits and deletes of the same expense or payment are serialized (row lock
// inside the transaction), so pair_balances always match the stored rows afterwards.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
import {
  equalExpense,
  expectBalancesMatchRecomputation,
  postExpense,
  putExpense,
} from './support/ledger.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let users: TestUser[];
let groupId: number;
beforeEach(async () => {
  await ctx.reset();
  users = await createUsers(ctx, 'Ann', 'Bea', 'Cal', 'Dan');
  const [ann, ...rest] = users as [TestUser, ...TestUser[]];
  groupId = await createGroup(ctx.database.handle.db, ann, 'Trip', rest);
});

function user(i: number): TestUser {
  return users[i] as TestUser;
}

function variant(i: number) {
  const payer = user(i % 4);
  const people = users.filter((_, j) => j !== (i + 1) % 4);
  const amount = ((1000 + i * 731) / 100).toFixed(2);
  return {
    ...equalExpense(payer, people, 0, { groupId, description: `v${i}` }),
    amount,
    payers: [{ userId: payer.id, amountPaid: amount }],
  };
}

describe('concurrent writes', () => {
  it('concurrent PUTs of the same expense leave balances equal to the stored rows', async () => {
    for (let round = 0; round < 3; round++) {
      const created = await postExpense(ctx, user(0), variant(round));
      const id = created.json<{ id: number }>().id;
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => putExpense(ctx, user(i % 4), id, variant(i + round))),
      );
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      await expectBalancesMatchRecomputation(ctx.database.handle.db);
    }
  });

  it('concurrent PUTs and a DELETE: either order, consistent balances', async () => {
    for (let round = 0; round < 3; round++) {
      const keep = await postExpense(ctx, user(1), variant(round + 5));
      expect(keep.statusCode).toBe(201);
      const created = await postExpense(ctx, user(0), variant(round));
      const id = created.json<{ id: number }>().id;
      const ops = [
        putExpense(ctx, user(0), id, variant(1)),
        ctx.app.inject({ method: 'DELETE', url: `/api/expenses/${id}`, headers: user(2).auth }),
        putExpense(ctx, user(1), id, variant(2)),
        putExpense(ctx, user(3), keep.json<{ id: number }>().id, variant(3)),
      ];
      const results = await Promise.all(ops);
      expect(results[1]?.statusCode).toBe(204);
      for (const r of [results[0], results[2]]) expect([200, 404]).toContain(r?.statusCode);
      expect(results[3]?.statusCode).toBe(200);
      await expectBalancesMatchRecomputation(ctx.database.handle.db);
    }
  });

  it('concurrent payment edits, deletes and new expenses on different rows', async () => {
    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: user(1).auth,
      payload: { paidToUserId: user(0).id, amount: 10, groupId },
    });
    const pid = pay.json<{ id: number }>().id;
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/payments/${pid}`,
          headers: user(i).auth,
          payload: { paidToUserId: user(i === 0 ? 2 : 0).id, amount: 5 + i },
        }),
      ),
      ...Array.from({ length: 4 }, (_, i) => postExpense(ctx, user(i), variant(i))),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBeLessThan(300);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
    const del = await Promise.all([
      ctx.app.inject({ method: 'DELETE', url: `/api/payments/${pid}`, headers: user(0).auth }),
      ctx.app.inject({ method: 'DELETE', url: `/api/payments/${pid}`, headers: user(1).auth }),
    ]);
    expect(del.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });
});
