// Issue #31 point 1: docs/api.md §5.1 amended to largest remainder. Every example of the
// amendment goes through the real HTTP stack; a converted expense is split by the same rule;
// expenses stored under the old rule keep their stored parts until an edit computes them again.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
import { equalExpense, postExpense, putExpense } from './support/ledger.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let people: TestUser[];
let groupId: number;
beforeEach(async () => {
  await ctx.reset();
  people = await createUsers(
    ctx,
    'Ann',
    'Bea',
    'Cal',
    'Dan',
    'Eve',
    'Fay',
    'Gus',
    'Hal',
    'Ivy',
    'Jo',
  );
  const [ann, ...others] = people as [TestUser, ...TestUser[]];
  groupId = await createGroup(ctx.database.handle.db, ann, 'Lisbon', others, {
    defaultCurrency: 'EUR',
  });
});

const owed = (body: { splits: { amountOwed: number }[] }): number[] =>
  body.splits.map((s) => s.amountOwed);

function first(n: number): TestUser[] {
  return people.slice(0, n);
}

describe('§5.1 examples through POST /api/expenses', () => {
  const equal: [amount: number, n: number, parts: number[]][] = [
    [10.02, 4, [2.51, 2.51, 2.5, 2.5]],
    [100, 3, [33.34, 33.33, 33.33]],
    [20, 3, [6.67, 6.67, 6.66]],
    [10.01, 2, [5.01, 5]],
    [0.05, 10, [0.01, 0.01, 0.01, 0.01, 0.01, 0, 0, 0, 0, 0]],
    // The reports: the old rule gave the last person .26, 0.00 and 0.96.
    [1.1, 4, [0.28, 0.28, 0.27, 0.27]],
    [0.06, 4, [0.02, 0.02, 0.01, 0.01]],
    [10.05, 10, [1.01, 1.01, 1.01, 1.01, 1.01, 1, 1, 1, 1, 1]],
  ];
  it.each(equal)('%d between %d', async (amount, n, parts) => {
    const [payer] = people as [TestUser];
    const res = await postExpense(ctx, payer, equalExpense(payer, first(n), amount, { groupId }));
    expect(res.statusCode, res.body).toBe(201);
    expect(owed(res.json())).toEqual(parts);
  });

  it('90.00 in shares 2:1', async () => {
    const [ann, bea] = people as [TestUser, TestUser];
    const res = await postExpense(ctx, ann, {
      ...equalExpense(ann, [ann, bea], 90, { groupId }),
      splitType: 'SHARE',
      splits: [
        { userId: ann.id, value: 2 },
        { userId: bea.id, value: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(owed(res.json())).toEqual([60, 30]);
  });

  it('a converted expense: MYR 53.55 charged as €11.02 among 4 → 2.76, 2.76, 2.75, 2.75', async () => {
    const [ann] = people as [TestUser];
    const res = await postExpense(
      ctx,
      ann,
      equalExpense(ann, first(4), 53.55, { groupId, currency: 'MYR', convertedAmount: 11.02 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{
      splits: { amountOwed: number }[];
      conversion: { splits: { amountOwed: number }[] };
    }>();
    expect(owed(body)).toEqual([13.39, 13.39, 13.39, 13.38]);
    expect(owed(body.conversion)).toEqual([2.76, 2.76, 2.75, 2.75]);
  });
});

describe('expenses stored under the old rule', () => {
  it('keep their stored parts when read or restored; an edit computes them again', async () => {
    const [ann, bea, cal] = people as [TestUser, TestUser, TestUser];
    const created = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea, cal], 100, { groupId }),
    );
    const id = created.json<{ id: number }>().id;
    expect(owed(created.json())).toEqual([33.34, 33.33, 33.33]);
    // What the old version stored: the last participant took the rest.
    const db = ctx.database.handle.db;
    await db.execute(sql`update expenses set split_owed = '{3333,3333,3334}' where id = ${id}`);
    await db.execute(
      sql`update expense_splits set owed_cents = case position when 2 then 3334 else 3333 end
          where expense_id = ${id}`,
    );
    const get = async () =>
      owed(
        (
          await ctx.app.inject({ method: 'GET', url: `/api/expenses/${id}`, headers: ann.auth })
        ).json(),
      );
    expect(await get()).toEqual([33.33, 33.33, 33.34]);

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/expenses/${id}`,
      headers: ann.auth,
    });
    expect(del.statusCode, del.body).toBe(204);
    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/expenses/${id}/restore`,
      headers: ann.auth,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await get()).toEqual([33.33, 33.33, 33.34]);

    const edited = await putExpense(
      ctx,
      ann,
      id,
      equalExpense(ann, [ann, bea, cal], 100, { groupId, description: 'Dinner at Ramiro' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await get()).toEqual([33.34, 33.33, 33.33]);
  });
});
