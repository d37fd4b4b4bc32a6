// Items of an expense split by item through the HTTP API (issue #31 point 2): saved with the
// expense in its write, returned on every read of it, replaced on PUT, kept by an edit that
// leaves the split as the items give it and dropped by one that changes it, validated against
// the split. An expense without items behaves as before. PGlite and PostgreSQL.
import { formatMinor, messageText, splitByItems } from '@evenly/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
import {
  equalExpense,
  postExpense,
  putExpense,
  recomputeNets,
  storedNets,
} from './support/ledger.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

interface ItemOut {
  description: string;
  amount: number;
  users: { id: number; name: string }[];
}
interface ExpenseOut {
  id: number;
  description: string;
  splitType: string;
  splits: { owedBy: { id: number }; amountOwed: number }[];
  items: ItemOut[];
}

let ctx: TestContext;
let ann: TestUser;
let bea: TestUser;
let cat: TestUser;
let groupId: number;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  [ann, bea, cat] = (await createUsers(ctx, 'Ann', 'Bea', 'Cat')) as [TestUser, TestUser, TestUser];
  groupId = await createGroup(ctx.database.handle.db, ann, 'Flat', [bea, cat]);
});

type Item = { description: string; amount: string; userIds: number[] };

/** A body split by item: the EXACT split is what @evenly/core's splitByItems gives. */
function itemized(total: string, items: Item[], extra: Record<string, unknown> = {}) {
  const totalCents = Math.round(Number(total) * 100);
  const r = splitByItems(
    totalCents,
    items.map((i) => ({ amount: Math.round(Number(i.amount) * 100), people: i.userIds })),
  );
  if (!r.ok) throw new Error(messageText(r.message));
  return {
    description: 'Dinner',
    groupId,
    amount: total,
    splitType: 'EXACT',
    payers: [{ userId: ann.id, amountPaid: total }],
    splits: r.shares.map((s) => ({ userId: s.userId, value: formatMinor(s.amount, 'USD') })),
    items,
    ...extra,
  };
}

const dinner = (): Item[] => [
  { description: 'Soup', amount: '10.00', userIds: [ann.id] },
  { description: 'Steak', amount: '30.00', userIds: [bea.id] },
  { description: 'Wine', amount: '20.01', userIds: [ann.id, bea.id] },
  { description: 'Coupon', amount: '-2.00', userIds: [bea.id] },
];

function get(id: number) {
  return ctx.app.inject({ method: 'GET', url: `/api/expenses/${id}`, headers: ann.auth });
}

