// Walks every endpoint as a stranger, as a former member and as a non-author: each is refused
// as the contract says (§5.6), and nothing in the database changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers, leaveGroup } from './support/fixtures.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody, settleFeed } from './support/test-app.js';

let ctx: TestContext;
let ann: TestUser;
let bea: TestUser;
let cid: TestUser; // former member
let dan: TestUser; // stranger
let groupId: number;
let expenseId: number;
let nonGroupExpenseId: number;
let paymentId: number;
let nonGroupPaymentId: number;
let commentId: number;
let friendshipId: number;
let requestId: number;

async function post(user: TestUser, url: string, payload: unknown) {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    headers: user.auth,
    payload: payload as Record<string, unknown>,
  });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>();
}

/**
 * The daily jobs that reschedule themselves on the real clock (the digest at 08:00 local, the
 * purge of deleted entries): no request creates them, and when one falls due during the test it
 * runs and replaces its own row, which is not the refused request's doing (seen in CI).
 */
const CLOCK_DRIVEN_JOBS = ['notifications.digest-run', 'ledger.purge-deleted'];

/** Every row of every table, to prove a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const tables = await queryRows<{ tablename: string }>(
    ctx.database.handle.db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('rate_limit_counters') order by tablename`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { tablename } of tables) {
    const skip =
      tablename === 'jobs'
        ? `where t.kind not in (${CLOCK_DRIVEN_JOBS.map((k) => `'${k}'`).join(', ')})`
        : '';
    out[tablename] = await queryRows(
      ctx.database.handle.db,
      // Ordered by the whole row, whatever the number of columns.
      sql.raw(`select * from "${tablename}" t ${skip} order by t::text`),
    );
  }
  return JSON.stringify(out);
}

/**
 * A snapshot once what earlier writes set going in the background (the notifier, the mails it
 * queues, the change feed's stamper) has finished: taken again until two in a row agree, so on a
 * busy machine a late background write is not mistaken for the refused request's doing.
 */
async function settledSnapshot(): Promise<string> {
  let last = '';
  for (let attempt = 0; attempt < 10; attempt++) {
    await settleFeed(ctx);
    await ctx.drainJobs();
    await ctx.drainJobs();
    const now = await snapshot();
    if (now === last) return now;
    last = now;
  }
  return last;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [ann, bea, cid, dan] = (await createUsers(ctx, 'Ann', 'Bea', 'Cid', 'Dan')) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  const db = ctx.database.handle.db;
  friendshipId = await befriend(db, ann, bea);
  await befriend(db, ann, cid);
  groupId = await createGroup(db, ann, 'Trip', [bea, cid]);
  expenseId = (
    await post(ann, '/api/expenses', {
      description: 'Dinner',
      amount: 30,
      groupId,
      splitType: 'EQUAL',
      payers: [{ userId: ann.id, amountPaid: 30 }],
      splits: [{ userId: ann.id }, { userId: bea.id }],
    })
  ).id;
  nonGroupExpenseId = (
    await post(ann, '/api/expenses', {
      description: 'Taxi',
      amount: 10,
      splitType: 'EQUAL',
      payers: [{ userId: ann.id, amountPaid: 10 }],
      splits: [{ userId: ann.id }, { userId: bea.id }],
    })
  ).id;
  paymentId = (await post(bea, '/api/payments', { paidToUserId: ann.id, amount: 5, groupId })).id;
  nonGroupPaymentId = (await post(bea, '/api/payments', { paidToUserId: ann.id, amount: 2 })).id;
  commentId = (await post(ann, `/api/expenses/${expenseId}/comments`, { content: 'Thanks' })).id;
  // A pending request from Dan to Bea (Ann is not a party).
  requestId = (await post(dan, '/api/friendships/requests', { recipientEmail: bea.email })).id;
  await leaveGroup(db, groupId, cid.id);
});
afterAll(async () => {
  await ctx.close();
});

interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  body?: () => unknown;
  status: number;
  message?: string;
}

const expenseBody = () => ({
  description: 'Changed',
  amount: 40,
  groupId,
  splitType: 'EQUAL',
  payers: [{ userId: ann.id, amountPaid: 40 }],
  splits: [{ userId: ann.id }, { userId: bea.id }],
});
const NOT_MEMBER = 'You are not a member of this group.';
const NO_EXPENSE = 'You do not have access to this expense.';
const NO_PAYMENT = 'You do not have access to this payment.';

