// Payments and settle-up (docs/api.md §4.5): rules and messages in order, edits, deletes, reads.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, leaveGroup, resetTrip } from './support/fixtures.js';
import { groupLines } from '../src/modules/balances/balance-reader.js';
import { equalExpense, expectBalancesMatchRecomputation, postExpense } from './support/ledger.js';

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

function pay(user: TestUser, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { ...user.auth, ...headers },
    payload: payload as Record<string, unknown>,
  });
}

async function linesOf(user: TestUser, gid: number) {
  return groupLines(ctx.database.handle.db, { id: gid, simplifyDebts: false }, user.id);
}

describe('POST /api/payments', () => {
  it('creates a group payment with the contract shape (payer = caller)', async () => {
    const res = await pay(bea, {
      paidToUserId: ann.id,
      amount: '25.50',
      date: '2025-03-15',
      currency: 'usd',
      groupId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      type: 'payment',
      amount: 25.5,
      currency: 'USD',
      date: '2025-03-15',
      groupId,
      paidBy: { id: bea.id, name: 'Bea', email: 'bea@example.com' },
      paidTo: { id: ann.id, name: 'Ann', email: 'ann@example.com' },
      summary: 'Bea paid Ann',
      createdBy: { id: bea.id, name: 'Bea', email: 'bea@example.com' },
    });
    expect('description' in body).toBe(false);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('rules and messages in order', async () => {
    const expectError = async (
      user: TestUser,
      payload: unknown,
      status: number,
      message: string,
      code?: string,
    ) => {
      const res = await pay(user, payload);
      expect(res.statusCode, res.body).toBe(status);
      const b = errorBody(res);
      expect(b.message).toBe(message);
      if (code !== undefined) expect(b.code).toBe(code);
    };
    await expectError(ann, { amount: 5 }, 400, 'Please select a recipient.');
    await expectError(ann, { paidToUserId: bea.id }, 400, 'Please enter a valid positive amount.');
    await expectError(
      ann,
      { paidToUserId: bea.id, amount: 0 },
      400,
      'Please enter a valid positive amount.',
    );
    await expectError(
      ann,
      { paidToUserId: ann.id, amount: 5 },
      400,
      'The payer and the recipient must be different people.',
    );
    await expectError(
      ann,
      { paidToUserId: bea.id, paidByUserId: bea.id, amount: 5 },
      400,
      'The payer and the recipient must be different people.',
    );
    await expectError(
      ann,
      { paidToUserId: 777777, amount: 5, groupId },
      400,
      'One of the selected people does not exist.',
    );
    await expectError(
      ann,
      { paidToUserId: bea.id, amount: 5, groupId: 777777 },
      404,
      'Group not found.',
    );
    await expectError(
      dan,
      { paidToUserId: bea.id, amount: 5, groupId },
      403,
      'You are not a member of this group.',
    );
    await expectError(
      ann,
      { paidToUserId: dan.id, amount: 5, groupId },
      400,
      'Dan is not a member of this group.',
      'NOT_GROUP_MEMBER',
    );
    await expectError(
      ann,
      { paidToUserId: bea.id, amount: 5, groupId, currency: 'EUR' },
      400,
      // Issue #10: converted; without a rate and no reachable rate service, one is asked for.
      'Exchange rates cannot be fetched right now. Please enter the rate.',
    );
    await expectError(
      ann,
      { paidByUserId: bea.id, paidToUserId: cal.id, amount: 5 },
      400,
      'You must be the payer or the recipient of a non-group payment.',
    );
    await expectError(
      ann,
      { paidToUserId: dan.id, amount: 5 },
      400,
      'You can only record payments with your friends.',
      'NOT_FRIENDS',
    );
    await expectError(
      ann,
      { paidToUserId: bea.id, amount: 5, date: '2025-13-01' },
      400,
      'Please enter a valid date (YYYY-MM-DD).',
    );
    await expectError(
      ann,
      { paidToUserId: bea.id, amount: 5, currency: 'XXQ' },
      400,
      'Currency must be a 3-letter ISO 4217 code.',
    );
    const count = await ctx.database.handle.db.execute(
      sql`select count(*)::int as n from payments`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('non-group payments between friends, recorded by either side', async () => {
    await befriend(ctx.database.handle.db, ann, dan);
    let res = await pay(ann, { paidToUserId: dan.id, amount: 5 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ groupId: null, currency: 'USD' });
    res = await pay(ann, { paidByUserId: dan.id, paidToUserId: ann.id, amount: 7, groupId: null });
    expect(res.statusCode, res.body).toBe(201);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });
});

describe('PUT, DELETE, GET /api/payments/{id}', () => {
  it('keeps the stored payer and currency, refuses moves, checks access', async () => {
    const created = await pay(bea, { paidToUserId: ann.id, amount: 10, groupId });
    const id = created.json<{ id: number }>().id;
    let res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/payments/${id}`,
      headers: cal.auth,
      payload: { paidToUserId: ann.id, amount: 12, groupId, date: '2025-01-05' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      amount: 12,
      paidBy: { id: bea.id },
      paidTo: { id: ann.id },
      date: '2025-01-05',
      currency: 'USD',
      createdBy: { id: bea.id },
    });
    await expectBalancesMatchRecomputation(ctx.database.handle.db);

    const other = await createGroup(ctx.database.handle.db, ann, 'Other', [bea]);
    res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/payments/${id}`,
      headers: ann.auth,
      payload: { paidToUserId: ann.id, amount: 12, groupId: other },
    });
    expect(errorBody(res).message).toBe('A payment cannot be moved to another group.');

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      res = await ctx.app.inject({ method, url: '/api/payments/x1', headers: ann.auth });
      expect(errorBody(res).message).toBe('Invalid Payment ID.');
      res = await ctx.app.inject({
        method,
        url: '/api/payments/99999999999',
        headers: ann.auth,
        payload: { paidToUserId: ann.id, amount: 1 },
      });
      expect(res.statusCode).toBe(404);
      expect(errorBody(res).message).toBe('Payment not found.');
      res = await ctx.app.inject({
        method,
        url: `/api/payments/${id}`,
        headers: dan.auth,
        payload: { paidToUserId: ann.id, amount: 1 },
      });
      expect(res.statusCode).toBe(403);
      expect(errorBody(res).message).toBe('You do not have access to this payment.');
    }
    res = await ctx.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: ann.auth });
    expect(res.json().summary).toBe('Bea paid Ann');
    res = await ctx.app.inject({ method: 'DELETE', url: `/api/payments/${id}`, headers: ann.auth });
    expect(res.statusCode).toBe(204);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
    res = await ctx.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: ann.auth });
    expect(res.statusCode).toBe(404);
  });

  it('non-group PUT: the existing other party need not still be a friend', async () => {
    const fid = await befriend(ctx.database.handle.db, ann, dan);
    const id = (await pay(ann, { paidToUserId: dan.id, amount: 10 })).json<{ id: number }>().id;
    await ctx.database.handle.db.execute(sql`delete from friendships where id = ${fid}`);
    let res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/payments/${id}`,
      headers: dan.auth,
      payload: { paidToUserId: dan.id, amount: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paidBy: { id: ann.id }, amount: 3 });
    res = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/${id}`,
      headers: bea.auth,
    });
    expect(res.statusCode).toBe(403);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('GET /payments/my pages newest first; former members keep their payments listed', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 3; i++) {
      ids.push(
        (await pay(bea, { paidToUserId: ann.id, amount: i, groupId })).json<{ id: number }>().id,
      );
    }
    let res = await ctx.app.inject({
      method: 'GET',
      url: '/api/payments/my?limit=2',
      headers: ann.auth,
    });
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([ids[2], ids[1]]);
    const next = String(res.headers['x-next-cursor']);
    expect(res.headers.link).toBe(`</api/payments/my?limit=2&before=${next}>; rel="next"`);
    res = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/my?limit=2&before=${next}`,
      headers: ann.auth,
    });
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([ids[0]]);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    res = await ctx.app.inject({ method: 'GET', url: '/api/payments/my', headers: cal.auth });
    expect(res.json()).toEqual([]);
    res = await ctx.app.inject({
      method: 'GET',
      url: '/api/payments/my?before=%%%',
      headers: cal.auth,
    });
    expect(errorBody(res).message).toBe('Invalid cursor.');
  });

  it('records payment activity with signed myShare', async () => {
    const id = (await pay(bea, { paidToUserId: ann.id, amount: 10, groupId })).json<{
      id: number;
    }>().id;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/payments/${id}`,
      headers: bea.auth,
      payload: { paidToUserId: ann.id, amount: 4 },
    });
    await ctx.app.inject({ method: 'DELETE', url: `/api/payments/${id}`, headers: bea.auth });
    const rows = (
      (await ctx.database.handle.db.execute(
        sql`select type, recipient_id, my_share_cents::int as s, description from activities
            where payment_id = ${id} order by id`,
      )) as unknown as {
        rows: { type: string; recipient_id: number; s: number; description: string }[];
      }
    ).rows;
    const share = (type: string, u: TestUser) =>
      rows.find((r) => r.type === type && r.recipient_id === u.id)?.s;
    expect(share('payment_added', bea)).toBe(1000);
    expect(share('payment_added', ann)).toBe(-1000);
    expect(share('payment_added', cal)).toBe(0);
    expect(share('payment_updated', bea)).toBe(-600);
    expect(share('payment_updated', ann)).toBe(600);
    expect(share('payment_deleted', bea)).toBe(-400);
    expect(share('payment_deleted', ann)).toBe(400);
    expect(rows[0]?.description).toBe('Bea paid Ann');
  });
});

