// Expense categories through the HTTP API (issue #14 point 1): the set, `category` on create and
// update (default, validation, kept when not given), in every expense representation (the
// expense, my expenses, a group's transactions, the activity feed, notifications), rows written
// before categories existed, and suggestions from the caller's own history. PGlite and
// PostgreSQL.
import { CATEGORY_IDS } from '@evenly/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers } from './support/fixtures.js';
import { equalExpense, postExpense, putExpense } from './support/ledger.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

interface ExpenseBody {
  id: number;
  type: string;
  description: string;
  category: string;
}

let ctx: TestContext;
let ann: TestUser;
let bea: TestUser;
let groupId: number;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  [ann, bea] = (await createUsers(ctx, 'Ann', 'Bea')) as [TestUser, TestUser];
  groupId = await createGroup(ctx.database.handle.db, ann, 'Flat', [bea]);
});

function get(user: TestUser | null, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: user?.auth ?? {} });
}

async function create(extra: Record<string, unknown>, user: TestUser = ann) {
  const res = await postExpense(ctx, user, {
    ...equalExpense(user, [ann, bea], 30, { description: 'Dinner', groupId }),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ExpenseBody>();
}

describe('GET /api/categories', () => {
  it('lists the families and their categories without sign-in', async () => {
    const res = await get(null, '/api/categories');
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      default: string;
      families: { id: string; label: string; categories: { id: string; label: string }[] }[];
    }>();
    expect(body.default).toBe('general');
    expect(body.families.flatMap((f) => f.categories.map((c) => c.id))).toEqual(CATEGORY_IDS);
    expect(body.families.find((f) => f.id === 'food')).toMatchObject({
      label: 'Food & drink',
      categories: [
        { id: 'dining_out', label: 'Dining out', emoji: '🍽️' },
        { id: 'groceries', label: 'Groceries' },
        { id: 'drinks', label: 'Drinks' },
      ],
    });
  });
});

describe('category on expenses', () => {
  it('is General when not given, and as given (any case) otherwise', async () => {
    expect((await create({})).category).toBe('general');
    expect((await create({ category: null })).category).toBe('general');
    expect((await create({ category: ' Dining_Out ' })).category).toBe('dining_out');
  });

  it('refuses an unknown id or a non-text value with a 400 naming the field', async () => {
    for (const bad of ['food', 'DROP TABLE', 42, ['groceries'], { id: 'groceries' }]) {
      const res = await postExpense(ctx, ann, {
        ...equalExpense(ann, [ann, bea], 30, { groupId }),
        category: bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      const body = errorBody(res);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toMatch(/categor/i);
      expect(body.message).toContain('GET /api/categories');
      expect(body.details).toEqual([{ field: 'category', message: body.message }]);
    }
    const res = await postExpense(ctx, ann, {
      ...equalExpense(ann, [ann, bea], 30, { groupId }),
      category: 'food',
    });
    expect(errorBody(res).message).toBe(
      'Unknown category "food". Category must be one of the category ids that GET /api/categories lists (e.g. "groceries").',
    );
    const mine = await get(ann, '/api/expenses/my');
    expect(mine.json()).toEqual([]);
  });

  it('is changed by an edit that names one and kept by an edit that does not', async () => {
    const e = await create({ category: 'groceries' });
    const base = equalExpense(ann, [ann, bea], 40, { description: 'Weekly shop', groupId });
    const kept = await putExpense(ctx, ann, e.id, base);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<ExpenseBody>()).toMatchObject({
      description: 'Weekly shop',
      category: 'groceries',
    });
    const changed = await putExpense(ctx, ann, e.id, { ...base, category: 'household_supplies' });
    expect(changed.json<ExpenseBody>().category).toBe('household_supplies');
    const refused = await putExpense(ctx, ann, e.id, { ...base, category: 'nope' });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).details).toEqual([
      { field: 'category', message: expect.stringContaining('"nope"') as unknown },
    ]);
    expect((await get(bea, `/api/expenses/${e.id}`)).json<ExpenseBody>().category).toBe(
      'household_supplies',
    );
  });

  it('is in every list that shows expenses, and in the activity and notifications', async () => {
    const e = await create({ category: 'drinks', description: 'Beers' });
    await befriend(ctx.database.handle.db, ann, bea);
    const outside = await postExpense(ctx, ann, {
      ...equalExpense(ann, [ann, bea], 12, { description: 'Taxi home' }),
      category: 'taxi',
    });
    expect(outside.statusCode, outside.body).toBe(201);
    const friendly = outside.json<ExpenseBody>();
    await putExpense(ctx, ann, e.id, {
      ...equalExpense(ann, [ann, bea], 30, { description: 'Beers', groupId }),
      category: 'dining_out',
    });

    const one = await get(bea, `/api/expenses/${e.id}`);
    expect(one.json<ExpenseBody>().category).toBe('dining_out');
    const mine = await get(bea, '/api/expenses/my');
    expect(mine.json<ExpenseBody[]>().map((x) => [x.id, x.category])).toEqual(
      expect.arrayContaining([
        [e.id, 'dining_out'],
        [friendly.id, 'taxi'],
      ]),
    );
    const tx = await get(bea, `/api/groups/${groupId}/transactions`);
    expect(tx.json<ExpenseBody[]>().map((x) => [x.type, x.category])).toEqual([
      ['expense', 'dining_out'],
    ]);

    const activity = await get(bea, '/api/activity');
    const rows = activity.json<{ type: string; expenseId: number | null; category: unknown }[]>();
    expect(rows.map((r) => [r.type, r.expenseId, r.category])).toEqual(
      expect.arrayContaining([
        ['expense_updated', e.id, 'dining_out'],
        ['expense_added', e.id, 'drinks'],
        ['expense_added', friendly.id, 'taxi'],
      ]),
    );
    const notifications = await get(bea, '/api/notifications');
    expect(
      notifications
        .json<{ type: string; expenseId: number | null; category: unknown }[]>()
        .find((n) => n.type === 'expense_added' && n.expenseId === e.id)?.category,
    ).toBe('drinks');

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/expenses/${e.id}`,
      headers: ann.auth,
    });
    expect(deleted.statusCode).toBe(204);
    const after = (await get(bea, '/api/activity')).json<{ type: string; category: unknown }[]>();
    expect(after.find((r) => r.type === 'expense_deleted')?.category).toBe('dining_out');
    expect(after.find((r) => r.type === 'group_created')?.category ?? null).toBeNull();
  });

  it('reads rows written before categories existed (and unknown ids) as General', async () => {
    const e = await create({ category: 'gifts' });
    const db = ctx.database.handle.db;
    // A row as the migration leaves it (the column's default), one with an id this release does
    // not know, and activity rows recorded before the column existed (null).
    const [old] = await queryRows<{ id: number }>(
      db,
      sql`insert into expenses (group_id, description, amount_cents, currency, date, split_type,
                                created_by_id, payer_user_ids, payer_amounts, split_ids,
                                split_user_ids, split_owed, split_values)
          values (${groupId}, 'Old', 100, 'USD', '2020-01-01', 'EQUAL', ${ann.id},
                  array[${ann.id}]::int[], array[100]::bigint[], '{}', '{}', '{}', '{}')
          returning id`,
    );
    await queryRows(db, sql`update expenses set category = 'from_the_future' where id = ${e.id}`);
    await queryRows(db, sql`update activities set category = null where expense_id = ${e.id}`);
    const tx = (await get(ann, `/api/groups/${groupId}/transactions`)).json<ExpenseBody[]>();
    expect(tx.map((x) => [x.id, x.category])).toEqual(
      expect.arrayContaining([
        [Number(old?.id), 'general'],
        [e.id, 'general'],
      ]),
    );
    const activity = (await get(bea, '/api/activity')).json<
      { expenseId: number; category: string }[]
    >();
    expect(activity.find((r) => r.expenseId === e.id)?.category).toBe('general');
  });
});

describe('category suggestions', () => {
  it('suggest from the description, then the shop, and nothing for nothing', async () => {
    const ask = async (query: string) => {
      const res = await get(ann, `/api/categories/suggest?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ category: string | null; source: string | null }>();
    };
    expect(await ask('description=Dinner%20at%20Luigi%E2%80%99s')).toEqual({
      category: 'dining_out',
      source: 'description',
    });
    expect(await ask('description=Things&merchant=KEDAI%20RUNCIT%20ZBH')).toEqual({
      category: 'groceries',
      source: 'merchant',
    });
    expect(await ask('description=Caf%C3%A9%20cr%C3%A8me')).toEqual({
      category: 'dining_out',
      source: 'description',
    });
    expect(await ask('description=Stuff')).toEqual({ category: null, source: null });
    expect(await ask('')).toEqual({ category: null, source: null });
  });

  it('prefer the category the person most often gave a similar description', async () => {
    // Keywords would say movies; Ann files Netflix under utilities.
    await create({ description: 'Netflix', category: 'utilities' });
    await create({ description: 'netflix!', category: 'utilities' });
    await create({ description: 'Netflix', category: 'movies' });
    await create({ description: 'Netflix', category: 'general' });
    const res = await get(ann, `/api/categories/suggest?description=NETFLIX&groupId=${groupId}`);
    expect(res.json()).toEqual({ category: 'utilities', source: 'history' });
    // Bea's history is her own: keywords for her.
    const hers = await get(bea, '/api/categories/suggest?description=Netflix');
    expect(hers.json()).toEqual({ category: 'movies', source: 'description' });

    const history = await get(ann, `/api/categories/history?groupId=${groupId}`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual({
      entries: [
        { description: 'netflix', category: 'utilities', weight: 4 },
        { description: 'netflix', category: 'movies', weight: 2 },
      ],
    });
    expect((await get(bea, '/api/categories/history')).json()).toEqual({ entries: [] });
  });

  it('refuse bad input with 400 and need sign-in', async () => {
    const bad = await get(ann, '/api/categories/suggest?description=x&groupId=abc');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).message).toBe('Invalid Group ID.');
    const long = await get(ann, `/api/categories/suggest?description=${'a'.repeat(256)}`);
    expect(long.statusCode).toBe(400);
    expect(errorBody(long).details).toEqual([
      { field: 'description', message: 'description must be at most 255 characters.' },
    ]);
    expect((await get(ann, '/api/categories/history?groupId=0')).statusCode).toBe(400);
    expect((await get(null, '/api/categories/suggest?description=Dinner')).statusCode).toBe(401);
    expect((await get(null, '/api/categories/history')).statusCode).toBe(401);
  });
});