async function create(body: unknown): Promise<ExpenseOut> {
  const res = await postExpense(ctx, ann, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ExpenseOut>();
}

const summary = (items: ItemOut[]) =>
  items.map((i) => [i.description, i.amount, i.users.map((u) => u.name)]);

describe('expense items', () => {
  it('are saved with the expense and returned on create, GET and the group list', async () => {
    const created = await create(itemized('64.00', dinner()));
    const expected = [
      ['Soup', 10, ['Ann']],
      ['Steak', 30, ['Bea']],
      ['Wine', 20.01, ['Ann', 'Bea']],
      ['Coupon', -2, ['Bea']],
    ];
    expect(summary(created.items)).toEqual(expected);
    expect(summary((await get(created.id)).json<ExpenseOut>().items)).toEqual(expected);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}/transactions`,
      headers: bea.auth,
    });
    expect(summary(list.json<ExpenseOut[]>()[0]?.items ?? [])).toEqual(expected);
    // The balances are the split's, as for any EXACT expense.
    expect(await storedNets(ctx.database.handle.db)).toEqual(
      await recomputeNets(ctx.database.handle.db),
    );
  });

  it('leave an expense without items as it was: items is an empty list', async () => {
    const res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 30, { groupId }));
    expect(res.statusCode).toBe(201);
    expect(res.json<ExpenseOut>().items).toEqual([]);
    const id = res.json<ExpenseOut>().id;
    const put = await putExpense(ctx, ann, id, equalExpense(ann, [ann, bea], 40, { groupId }));
    expect(put.statusCode).toBe(200);
    expect(put.json<ExpenseOut>().items).toEqual([]);
  });

  it('are replaced on PUT: one item given to someone else moves its share', async () => {
    const created = await create(itemized('64.00', dinner()));
    const changed = dinner().map((i) =>
      i.description === 'Steak' ? { ...i, userIds: [cat.id] } : i,
    );
    const res = await putExpense(ctx, ann, created.id, itemized('64.00', changed));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ExpenseOut>();
    expect(body.items.find((i) => i.description === 'Steak')?.users.map((u) => u.name)).toEqual([
      'Cat',
    ]);
    expect(body.splits.map((s) => s.owedBy.id)).toEqual([ann.id, cat.id, bea.id]);
    expect(summary((await get(created.id)).json<ExpenseOut>().items)).toEqual(summary(body.items));
    expect(await storedNets(ctx.database.handle.db)).toEqual(
      await recomputeNets(ctx.database.handle.db),
    );
    // An empty list removes them.
    const none = await putExpense(ctx, ann, created.id, {
      ...itemized('64.00', changed),
      items: [],
    });
    expect(none.json<ExpenseOut>().items).toEqual([]);
  });

  it('are kept by an edit without items that keeps the split, dropped by one that changes it', async () => {
    const body = itemized('64.00', dinner());
    const created = await create(body);
    const { items: _left, ...withoutItems } = body;
    const renamed = await putExpense(ctx, ann, created.id, {
      ...withoutItems,
      description: 'Dinner at Lucca',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ExpenseOut>().items).toHaveLength(4);
    const equal = await putExpense(
      ctx,
      ann,
      created.id,
      equalExpense(ann, [ann, bea], 64, { groupId }),
    );
    expect(equal.statusCode).toBe(200);
    expect(equal.json<ExpenseOut>().items).toEqual([]);
    expect((await get(created.id)).json<ExpenseOut>().items).toEqual([]);
  });

  it('are refused when they do not explain the split, naming the field', async () => {
    const body = itemized('64.00', dinner());
    const refuse = async (data: unknown, field: string, message: string) => {
      const res = await postExpense(ctx, ann, data);
      expect(res.statusCode, res.body).toBe(400);
      const e = errorBody(res);
      expect(e.code).toBe('VALIDATION_FAILED');
      expect(e.message).toBe(message);
      expect(e.details?.[0]?.field).toBe(field);
    };
    await refuse(
      {
        ...body,
        splits: [
          { userId: ann.id, value: '32.00' },
          { userId: bea.id, value: '32.00' },
        ],
      },
      'items',
      'The split must be the one the items give: each item shared equally by the people who had it, the rest of the amount spread in proportion.',
    );
    await refuse(
      { ...body, items: [...dinner(), { description: 'Tea', amount: '1.00', userIds: [cat.id] }] },
      'items[4].userIds',
      'Everyone who had an item must be in the split.',
    );
    await refuse(
      { ...equalExpense(ann, [ann, bea], 64, { groupId }), items: dinner() },
      'splitType',
      'An expense split by item must have splitType EXACT.',
    );
    await refuse(
      { ...body, items: [{ description: '', amount: '1', userIds: [ann.id] }] },
      'items[0].description',
      'Please enter a name for each item.',
    );
    // Nothing was written.
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/expenses/my',
      headers: ann.auth,
    });
    expect(mine.json<unknown[]>()).toEqual([]);
  });

  it('keep a hostile description as text', async () => {
    const items: Item[] = [
      { description: '=HYPERLINK("http://x")<script>', amount: '5.00', userIds: [ann.id, bea.id] },
    ];
    const created = await create(itemized('5.00', items));
    expect(created.items[0]?.description).toBe('=HYPERLINK("http://x")<script>');
  });

  it('follow a guest merged into a member: their items become the member’s, once each', async () => {
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/groups/${groupId}/guests`,
      headers: ann.auth,
      payload: { name: 'Dan' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const dan = added
      .json<{ members: { id: number; name: string }[] }>()
      .members.find((m) => m.name === 'Dan');
    if (dan === undefined) throw new Error('no guest');
    const created = await create(
      itemized('30.00', [
        { description: 'Soup', amount: '10.00', userIds: [dan.id] },
        { description: 'Wine', amount: '20.00', userIds: [dan.id, bea.id] },
      ]),
    );
    const merged = await ctx.app.inject({
      method: 'POST',
      url: `/api/groups/${groupId}/guests/${dan.id}/merge`,
      headers: ann.auth,
      payload: { intoUserId: bea.id },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(summary((await get(created.id)).json<ExpenseOut>().items)).toEqual([
      ['Soup', 10, ['Bea']],
      ['Wine', 20, ['Bea']],
    ]);
  });
});