const outsiderCases: Record<string, Case> = {
  'GET group': {
    method: 'GET',
    url: () => `/api/groups/${groupId}`,
    status: 403,
    message: NOT_MEMBER,
  },
  'PATCH group': {
    method: 'PATCH',
    url: () => `/api/groups/${groupId}`,
    body: () => ({ name: 'Mine' }),
    status: 403,
    message: NOT_MEMBER,
  },
  'DELETE group': { method: 'DELETE', url: () => `/api/groups/${groupId}`, status: 403 },
  'add member': {
    method: 'POST',
    url: () => `/api/groups/${groupId}/members`,
    body: () => ({ memberEmail: 'x@example.com' }),
    status: 403,
    message: NOT_MEMBER,
  },
  'remove member': {
    method: 'DELETE',
    url: () => `/api/groups/${groupId}/members/${bea.id}`,
    status: 403,
  },
  transactions: {
    method: 'GET',
    url: () => `/api/groups/${groupId}/transactions`,
    status: 403,
    message: NOT_MEMBER,
  },
  'settle suggestions': {
    method: 'GET',
    url: () => `/api/groups/${groupId}/settle-suggestions`,
    status: 403,
    message: NOT_MEMBER,
  },
  'group balances': {
    method: 'GET',
    url: () => `/api/balances/group/${groupId}`,
    status: 403,
    message: NOT_MEMBER,
  },
  'create group expense': {
    method: 'POST',
    url: () => '/api/expenses',
    body: expenseBody,
    status: 403,
    message: NOT_MEMBER,
  },
  'GET expense': {
    method: 'GET',
    url: () => `/api/expenses/${expenseId}`,
    status: 403,
    message: NO_EXPENSE,
  },
  'PUT expense': {
    method: 'PUT',
    url: () => `/api/expenses/${expenseId}`,
    body: expenseBody,
    status: 403,
  },
  'DELETE expense': {
    method: 'DELETE',
    url: () => `/api/expenses/${expenseId}`,
    status: 403,
    message: NO_EXPENSE,
  },
  'GET non-group expense': {
    method: 'GET',
    url: () => `/api/expenses/${nonGroupExpenseId}`,
    status: 403,
    message: NO_EXPENSE,
  },
  'DELETE non-group expense': {
    method: 'DELETE',
    url: () => `/api/expenses/${nonGroupExpenseId}`,
    status: 403,
    message: NO_EXPENSE,
  },
  'list comments': {
    method: 'GET',
    url: () => `/api/expenses/${expenseId}/comments`,
    status: 403,
    message: NO_EXPENSE,
  },
  'add comment': {
    method: 'POST',
    url: () => `/api/expenses/${expenseId}/comments`,
    body: () => ({ content: 'hi' }),
    status: 403,
    message: NO_EXPENSE,
  },
  'delete comment': { method: 'DELETE', url: () => `/api/comments/${commentId}`, status: 403 },
  'create group payment': {
    method: 'POST',
    url: () => '/api/payments',
    body: () => ({ paidToUserId: ann.id, amount: 1, groupId }),
    status: 403,
  },
  'GET payment': {
    method: 'GET',
    url: () => `/api/payments/${paymentId}`,
    status: 403,
    message: NO_PAYMENT,
  },
  'PUT payment': {
    method: 'PUT',
    url: () => `/api/payments/${paymentId}`,
    body: () => ({ paidToUserId: ann.id, amount: 9 }),
    status: 403,
  },
  'DELETE payment': {
    method: 'DELETE',
    url: () => `/api/payments/${paymentId}`,
    status: 403,
    message: NO_PAYMENT,
  },
  'GET non-group payment': {
    method: 'GET',
    url: () => `/api/payments/${nonGroupPaymentId}`,
    status: 403,
    message: NO_PAYMENT,
  },
  'DELETE non-group payment': {
    method: 'DELETE',
    url: () => `/api/payments/${nonGroupPaymentId}`,
    status: 403,
    message: NO_PAYMENT,
  },
  'DELETE friendship of others': {
    method: 'DELETE',
    url: () => `/api/friendships/${friendshipId}`,
    status: 404,
    message: 'Friendship not found.',
  },
};

