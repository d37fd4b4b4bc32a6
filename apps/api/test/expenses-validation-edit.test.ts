// Expense validation (docs/api.md §4.4): group 404 and member 403 before every rule, each field
// message with its details, rules 1–6 in order; then PUT, DELETE and GET of one expense: whole
// replacement, path ids, who may edit, and what a delete removes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, leaveGroup, resetTrip } from './support/fixtures.js';
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

let ann: TestUser;
let bea: TestUser;
let cal: TestUser;
let dan: TestUser;
let groupId: number;
beforeEach(async () => {
  ({ ann, bea, cal, dan, groupId } = await resetTrip(ctx));
});

describe('POST /api/expenses validation order (§4.4)', () => {
  async function expectError(data: unknown, status: number, message: string, code?: string) {
    const res = await postExpense(ctx, ann, data);
    expect(res.statusCode, res.body).toBe(status);
    const body = errorBody(res);
    expect(body.message).toBe(message);
    if (code !== undefined) expect(body.code).toBe(code);
    return body;
  }

  it('group 404 and member 403 come before every rule', async () => {
    const bad = { ...equalExpense(ann, [ann, ann], 10), description: '' };
    await expectError({ ...bad, groupId: 999999 }, 404, 'Group not found.', 'NOT_FOUND');
    const other = await createGroup(ctx.database.handle.db, bea, 'Other', [cal]);
    await expectError({ ...bad, groupId: other }, 403, 'You are not a member of this group.');
    await leaveGroup(ctx.database.handle.db, groupId, ann.id);
    await expectError({ ...bad, groupId }, 403, 'You are not a member of this group.');
  });

  it('field messages with details', async () => {
    const body = await expectError(
      { ...equalExpense(ann, [ann, bea], 10, { groupId }), description: ' ', amount: 'x' },
      400,
      'Please enter a description.',
      'VALIDATION_FAILED',
    );
    expect(body.details).toEqual([
      { field: 'description', message: 'Please enter a description.' },
      { field: 'amount', message: 'Please enter a valid positive amount.' },
    ]);
    await expectError(
      { ...equalExpense(ann, [ann, bea], 10, { groupId }), splitType: 'HALF' },
      400,
      'Please choose a split type: EQUAL, EXACT, PERCENTAGE or SHARE.',
    );
    await expectError(
      { ...equalExpense(ann, [ann, bea], 10, { groupId }), payers: [] },
      400,
      'At least one payer is required.',
    );
    await expectError(
      { ...equalExpense(ann, [ann, bea], 10, { groupId }), splits: [] },
      400,
      'Please select at least one person to split the expense with.',
    );
    await expectError(
      { ...equalExpense(ann, [ann, bea], 10, { groupId }), payers: [{ amountPaid: 10 }] },
      400,
      'Please select a valid user for each payer.',
    );
    await expectError(
      { ...equalExpense(ann, [ann, bea], 10, { groupId }), splits: [{ userId: 'x' }] },
      400,
      'Please select a valid user for each person in the split.',
    );
    await expectError(
      {
        ...equalExpense(ann, [ann, bea], 10, { groupId }),
        splitType: 'SHARE',
        splits: [{ userId: ann.id, value: 'lots' }],
      },
      400,
      'Please enter a valid share value for each person.',
    );
    await expectError(
      { ...equalExpense(ann, [ann, bea], 10, { groupId }), amount: 10.005 },
      400,
      'Amounts can have at most 2 decimal places.',
    );
    await expectError(
      { ...equalExpense(ann, [ann, bea], 10, { groupId }), notes: 'n'.repeat(2001) },
      400,
      'Notes must be at most 2000 characters.',
    );
    await expectError(
      { ...equalExpense(ann, [ann, bea], 10, { groupId }), date: '2025-02-30' },
      400,
      'Please enter a valid date (YYYY-MM-DD).',
    );
  });

  it('rules 1–6 in order', async () => {
    // 1. duplicates (before the payer total)
    await expectError(
      {
        ...equalExpense(ann, [ann, bea], 10, { groupId }),
        payers: [
          { userId: ann.id, amountPaid: 1 },
          { userId: ann.id, amountPaid: 1 },
        ],
      },
      400,
      'Each person can appear only once among the payers.',
    );
    await expectError(
      { ...equalExpense(ann, [ann, ann], 10, { groupId }) },
      400,
      'Each person can appear only once in the split.',
    );
    // 2. payer total
    await expectError(
      {
        ...equalExpense(ann, [ann, bea], 50, { groupId }),
        payers: [{ userId: ann.id, amountPaid: 40 }],
      },
      400,
      'Total amount paid (40.00) must equal the expense amount (50.00).',
    );
    // 3. split sums
    await expectError(
      {
        ...equalExpense(ann, [], 50, { groupId }),
        splitType: 'EXACT',
        splits: [
          { userId: ann.id, value: 20 },
          { userId: bea.id, value: 29.99 },
        ],
      },
      400,
      'Sum of exact split amounts (49.99) must equal the expense amount (50.00).',
    );
    await expectError(
      {
        ...equalExpense(ann, [], 50, { groupId }),
        splitType: 'PERCENTAGE',
        splits: [
          { userId: ann.id, value: 50 },
          { userId: bea.id, value: 49.99 },
        ],
      },
      400,
      'Percentages must add up to 100.',
    );
    await expectError(
      {
        ...equalExpense(ann, [], 50, { groupId }),
        splitType: 'SHARE',
        splits: [
          { userId: ann.id, value: 0 },
          { userId: bea.id, value: '0' },
        ],
      },
      400,
      'At least one person must have a positive number of shares.',
    );
    // 4. unknown people (before membership)
    await expectError(
      equalExpense(ann, [ann, { id: 987654 }], 10, { groupId }),
      400,
      'One of the selected people does not exist.',
    );
    // 5. group membership
    await expectError(
      equalExpense(ann, [ann, dan], 10, { groupId }),
      400,
      'Dan is not a member of this group.',
      'NOT_GROUP_MEMBER',
    );
    await leaveGroup(ctx.database.handle.db, groupId, cal.id);
    await expectError(
      equalExpense(cal, [ann], 10, { groupId }),
      400,
      'Cal is not a member of this group.',
      'NOT_GROUP_MEMBER',
    );
    // 6. non-group
    await expectError(
      equalExpense(bea, [bea, cal], 10),
      400,
      'You must be a payer or part of the split.',
    );
    await expectError(
      equalExpense(ann, [ann], 10),
      400,
      'A non-group expense must include at least one friend.',
    );
    await expectError(
      equalExpense(ann, [ann, dan], 10),
      400,
      'You can only share non-group expenses with your friends.',
      'NOT_FRIENDS',
    );
    // A refused write changes nothing.
    const rows = await ctx.app.inject({
      method: 'GET',
      url: '/api/expenses/my',
      headers: ann.auth,
    });
    expect(rows.json()).toEqual([]);
  });

  it('a caller who only paid may create a non-group expense with friends', async () => {
    await befriend(ctx.database.handle.db, ann, bea);
    await befriend(ctx.database.handle.db, ann, cal);
    const res = await postExpense(ctx, ann, equalExpense(ann, [bea, cal], 30));
    expect(res.statusCode, res.body).toBe(201);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });
});

