// Undo (issue #13): a deleted expense or payment is gone for every reader but kept, and
// POST /api/expenses/{id}/restore and /api/payments/{id}/restore put it back exactly, balances
// included, with an activity row and a live event; who may restore (404 / 403), when it cannot
// be restored (409 NOT_RESTORABLE), idempotency, exchanges, and the purge. Also the settle-up
// side: a payment recorded by its recipient ("they paid me"), in a group and between friends.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { friendships } from '../src/db/schema.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, leaveGroup, resetTrip } from './support/fixtures.js';
import { equalExpense, expectBalancesMatchRecomputation, postExpense } from './support/ledger.js';
import type { SseStream } from './support/sse-client.js';
import { openReadySse } from './support/sse-client.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
let base: string;
const streams: SseStream[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await ctx.close();
});

let ann: TestUser;
let bea: TestUser;
let cal: TestUser;
let dan: TestUser;
let groupId: number;
beforeEach(async () => {
  for (const s of streams.splice(0)) s.close();
  ({ ann, bea, cal, dan, groupId } = await resetTrip(ctx));
});

const db = () => ctx.database.handle.db;

function call(
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: user.auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function json<T>(user: TestUser, url: string): Promise<T> {
  const res = await call(user, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

/** Everything a reader sees of the ledger, as `user`. */
async function view(user: TestUser) {
  return {
    transactions: await json<{ id: number; type: string }[]>(
      user,
      `/api/groups/${groupId}/transactions`,
    ),
    balances: await json<unknown[]>(user, `/api/balances/group/${groupId}`),
    overall: await json<unknown>(user, '/api/balances/overall'),
    friends: await json<unknown[]>(user, '/api/balances/friends'),
    expenses: await json<{ id: number }[]>(user, '/api/expenses/my'),
    payments: await json<{ id: number }[]>(user, '/api/payments/my'),
  };
}

async function activityTypes(user: TestUser): Promise<[string, number][]> {
  const rows = await json<{ type: string; myShare: number }[]>(user, '/api/activity');
  return rows.map((r) => [r.type, r.myShare]);
}

describe('POST /api/expenses/{id}/restore', () => {
  it('puts a deleted expense back exactly: row, comments, balances, lists; idempotent', async () => {
    await befriend(db(), ann, bea);
    const created = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea, cal], 100, { groupId, notes: 'Booked by Ann' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const comment = await call(bea, 'POST', `/api/expenses/${id}/comments`, { content: 'Thanks!' });
    expect(comment.statusCode).toBe(201);
    await postExpense(ctx, bea, equalExpense(bea, [ann, bea], 10, { groupId }));
    const before = await json<unknown>(bea, `/api/expenses/${id}`);
    const seenBefore = { ann: await view(ann), bea: await view(bea), cal: await view(cal) };

    expect((await call(bea, 'DELETE', `/api/expenses/${id}`)).statusCode).toBe(204);
    // Gone for every reader.
    for (const user of [ann, bea, cal]) {
      const get = await call(user, 'GET', `/api/expenses/${id}`);
      expect(get.statusCode).toBe(404);
      expect(errorBody(get).message).toBe('Expense not found.');
      const v = await view(user);
      expect(v.transactions.map((t) => t.id)).not.toContain(id);
      expect(v.expenses.map((e) => e.id)).not.toContain(id);
    }
    expect((await call(bea, 'GET', `/api/expenses/${id}/comments`)).statusCode).toBe(404);
    expect(
      (await call(ann, 'PUT', `/api/expenses/${id}`, equalExpense(ann, [ann, bea], 5))).statusCode,
    ).toBe(404);
    expect((await call(ann, 'DELETE', `/api/expenses/${id}`)).statusCode).toBe(404);
    expect(await json(ann, `/api/balances/group/${groupId}`)).toEqual([
      {
        otherUser: { id: bea.id, name: 'Bea', email: 'bea@example.com' },
        netAmount: -5,
        currency: 'USD',
      },
    ]);
    await expectBalancesMatchRecomputation(db());

    // Cal (who did not delete it) puts it back.
    const restored = await call(cal, 'POST', `/api/expenses/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual(before);
    expect(await json(bea, `/api/expenses/${id}`)).toEqual(before);
    expect(await json(bea, `/api/expenses/${id}/comments`)).toMatchObject([{ content: 'Thanks!' }]);
    expect({ ann: await view(ann), bea: await view(bea), cal: await view(cal) }).toEqual(
      seenBefore,
    );
    await expectBalancesMatchRecomputation(db());

    // The activity says so, with each person's share back; the contract's newest-first order.
    expect((await activityTypes(bea)).slice(0, 3)).toEqual([
      ['expense_restored', -33.33],
      ['expense_deleted', 33.33],
      ['expense_added', 5],
    ]);
    expect((await activityTypes(ann))[0]).toEqual(['expense_restored', 66.66]);

    // Restoring again changes nothing and answers the expense as it is.
    const again = await call(ann, 'POST', `/api/expenses/${id}/restore`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(before);
    expect((await activityTypes(ann)).filter(([t]) => t === 'expense_restored')).toHaveLength(1);
    expect(await view(ann)).toEqual(seenBefore.ann);
  });

  it('answers 404 for unknown and never-shown expenses, 403 for former members, 400 for bad ids', async () => {
    const id = (await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 30, { groupId }))).json<{
      id: number;
    }>().id;
    expect((await call(ann, 'DELETE', `/api/expenses/${id}`)).statusCode).toBe(204);

    const unknown = await call(ann, 'POST', '/api/expenses/999999/restore');
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(unknown)).toMatchObject({ code: 'NOT_FOUND', message: 'Expense not found.' });
    const huge = await call(ann, 'POST', '/api/expenses/9999999999999/restore');
    expect(huge.statusCode).toBe(404);
    const bad = await call(ann, 'POST', '/api/expenses/abc/restore');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).message).toBe('Invalid Expense ID.');
    // Dan was never in the group: its existence is not told.
    const stranger = await call(dan, 'POST', `/api/expenses/${id}/restore`);
    expect(stranger.statusCode).toBe(404);
    expect(errorBody(stranger).message).toBe('Expense not found.');
    const noToken = await ctx.app.inject({ method: 'POST', url: `/api/expenses/${id}/restore` });
    expect(noToken.statusCode).toBe(401);

    // Cal (not on the expense) left the group: a former member may not.
    await leaveGroup(db(), groupId, cal.id);
    const former = await call(cal, 'POST', `/api/expenses/${id}/restore`);
    expect(former.statusCode).toBe(403);
    expect(errorBody(former)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have access to this expense.',
    });
    // Refused writes change nothing.
    expect(await json(ann, `/api/balances/group/${groupId}`)).toEqual([]);
    expect((await call(bea, 'POST', `/api/expenses/${id}/restore`)).statusCode).toBe(200);
    expect((await json<unknown[]>(ann, `/api/balances/group/${groupId}`)).length).toBe(1);

    // A non-group expense: only the people on it.
    await befriend(db(), ann, dan);
    const own = (await postExpense(ctx, ann, equalExpense(ann, [ann, dan], 20))).json<{
      id: number;
    }>().id;
    expect((await call(dan, 'DELETE', `/api/expenses/${own}`)).statusCode).toBe(204);
    expect((await call(bea, 'POST', `/api/expenses/${own}/restore`)).statusCode).toBe(404);
    expect((await call(ann, 'POST', `/api/expenses/${own}/restore`)).statusCode).toBe(200);
    await expectBalancesMatchRecomputation(db());
  });

  it('refuses with 409 NOT_RESTORABLE when someone on it left or the group currency changed', async () => {
    const id = (
      await postExpense(ctx, ann, equalExpense(ann, [ann, bea, cal], 90, { groupId }))
    ).json<{ id: number }>().id;
    expect((await call(ann, 'DELETE', `/api/expenses/${id}`)).statusCode).toBe(204);
    // Settled (the expense is deleted), Cal may leave; the expense names him.
    expect((await call(cal, 'DELETE', `/api/groups/${groupId}/members/${cal.id}`)).statusCode).toBe(
      200,
    );
    const left = await call(ann, 'POST', `/api/expenses/${id}/restore`);
    expect(left.statusCode).toBe(409);
    expect(errorBody(left)).toMatchObject({
      status: 409,
      error: 'Conflict',
      code: 'NOT_RESTORABLE',
      message: 'This expense cannot be restored: Cal is no longer a member of this group.',
    });
    expect(await json(ann, `/api/balances/group/${groupId}`)).toEqual([]);

    // Deleted entries do not lock the currency; restoring into the changed group is refused.
    const other = (
      await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 40, { groupId }))
    ).json<{
      id: number;
    }>().id;
    expect((await call(bea, 'DELETE', `/api/expenses/${other}`)).statusCode).toBe(204);
    const patched = await call(ann, 'PATCH', `/api/groups/${groupId}`, { defaultCurrency: 'EUR' });
    expect(patched.statusCode, patched.body).toBe(200);
    const moved = await call(bea, 'POST', `/api/expenses/${other}/restore`);
    expect(moved.statusCode).toBe(409);
    expect(errorBody(moved).message).toBe(
      'This expense cannot be restored: the group now keeps its balances in EUR, not USD.',
    );
    await expectBalancesMatchRecomputation(db());
  });

  it('outside groups, needs the friendships it was made under', async () => {
    await befriend(db(), ann, bea);
    await befriend(db(), ann, cal);
    // Ann shares with Bea and Cal, who are not friends with each other.
    const id = (await postExpense(ctx, ann, equalExpense(ann, [ann, bea, cal], 60))).json<{
      id: number;
    }>().id;
    expect((await call(bea, 'DELETE', `/api/expenses/${id}`)).statusCode).toBe(204);
    // Bea is no friend of Cal, but Ann (who made it) is: Bea may put it back.
    const byBea = await call(bea, 'POST', `/api/expenses/${id}/restore`);
    expect(byBea.statusCode, byBea.body).toBe(200);

    expect((await call(ann, 'DELETE', `/api/expenses/${id}`)).statusCode).toBe(204);
    await db()
      .delete(friendships)
      .where(
        and(
          eq(friendships.userLow, Math.min(ann.id, cal.id)),
          eq(friendships.userHigh, Math.max(ann.id, cal.id)),
        ),
      );
    const ended = await call(ann, 'POST', `/api/expenses/${id}/restore`);
    expect(ended.statusCode).toBe(409);
    expect(errorBody(ended)).toMatchObject({
      code: 'NOT_RESTORABLE',
      message: 'This expense cannot be restored: you are no longer friends with Cal.',
    });
    await expectBalancesMatchRecomputation(db());
  });

  it('sends the change live to the people who see it', async () => {
    const id = (await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 30, { groupId }))).json<{
      id: number;
    }>().id;
    const s = await openReadySse(`${base}/api/events`, cal.auth);
    streams.push(s);
    expect((await call(ann, 'DELETE', `/api/expenses/${id}`)).statusCode).toBe(204);
    await s.waitFor(
      (f) => f.event === 'change' && f.data !== null && f.data.includes('"action":"deleted"'),
    );
    expect((await call(bea, 'POST', `/api/expenses/${id}/restore`)).statusCode).toBe(200);
    const frame = await s.waitFor(
      (f) => f.event === 'change' && f.data !== null && f.data.includes('"action":"created"'),
    );
    expect(JSON.parse(frame.data ?? '')).toMatchObject({
      entity: 'expense',
      action: 'created',
      id,
      groupId,
    });
  });

  it('purges entries deleted 30 days ago, comments and all; they can no longer be restored', async () => {
    const id = (await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 30, { groupId }))).json<{
      id: number;
    }>().id;
    await call(bea, 'POST', `/api/expenses/${id}/comments`, { content: 'Hm' });
    const pay = await call(bea, 'POST', '/api/payments', {
      paidToUserId: ann.id,
      amount: 5,
      groupId,
    });
    const paymentId = pay.json<{ id: number }>().id;
    expect((await call(ann, 'DELETE', `/api/expenses/${id}`)).statusCode).toBe(204);
    expect((await call(ann, 'DELETE', `/api/payments/${paymentId}`)).statusCode).toBe(204);
    const day = 24 * 3600 * 1000;
    const purger = ctx.app.services.deletedEntries;
    expect(await purger.purge(new Date(Date.now() + 29 * day))).toEqual({
      expenses: 0,
      payments: 0,
      files: 0,
    });
    expect(await purger.purge(new Date(Date.now() + 31 * day))).toEqual({
      expenses: 1,
      payments: 1,
      files: 0,
    });
    expect((await call(ann, 'POST', `/api/expenses/${id}/restore`)).statusCode).toBe(404);
    expect((await call(ann, 'POST', `/api/payments/${paymentId}/restore`)).statusCode).toBe(404);
    await expectBalancesMatchRecomputation(db());
  });
});

describe('POST /api/payments/{id}/restore', () => {
  it('puts a payment back with its balance effect and activity; idempotent; rules', async () => {
    await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 50, { groupId }));
    const res = await call(bea, 'POST', '/api/payments', {
      paidToUserId: ann.id,
      amount: 20,
      groupId,
    });
    const payment = res.json<{ id: number }>();
    const seen = await view(ann);
    expect((await call(ann, 'DELETE', `/api/payments/${payment.id}`)).statusCode).toBe(204);
    expect((await call(bea, 'GET', `/api/payments/${payment.id}`)).statusCode).toBe(404);
    expect((await view(ann)).payments).toEqual([]);
    expect(await json(ann, `/api/balances/group/${groupId}`)).toMatchObject([{ netAmount: 25 }]);

    expect((await call(dan, 'POST', `/api/payments/${payment.id}/restore`)).statusCode).toBe(404);
    const restored = await call(bea, 'POST', `/api/payments/${payment.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual(res.json());
    expect(await view(ann)).toEqual(seen);
    expect((await activityTypes(bea)).slice(0, 2)).toEqual([
      ['payment_restored', 20],
      ['payment_deleted', -20],
    ]);
    const again = await call(ann, 'POST', `/api/payments/${payment.id}/restore`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await view(ann)).toEqual(seen);

    // Bea left the group once settled: the payment names her, so it cannot come back.
    expect((await call(bea, 'DELETE', `/api/payments/${payment.id}`)).statusCode).toBe(204);
    await leaveGroup(db(), groupId, bea.id);
    expect((await call(bea, 'POST', `/api/payments/${payment.id}/restore`)).statusCode).toBe(403);
    const refused = await call(ann, 'POST', `/api/payments/${payment.id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(errorBody(refused)).toMatchObject({
      code: 'NOT_RESTORABLE',
      message: 'This payment cannot be restored: Bea is no longer a member of this group.',
    });
    await expectBalancesMatchRecomputation(db());
  });

  it('brings both payments of a currency exchange back together', async () => {
    const g = await createGroup(db(), ann, 'Asia trip', [bea], { currencyMode: 'SEPARATE' });
    await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 200, { groupId: g }));
    await postExpense(
      ctx,
      bea,
      equalExpense(bea, [ann, bea], 20_000, { groupId: g, currency: 'JPY' }),
    );
    const ex = await ctx.app.inject({
      method: 'POST',
      url: `/api/groups/${g}/exchanges`,
      headers: ann.auth,
      payload: {
        otherUserId: bea.id,
        fromCurrency: 'JPY',
        toCurrency: 'USD',
        exchangeRate: '0.006849',
      },
    });
    expect(ex.statusCode, ex.body).toBe(201);
    const [first, second] = ex.json<{ id: number }[]>();
    const lines = await json(ann, `/api/balances/group/${g}`);
    expect((await call(bea, 'DELETE', `/api/payments/${second?.id ?? 0}`)).statusCode).toBe(204);
    expect((await call(ann, 'GET', `/api/payments/${first?.id ?? 0}`)).statusCode).toBe(404);
    const restored = await call(ann, 'POST', `/api/payments/${second?.id ?? 0}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual(ex.json<unknown[]>()[1]);
    expect(await json(ann, `/api/payments/${first?.id ?? 0}`)).toEqual(ex.json<unknown[]>()[0]);
    expect(await json(ann, `/api/balances/group/${g}`)).toEqual(lines);
    await expectBalancesMatchRecomputation(db());
  });

  it('outside groups, needs the two to be friends still', async () => {
    await befriend(db(), ann, dan);
    const res = await call(dan, 'POST', '/api/payments', { paidToUserId: ann.id, amount: 7 });
    const id = res.json<{ id: number }>().id;
    expect((await call(ann, 'DELETE', `/api/payments/${id}`)).statusCode).toBe(204);
    const removed = await call(ann, 'DELETE', `/api/friendships/${await friendshipId(ann, dan)}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const refused = await call(dan, 'POST', `/api/payments/${id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(errorBody(refused).message).toBe(
      'This payment cannot be restored: you are no longer friends with Ann.',
    );
    expect((await call(bea, 'POST', `/api/payments/${id}/restore`)).statusCode).toBe(404);
  });
});

async function friendshipId(a: TestUser, b: TestUser): Promise<number> {
  const rows = await json<{ id: number; otherUser: { id: number } }[]>(
    a,
    '/api/friendships/friends',
  );
  return rows.find((f) => f.otherUser.id === b.id)?.id ?? 0;
}

describe('settling up both ways', () => {
  it('records a payment made to the caller ("they paid me"), in a group and between friends', async () => {
    await befriend(db(), ann, dan);
    // Bea owes Ann 25 in the group; Dan owes Ann 10 outside groups.
    await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 50, { groupId }));
    await postExpense(ctx, ann, equalExpense(ann, [ann, dan], 20));
    const inGroup = await call(ann, 'POST', '/api/payments', {
      paidByUserId: bea.id,
      paidToUserId: ann.id,
      amount: 25,
      groupId,
    });
    expect(inGroup.statusCode, inGroup.body).toBe(201);
    expect(inGroup.json()).toMatchObject({
      paidBy: { id: bea.id },
      paidTo: { id: ann.id },
      createdBy: { id: ann.id },
      summary: 'Bea paid Ann',
    });
    const outside = await call(ann, 'POST', '/api/payments', {
      paidByUserId: dan.id,
      paidToUserId: ann.id,
      amount: 10,
    });
    expect(outside.statusCode, outside.body).toBe(201);
    expect(await json(ann, '/api/balances/overall')).toMatchObject({
      totalOwedToUser: 0,
      totalOwedByUser: 0,
    });
    // The same rules hold: both must be members, and outside groups friends.
    const stranger = await call(ann, 'POST', '/api/payments', {
      paidByUserId: dan.id,
      paidToUserId: ann.id,
      amount: 1,
      groupId,
    });
    expect(errorBody(stranger)).toMatchObject({
      code: 'NOT_GROUP_MEMBER',
      message: 'Dan is not a member of this group.',
    });
    const notFriend = await call(ann, 'POST', '/api/payments', {
      paidByUserId: cal.id,
      paidToUserId: ann.id,
      amount: 1,
    });
    expect(errorBody(notFriend)).toMatchObject({ code: 'NOT_FRIENDS' });
    await expectBalancesMatchRecomputation(db());
  });
});