describe.each([
  ['a stranger', () => dan],
  ['a former member', () => cid],
])('as %s', (_label, who) => {
  for (const [name, c] of Object.entries(outsiderCases)) {
    it(`refuses ${name} and changes nothing`, async () => {
      // Both snapshots wait for the background work of earlier writes, so they differ only by
      // what the refused request did.
      const before = await settledSnapshot();
      const body = c.body?.();
      const res = await ctx.app.inject({
        method: c.method,
        url: c.url(),
        headers: who().auth,
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      expect(res.statusCode, res.body).toBe(c.status);
      const err = errorBody(res);
      if (c.message !== undefined) expect(err.message).toBe(c.message);
      expect(await settledSnapshot()).toBe(before);
    });
  }
});

describe('as a member who is not the author or creator', () => {
  it('refuses deleting another person’s comment', async () => {
    const before = await snapshot();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/comments/${commentId}`,
      headers: bea.auth,
    });
    expect(res.statusCode).toBe(403);
    expect(errorBody(res).message).toBe('You can only delete your own comments.');
    expect(await snapshot()).toBe(before);
  });

  it('refuses deleting the group and removing others', async () => {
    const before = await snapshot();
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/groups/${groupId}`,
      headers: bea.auth,
    });
    expect(del.statusCode).toBe(403);
    expect(errorBody(del).message).toBe('Only the group creator can delete this group.');
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/groups/${groupId}/members/${ann.id}`,
      headers: bea.auth,
    });
    expect(remove.statusCode).toBe(403);
    expect(errorBody(remove).message).toBe('Only the group creator can remove other members.');
    expect(await snapshot()).toBe(before);
  });

  it('refuses accepting or rejecting a request one did not receive', async () => {
    const before = await snapshot();
    const asSender = await ctx.app.inject({
      method: 'PUT',
      url: `/api/friendships/requests/${requestId}/accept`,
      headers: dan.auth,
    });
    expect(asSender.statusCode).toBe(403);
    expect(errorBody(asSender).message).toBe('Only the recipient can accept this friend request.');
    const rejectAsSender = await ctx.app.inject({
      method: 'PUT',
      url: `/api/friendships/requests/${requestId}/reject`,
      headers: dan.auth,
    });
    expect(rejectAsSender.statusCode).toBe(403);
    expect(errorBody(rejectAsSender).message).toBe(
      'Only the recipient can reject this friend request.',
    );
    const notParty = await ctx.app.inject({
      method: 'PUT',
      url: `/api/friendships/requests/${requestId}/accept`,
      headers: ann.auth,
    });
    expect(notParty.statusCode).toBe(404);
    expect(errorBody(notParty).message).toBe('Friend request not found.');
    expect(await snapshot()).toBe(before);
  });
});

describe('without a token', () => {
  const protectedRoutes: [string, string][] = [
    ['GET', '/api/auth/me'],
    ['GET', '/api/friendships/friends'],
    ['GET', '/api/friendships/requests/incoming'],
    ['GET', '/api/friendships/requests/outgoing'],
    ['POST', '/api/friendships/requests'],
    ['GET', '/api/groups/my'],
    ['POST', '/api/groups'],
    ['GET', '/api/groups/1'],
    ['GET', '/api/expenses/my'],
    ['POST', '/api/expenses'],
    ['GET', '/api/expenses/1'],
    ['GET', '/api/payments/my'],
    ['POST', '/api/payments'],
    ['POST', '/api/payments/settle'],
    ['GET', '/api/balances/overall'],
    ['GET', '/api/balances/friends'],
    ['GET', '/api/balances/group/1'],
    ['GET', '/api/activity'],
    ['POST', '/api/events/ticket'],
    ['GET', '/api/events'],
    ['DELETE', '/api/comments/1'],
    ['POST', '/api/receipts/scan-and-parse'],
  ];
  it.each(protectedRoutes)('%s %s answers 401', async (method, url) => {
    const res = await ctx.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(errorBody(res).code).toBe('UNAUTHENTICATED');
  });
});
