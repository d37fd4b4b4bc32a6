// Expenses (docs/api.md §4.4): both body forms, every rule and message in order, shares, edits,
// deletes, reads, pagination, activity and events.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers, leaveGroup } from './support/fixtures.js';
import { listenChanges } from './support/social.js';
import {
  equalExpense,
  eventually,
  expectBalancesMatchRecomputation,
  multipart,
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
  await ctx.reset();
  [ann, bea, cal, dan] = (await createUsers(ctx, 'Ann', 'Bea', 'Cal', 'Dan')) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  groupId = await createGroup(ctx.database.handle.db, ann, 'Trip', [bea, cal]);
});

describe('POST /api/expenses', () => {
  it('creates a group expense (JSON) with the contract shape', async () => {
    const res = await postExpense(ctx, ann, {
      description: ' Dinner ',
      amount: 90,
      groupId,
      date: '2025-03-14',
      splitType: 'SHARE',
      payers: [{ userId: ann.id, amountPaid: 90 }],
      splits: [
        { userId: ann.id, value: 2 },
        { userId: bea.id, value: '1' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      type: 'expense',
      description: 'Dinner',
      amount: 90,
      currency: 'USD',
      date: '2025-03-14',
      groupId,
      splitType: 'SHARE',
      payers: [{ user: { id: ann.id, name: 'Ann', email: 'ann@example.com' }, amountPaid: 90 }],
      splits: [
        { owedBy: { id: ann.id, name: 'Ann' }, amountOwed: 60, value: 2 },
        { owedBy: { id: bea.id, name: 'Bea' }, amountOwed: 30, value: 1 },
      ],
      notes: null,
      receiptUrl: null,
      commentCount: 0,
      createdBy: { id: ann.id, name: 'Ann', email: 'ann@example.com' },
    });
    expect(typeof body.splits[0].splitId).toBe('number');
    expect(body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('accepts multipart with a text expenseData part', async () => {
    const mp = multipart([
      {
        name: 'expenseData',
        value: JSON.stringify(equalExpense(ann, [ann, bea, cal], 20, { groupId })),
      },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...ann.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().splits.map((s: { amountOwed: number }) => s.amountOwed)).toEqual([
      6.67, 6.67, 6.66,
    ]);
  });
});

describe('POST /api/expenses body forms', () => {
  it('accepts an expenseData part sent with Content-Type application/json', async () => {
    const mp = multipart([
      {
        name: 'expenseData',
        value: JSON.stringify(equalExpense(ann, [ann, bea], 10, { groupId })),
        contentType: 'application/json',
      },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...ann.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses other content types with 415', async () => {
    for (const [type, payload] of [
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'a=1'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: { ...ann.auth, 'content-type': type },
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(errorBody(res)).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send the expense as multipart/form-data or application/json.',
      });
    }
  });

  it('requires expenseData and valid JSON in it', async () => {
    const empty = multipart([{ name: 'other', value: 'x' }]);
    let res = await ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...ann.auth, ...empty.headers },
      payload: empty.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).message).toBe('expenseData is required.');

    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...ann.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(errorBody(res).message).toBe('expenseData is required.');

    for (const contentType of [undefined, 'application/json']) {
      const bad = multipart([{ name: 'expenseData', value: '{bad', contentType }]);
      res = await ctx.app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: { ...ann.auth, ...bad.headers },
        payload: bad.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toMatchObject({
        code: 'INVALID_JSON',
        message: 'expenseData must be valid JSON.',
      });
    }
  });

  it('Appendix A: EQUAL values with float noise are ignored; numeric strings for other types', async () => {
    let res = await postExpense(ctx, ann, {
      description: 'Taxi',
      amount: '100.02',
      groupId,
      splitType: 'EQUAL',
      payers: [{ userId: ann.id, amountPaid: '100.02' }],
      splits: [
        { userId: ann.id, value: 33.339999999999996 },
        { userId: bea.id, value: 33.339999999999996 },
        { userId: cal.id, value: 'anything' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().splits).toEqual([
      expect.objectContaining({ amountOwed: 33.34, value: null }),
      expect.objectContaining({ amountOwed: 33.34, value: null }),
      expect.objectContaining({ amountOwed: 33.34, value: null }),
    ]);
    res = await postExpense(ctx, ann, {
      description: 'Hotel',
      amount: 200,
      groupId,
      splitType: 'PERCENTAGE',
      payers: [{ userId: ann.id, amountPaid: 200 }],
      splits: [
        { userId: ann.id, value: '33.5' },
        { userId: bea.id, value: '66.5' },
        { userId: cal.id, value: '0' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      res.json().splits.map((s: { amountOwed: number; value: number }) => [s.amountOwed, s.value]),
    ).toEqual([
      [67, 33.5],
      [133, 66.5],
      [0, 0],
    ]);
    res = await postExpense(ctx, ann, {
      description: 'Tickets',
      amount: 50,
      groupId,
      splitType: 'EXACT',
      payers: [
        { userId: ann.id, amountPaid: 20 },
        { userId: bea.id, amountPaid: '30' },
      ],
      splits: [
        { userId: ann.id, value: '12.34' },
        { userId: cal.id, value: 37.66 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().splits.map((s: { value: number }) => s.value)).toEqual([12.34, 37.66]);
    expect(res.json().payers.map((p: { amountPaid: number }) => p.amountPaid)).toEqual([20, 30]);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('currency: group default applied; another currency converted (a rate asked for when none can be had); non-group default USD', async () => {
    const eurGroup = await createGroup(ctx.database.handle.db, ann, 'Paris', [bea], {
      defaultCurrency: 'EUR',
    });
    let res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId: eurGroup }));
    expect(res.json().currency).toBe('EUR');
    res = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 10, { groupId: eurGroup, currency: 'usd' }),
    );
    // Issue #10: no longer refused; without a rate and without a reachable rate service, the
    // request asks for one.
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toMatchObject({
      message: 'Exchange rates cannot be fetched right now. Please enter the rate.',
      details: [{ field: 'exchangeRate' }],
    });
    await befriend(ctx.database.handle.db, ann, dan);
    res = await postExpense(ctx, ann, equalExpense(ann, [ann, dan], 10));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ currency: 'USD', groupId: null });
    res = await postExpense(ctx, ann, equalExpense(ann, [ann, dan], 10, { currency: 'jpy' }));
    expect(res.json().currency).toBe('JPY');
    expect(res.json().amount).toBe(10);
  });
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

describe('lists', () => {
  it('GET /expenses/my: participant only, current groups, newest first, paged', async () => {
    await befriend(ctx.database.handle.db, ann, bea);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10 + i, { groupId }));
      ids.push(res.json<{ id: number }>().id);
    }
    await postExpense(ctx, ann, equalExpense(cal, [cal], 5, { groupId })); // ann not involved
    ids.push(
      (await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 7))).json<{ id: number }>().id,
    );
    let res = await ctx.app.inject({ method: 'GET', url: '/api/expenses/my', headers: bea.auth });
    expect(res.json().map((e: { id: number }) => e.id)).toEqual([...ids].reverse());
    expect(res.headers['x-next-cursor']).toBeUndefined();

    const seen: number[] = [];
    let url = '/api/expenses/my?limit=4';
    for (;;) {
      res = await ctx.app.inject({ method: 'GET', url, headers: bea.auth });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().map((e: { id: number }) => e.id));
      const next = res.headers['x-next-cursor'];
      if (next === undefined) break;
      expect(res.headers.link).toBe(
        `</api/expenses/my?limit=4&before=${String(next)}>; rel="next"`,
      );
      url = `/api/expenses/my?limit=4&before=${String(next)}`;
    }
    expect(seen).toEqual([...ids].reverse());

    await leaveGroup(ctx.database.handle.db, groupId, bea.id);
    res = await ctx.app.inject({ method: 'GET', url: '/api/expenses/my', headers: bea.auth });
    expect(res.json().map((e: { id: number }) => e.id)).toEqual([ids[5]]);

    res = await ctx.app.inject({
      method: 'GET',
      url: '/api/expenses/my?before=zzz',
      headers: bea.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).message).toBe('Invalid cursor.');
    res = await ctx.app.inject({
      method: 'GET',
      url: '/api/expenses/my?limit=0',
      headers: bea.auth,
    });
    expect(res.statusCode).toBe(400);
  });

  it('GET /groups/{id}/transactions mixes expenses and payments, newest date first', async () => {
    const e1 = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 10, { groupId, date: '2025-01-01' }),
    );
    const p1 = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: bea.auth,
      payload: { paidToUserId: ann.id, amount: 5, groupId, date: '2025-01-02' },
    });
    expect(p1.statusCode, p1.body).toBe(201);
    const e2 = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 10, { groupId, date: '2024-12-31' }),
    );
    let res = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}/transactions`,
      headers: cal.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ type: string; id: number; description?: string }[]>();
    expect(items.map((t) => [t.type, t.id])).toEqual([
      ['payment', p1.json().id],
      ['expense', e1.json().id],
      ['expense', e2.json().id],
    ]);
    expect('description' in (items[0] as object)).toBe(false);
    expect(items[0]).toMatchObject({
      summary: 'Bea paid Ann',
      paidBy: { id: bea.id },
      paidTo: { id: ann.id },
    });
    const page1 = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}/transactions?limit=2`,
      headers: cal.auth,
    });
    expect(page1.json()).toHaveLength(2);
    const next = String(page1.headers['x-next-cursor']);
    const page2 = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}/transactions?limit=2&before=${next}`,
      headers: cal.auth,
    });
    expect(page2.json().map((t: { id: number }) => t.id)).toEqual([e2.json().id]);
    res = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}/transactions`,
      headers: dan.auth,
    });
    expect(res.statusCode).toBe(403);
    res = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/0/transactions`,
      headers: dan.auth,
    });
    expect(errorBody(res).message).toBe('Invalid Group ID.');
    res = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/424242/transactions`,
      headers: dan.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('activity and events', () => {
  it('records expense_added/updated/deleted with myShare per recipient', async () => {
    const db = ctx.database.handle.db;
    const { sql } = await import('drizzle-orm');
    const res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea, cal], 30, { groupId }));
    const id = res.json<{ id: number }>().id;
    await putExpense(ctx, ann, id, equalExpense(ann, [ann, bea], 30, { groupId }));
    await ctx.app.inject({ method: 'DELETE', url: `/api/expenses/${id}`, headers: ann.auth });
    const rows = (
      (await db.execute(
        sql`select type, recipient_id, my_share_cents::int as s, description, amount_cents::int as a, group_name
            from activities where expense_id = ${id} order by id`,
      )) as unknown as { rows: { type: string; recipient_id: number; s: number }[] }
    ).rows;
    const share = (type: string, user: TestUser) =>
      rows.find((r) => r.type === type && r.recipient_id === user.id)?.s;
    expect(share('expense_added', ann)).toBe(2000);
    expect(share('expense_added', bea)).toBe(-1000);
    expect(share('expense_added', cal)).toBe(-1000);
    expect(share('expense_updated', ann)).toBe(-500);
    expect(share('expense_updated', bea)).toBe(-500);
    expect(share('expense_updated', cal)).toBe(1000);
    expect(share('expense_deleted', ann)).toBe(-1500);
    expect(share('expense_deleted', bea)).toBe(1500);
    expect(share('expense_deleted', cal)).toBe(0);
    expect(rows.filter((r) => r.type === 'expense_added')).toHaveLength(3);
    expect(rows[0]).toMatchObject({ description: 'Dinner', a: 3000, group_name: 'Trip' });
    // The group's lastActivityAt moved with the expense writes.
    const group = (
      await ctx.app.inject({ method: 'GET', url: `/api/groups/${groupId}`, headers: ann.auth })
    ).json<{ createdAt: string; lastActivityAt: string }>();
    expect(Date.parse(group.lastActivityAt)).toBeGreaterThan(Date.parse(group.createdAt));
  });

  it('notifies expense, payment and comment changes to the people who can see them', async () => {
    await befriend(ctx.database.handle.db, ann, dan);
    const listener = await listenChanges(ctx);
    try {
      const g = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }));
      const gid = g.json<{ id: number }>().id;
      const ng = await postExpense(ctx, ann, equalExpense(ann, [ann, dan], 10));
      const ngid = ng.json<{ id: number }>().id;
      await putExpense(ctx, bea, gid, equalExpense(bea, [ann, bea], 12, { groupId }));
      const c = await ctx.app.inject({
        method: 'POST',
        url: `/api/expenses/${ngid}/comments`,
        headers: dan.auth,
        payload: { content: 'ok' },
      });
      const p = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: dan.auth,
        payload: { paidToUserId: ann.id, amount: 5 },
      });
      await ctx.app.inject({ method: 'DELETE', url: `/api/expenses/${gid}`, headers: cal.auth });
      await eventually(() => expect(listener.changes).toHaveLength(6));
      const simple = listener.changes.map((e) => ({
        entity: e.entity,
        action: e.action,
        id: e.id,
        groupId: e.groupId,
        recipients: [...e.recipients].sort((x, y) => x - y),
      }));
      const sorted = (...u: TestUser[]) => u.map((x) => x.id).sort((x, y) => x - y);
      expect(simple).toEqual([
        {
          entity: 'expense',
          action: 'created',
          id: gid,
          groupId,
          recipients: sorted(ann, bea, cal),
        },
        {
          entity: 'expense',
          action: 'created',
          id: ngid,
          groupId: null,
          recipients: sorted(ann, dan),
        },
        {
          entity: 'expense',
          action: 'updated',
          id: gid,
          groupId,
          recipients: sorted(ann, bea, cal),
        },
        {
          entity: 'comment',
          action: 'created',
          id: c.json().id,
          groupId: null,
          recipients: sorted(ann, dan),
        },
        {
          entity: 'payment',
          action: 'created',
          id: p.json().id,
          groupId: null,
          recipients: sorted(ann, dan),
        },
        {
          entity: 'expense',
          action: 'deleted',
          id: gid,
          groupId,
          recipients: sorted(ann, bea, cal),
        },
      ]);
      // A refused write notifies nobody.
      await postExpense(ctx, ann, equalExpense(ann, [ann, ann], 10, { groupId }));
      // Everything committed so far has reached the listeners (no guess at how long that takes).
      await listener.settle();
      expect(listener.changes).toHaveLength(6);
    } finally {
      listener.stop();
    }
  });
});