describe('POST /api/payments/settle', () => {
  it('pays group lines largest first, then the rest outside groups', async () => {
    const db = ctx.database.handle.db;
    await befriend(db, ann, bea);
    const g2 = await createGroup(db, ann, 'Flat', [bea]);
    // Bea owes Ann 10 in Trip, 30 in Flat, 5 outside groups.
    await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 20, { groupId }));
    await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 60, { groupId: g2 }));
    await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/settle',
      headers: bea.auth,
      payload: { otherUserId: ann.id, direction: 'I_PAID', amount: 47 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      res
        .json()
        .map((p: { groupId: number | null; amount: number; paidBy: { id: number } }) => [
          p.groupId,
          p.amount,
          p.paidBy.id,
        ]),
    ).toEqual([
      [g2, 30, bea.id],
      [groupId, 10, bea.id],
      [null, 7, bea.id],
    ]);
    expect(await linesOf(bea, groupId)).toEqual([]);
    expect(await linesOf(bea, g2)).toEqual([]);
    await expectBalancesMatchRecomputation(db);
  });

  it('THEY_PAID, and errors', async () => {
    await postExpense(ctx, bea, equalExpense(bea, [ann, bea], 20, { groupId }));
    let res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/settle',
      headers: bea.auth,
      payload: { otherUserId: ann.id, direction: 'THEY_PAID', amount: 10 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual([
      expect.objectContaining({
        groupId,
        amount: 10,
        paidBy: expect.objectContaining({ id: ann.id }),
      }),
    ]);
    // Nothing owed any more and no friendship: the rest cannot go outside groups.
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/settle',
      headers: bea.auth,
      payload: { otherUserId: ann.id, direction: 'THEY_PAID', amount: 10 },
    });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toMatchObject({
      code: 'NOT_FRIENDS',
      message: 'You can only record payments with your friends.',
    });
    for (const payload of [
      { direction: 'I_PAID', amount: 5 },
      { otherUserId: ann.id, direction: 'I_PAID', amount: 0 },
      { otherUserId: ann.id, direction: 'I_PAID' },
    ]) {
      res = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/settle',
        headers: bea.auth,
        payload,
      });
      expect(errorBody(res).message).toBe(
        'Please select a friend and enter a valid positive amount.',
      );
    }
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/settle',
      headers: bea.auth,
      payload: { otherUserId: bea.id, direction: 'I_PAID', amount: 5 },
    });
    expect(errorBody(res).message).toBe('The payer and the recipient must be different people.');
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/settle',
      headers: bea.auth,
      payload: { otherUserId: 888888, direction: 'I_PAID', amount: 5 },
    });
    expect(errorBody(res).message).toBe('One of the selected people does not exist.');
    await leaveGroup(ctx.database.handle.db, groupId, dan.id);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });
});
