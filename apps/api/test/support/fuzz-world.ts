// The operations /api/openapi.json documents, and the world fuzz-openapi.test.ts sends them against:
// a user who owns a group, an expense (with a receipt), a payment, a comment and friendships, so
// path ids hit real rows as well as junk ones, and a valid sample body per operation.
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './test-app.js';
import type { TestUser } from './fixtures.js';
import { befriend, createGroup, createUsers, FIXTURE_PASSWORD } from './fixtures.js';
import { multipart, PNG } from './ledger.js';

// ---------------------------------------------------------------------------------------------
// The operations, from the OpenAPI document.

export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Properties documented for a JSON request body. */
  bodyProps: string[];
}

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }) {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const params = op.parameters ?? [];
      const schema = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProps: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return ops;
}

// ---------------------------------------------------------------------------------------------
// The world the operations are fuzzed against, made afresh after any operation that may delete.

export interface World {
  ann: TestUser;
  bea: TestUser;
  cal: TestUser;
  dan: TestUser;
  groupId: number;
  expenseId: number;
  paymentId: number;
  commentId: number;
  friendshipId: number;
  requestId: number;
  receipt: { key: string; uid: string; exp: string; sig: string };
  ticket: string;
}

async function expectCreated(res: LightMyRequestResponse): Promise<{ id: number }> {
  if (res.statusCode !== 201) throw new Error(`seeding failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>();
}

export async function seedWorld(ctx: TestContext): Promise<World> {
  await ctx.reset();
  const db = ctx.database.handle.db;
  const [ann, bea, cal, dan] = (await createUsers(ctx, 'Ann', 'Bea', 'Cal', 'Dan')) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  const friendshipId = await befriend(db, ann, bea);
  await befriend(db, ann, dan);
  const groupId = await createGroup(db, ann, 'Trip', [bea]);
  const as = (user: TestUser, method: 'POST', url: string, payload: object) =>
    ctx.app.inject({
      method,
      url,
      headers: user.auth,
      payload: payload as Record<string, unknown>,
    });

  const request = await expectCreated(
    await as(cal, 'POST', '/api/friendships/requests', { recipientEmail: ann.email }),
  );
  const form = multipart([
    { name: 'expenseData', value: JSON.stringify(expenseBody(ann, bea, groupId)) },
    { name: 'receiptFile', value: PNG, filename: 'r.png', contentType: 'image/png' },
  ]);
  const withReceipt = await ctx.app.inject({
    method: 'POST',
    url: '/api/expenses',
    headers: { ...ann.auth, ...form.headers },
    payload: form.payload,
  });
  const expense = await expectCreated(withReceipt);
  const link = new URL(withReceipt.json<{ receiptUrl: string }>().receiptUrl);
  await expectCreated(await as(ann, 'POST', '/api/expenses', expenseBody(ann, bea, null)));
  const payment = await expectCreated(
    await as(ann, 'POST', '/api/payments', paymentBody(ann, bea, groupId)),
  );
  await expectCreated(await as(ann, 'POST', '/api/payments', paymentBody(ann, bea, null)));
  const comment = await expectCreated(
    await as(ann, 'POST', `/api/expenses/${expense.id}/comments`, { content: 'Thanks!' }),
  );
  const ticket = await ctx.app.inject({
    method: 'POST',
    url: '/api/events/ticket',
    headers: ann.auth,
  });
  return {
    ann,
    bea,
    cal,
    dan,
    groupId,
    expenseId: expense.id,
    paymentId: payment.id,
    commentId: comment.id,
    friendshipId,
    requestId: request.id,
    receipt: {
      key: decodeURIComponent(link.pathname.split('/').pop() ?? ''),
      uid: link.searchParams.get('uid') ?? '',
      exp: link.searchParams.get('exp') ?? '',
      sig: link.searchParams.get('sig') ?? '',
    },
    ticket: ticket.json<{ ticket: string }>().ticket,
  };
}

function expenseBody(payer: TestUser, other: TestUser, groupId: number | null) {
  return {
    description: 'Dinner',
    amount: 30,
    currency: 'USD',
    date: '2025-03-14',
    groupId,
    splitType: 'EXACT',
    payers: [{ userId: payer.id, amountPaid: 30 }],
    splits: [
      { userId: payer.id, value: 10 },
      { userId: other.id, value: '20.00' },
    ],
    notes: 'Tip included',
  };
}

function paymentBody(payer: TestUser, other: TestUser, groupId: number | null) {
  return {
    paidToUserId: other.id,
    paidByUserId: payer.id,
    amount: 5,
    date: '2025-03-15',
    currency: 'USD',
    groupId,
  };
}

/** A valid body per operation (whose properties get junk one at a time), or none. */
export function sampleBody(op: Operation, w: World): Record<string, unknown> | undefined {
  const samples: Record<string, Record<string, unknown>> = {
    'POST /api/auth/register': { name: 'Zed', email: 'zed@example.com', password: 'secret123' },
    'POST /api/auth/login': { email: w.ann.email, password: FIXTURE_PASSWORD },
    // Addresses that get no mail, so the SMTP round trips do not dominate the run.
    'POST /api/auth/resend-verification': { email: w.ann.email },
    'POST /api/auth/forgot-password': { email: 'nobody@example.com' },
    'POST /api/auth/reset-password': { token: 'not-a-token', newPassword: 'secret456' },
    // A wrong current password: a right one would end the caller's session for the rest.
    'POST /api/auth/change-password': { currentPassword: 'wrong-one', newPassword: 'secret456' },
    'POST /api/friendships/requests': { recipientEmail: 'cal@example.com' },
    'POST /api/groups': { name: 'Fuzz', defaultCurrency: 'EUR', simplifyDebts: true },
    'PATCH /api/groups/{id}': { name: 'Renamed', simplifyDebts: false, defaultCurrency: 'USD' },
    'POST /api/groups/{id}/members': { memberIds: [w.dan.id], memberEmail: null },
    'POST /api/expenses': expenseBody(w.ann, w.bea, w.groupId),
    'PUT /api/expenses/{id}': { ...expenseBody(w.ann, w.bea, w.groupId), removeReceipt: false },
    'POST /api/payments': paymentBody(w.ann, w.bea, w.groupId),
    'PUT /api/payments/{id}': paymentBody(w.ann, w.bea, w.groupId),
    'POST /api/payments/settle': {
      otherUserId: w.bea.id,
      direction: 'I_PAID',
      amount: 5,
      date: '2025-03-15',
      currency: 'USD',
    },
    'POST /api/expenses/{id}/comments': { content: 'Nice' },
  };
  return samples[`${op.method} ${op.path}`];
}

/** A real value for each path parameter, by the resource its path names. */
export function realPathParam(path: string, name: string, w: World): string {
  if (name === 'userId') return String(w.bea.id);
  if (name === 'key') return encodeURIComponent(w.receipt.key);
  const byPrefix: [string, number][] = [
    ['/api/friendships/requests/', w.requestId],
    ['/api/friendships/', w.friendshipId],
    ['/api/groups/', w.groupId],
    ['/api/balances/group/', w.groupId],
    ['/api/expenses/', w.expenseId],
    ['/api/payments/', w.paymentId],
    ['/api/comments/', w.commentId],
  ];
  return String(byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 1);
}

export function realQueryParam(name: string, w: World): string | undefined {
  const values: Record<string, string> = {
    limit: '1',
    token: 'not-a-token',
    ticket: w.ticket,
    uid: w.receipt.uid,
    exp: w.receipt.exp,
    sig: w.receipt.sig,
  };
  return values[name];
}
