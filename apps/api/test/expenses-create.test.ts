// Creating expenses (docs/api.md §4.4): the JSON and multipart body forms, numeric strings and
// float noise (Appendix A), and the currency an expense gets. The validation rules' order and edits
// are in expenses-validation-edit.test.ts, lists and activity in expenses-lists-activity.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, resetTrip } from './support/fixtures.js';
import {
  equalExpense,
  expectBalancesMatchRecomputation,
  multipart,
  postExpense,
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