describe('PUT, DELETE and GET /api/expenses/{id}', () => {
  async function create(data: unknown = equalExpense(ann, [ann, bea, cal], 30, { groupId })) {
    const res = await postExpense(ctx, ann, data);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }

  it('replaces the expense wholly and keeps balances exact', async () => {
    const id = await create();
    const res = await putExpense(ctx, bea, id, {
      description: 'Lunch',
      amount: 40,
      groupId,
      splitType: 'EXACT',
      payers: [{ userId: bea.id, amountPaid: 40 }],
      splits: [
        { userId: ann.id, value: 10 },
        { userId: cal.id, value: 30 },
      ],
      notes: 'edited',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      description: 'Lunch',
      amount: 40,
      splitType: 'EXACT',
      notes: 'edited',
      payers: [{ user: { id: bea.id }, amountPaid: 40 }],
      createdBy: { id: ann.id },
    });
    expect(res.json().splits).toHaveLength(2);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
    const get = await ctx.app.inject({
      method: 'GET',
      url: `/api/expenses/${id}`,
      headers: cal.auth,
    });
    expect(get.json()).toEqual(res.json());
  });

  it('refuses moving to another group; path ids; 404 and 403', async () => {
    const id = await create();
    const other = await createGroup(ctx.database.handle.db, ann, 'Other', [bea]);
    let res = await putExpense(ctx, ann, id, equalExpense(ann, [ann, bea], 10, { groupId: other }));
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).message).toBe('An expense cannot be moved to another group.');
    res = await putExpense(ctx, ann, id, equalExpense(ann, [ann, bea], 10));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().groupId).toBe(groupId);

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      res = await ctx.app.inject({ method, url: '/api/expenses/abc', headers: ann.auth });
      expect(res.statusCode).toBe(400);
      expect(errorBody(res).message).toBe('Invalid Expense ID.');
      res = await ctx.app.inject({
        method,
        url: '/api/expenses/9999999999999999',
        headers: ann.auth,
        ...(method === 'PUT' ? { payload: equalExpense(ann, [ann], 1) } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(errorBody(res).message).toBe('Expense not found.');
      res = await ctx.app.inject({
        method,
        url: `/api/expenses/${id}`,
        headers: dan.auth,
        ...(method === 'PUT' ? { payload: equalExpense(ann, [ann], 1) } : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(errorBody(res).message).toBe('You do not have access to this expense.');
    }
    // Former members lose access.
    await leaveGroup(ctx.database.handle.db, groupId, cal.id);
    res = await ctx.app.inject({ method: 'GET', url: `/api/expenses/${id}`, headers: cal.auth });
    expect(res.statusCode).toBe(403);
  });

  it('PUT keeps people already on the expense even after they left; keeps currency', async () => {
    const id = await create();
    await leaveGroup(ctx.database.handle.db, groupId, cal.id);
    const res = await putExpense(ctx, ann, id, equalExpense(ann, [ann, bea, cal], 45, { groupId }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().currency).toBe('USD');
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('non-group: participants may edit; friendship not needed for people already on it', async () => {
    await befriend(ctx.database.handle.db, ann, bea);
    const id = await create(equalExpense(ann, [ann, bea], 20, { currency: 'EUR' }));
    let res = await putExpense(ctx, bea, id, equalExpense(bea, [ann, bea], 30));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().currency).toBe('EUR');
    res = await putExpense(ctx, cal, id, equalExpense(bea, [ann, bea], 30));
    expect(res.statusCode).toBe(403);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('DELETE removes the expense, its comments and its effect', async () => {
    const id = await create();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/expenses/${id}/comments`,
      headers: bea.auth,
      payload: { content: 'Thanks' },
    });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/expenses/${id}`,
      headers: cal.auth,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/expenses/${id}`, headers: ann.auth }))
        .statusCode,
    ).toBe(404);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
    const bal = await ctx.database.handle.db.execute(
      (await import('drizzle-orm')).sql`select count(*)::int as n from (select 1 from pair_balances
          group by group_id, currency, user_low, user_high having sum(net_cents) <> 0) nets`,
    );
    expect((bal as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
