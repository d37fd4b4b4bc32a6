// A small but complete history written through the API, and everything the API shows of it,
// for tests that move an instance somewhere else (backup and restore, move to PostgreSQL) and
// must find it equal there.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { befriend, createGroup } from './fixtures.js';
import type { TestUser } from './fixtures.js';
import { PNG, PDF, multipart } from './ledger.js';
import type { TestContext } from './test-app.js';

type Auth = { auth: { authorization: string } };

async function send(
  app: FastifyInstance,
  who: Auth,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res;
}

async function expenseWithReceipt(
  app: FastifyInstance,
  who: Auth,
  data: unknown,
  file: Buffer,
  type: string,
): Promise<number> {
  const form = multipart([
    { name: 'expenseData', value: JSON.stringify(data) },
    { name: 'receiptFile', value: file, filename: 'receipt', contentType: type },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/expenses',
    headers: { ...who.auth, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`receipt expense → ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

/**
 * Expenses of every split type (one with two payers, one outside groups, two with receipt
 * files), payments in and outside the group, and comments, among four users.
 */
export async function populateHistory(ctx: TestContext, users: TestUser[]): Promise<number> {
  const [ann, bea, cal, dan] = users as [TestUser, TestUser, TestUser, TestUser];
  const { app } = ctx;
  await befriend(ctx.database.handle.db, ann, dan);
  const groupId = await createGroup(ctx.database.handle.db, ann, 'Trip', [bea, cal]);
  const everyone = [ann, bea, cal];
  const equal = await send(app, ann, 'POST', '/api/expenses', {
    description: 'Dinner',
    amount: 100,
    groupId,
    splitType: 'EQUAL',
    payers: [{ userId: ann.id, amountPaid: 100 }],
    splits: everyone.map((u) => ({ userId: u.id })),
  });
  await send(app, bea, 'POST', '/api/expenses', {
    description: 'Tickets',
    amount: 90.5,
    groupId,
    splitType: 'EXACT',
    payers: [{ userId: bea.id, amountPaid: 90.5 }],
    splits: [
      { userId: ann.id, value: 30.25 },
      { userId: bea.id, value: 20 },
      { userId: cal.id, value: 40.25 },
    ],
  });
  await send(app, cal, 'POST', '/api/expenses', {
    description: 'Hotel',
    amount: 333.33,
    groupId,
    splitType: 'PERCENTAGE',
    payers: [
      { userId: cal.id, amountPaid: 200 },
      { userId: ann.id, amountPaid: 133.33 },
    ],
    splits: [
      { userId: ann.id, value: 33.3333 },
      { userId: bea.id, value: 33.3333 },
      { userId: cal.id, value: 33.3334 },
    ],
  });
  await expenseWithReceipt(
    app,
    ann,
    {
      description: 'Groceries',
      amount: 47.11,
      groupId,
      splitType: 'SHARE',
      payers: [{ userId: ann.id, amountPaid: 47.11 }],
      splits: [
        { userId: ann.id, value: 2 },
        { userId: bea.id, value: 1 },
        { userId: cal.id, value: 3 },
      ],
    },
    PNG,
    'image/png',
  );
  const friendExpense = await expenseWithReceipt(
    app,
    dan,
    {
      description: 'Taxi',
      amount: 25,
      groupId: null,
      splitType: 'EQUAL',
      payers: [{ userId: dan.id, amountPaid: 25 }],
      splits: [{ userId: ann.id }, { userId: dan.id }],
      notes: 'Airport → hotel, "late" flight',
    },
    PDF,
    'application/pdf',
  );
  await send(app, bea, 'POST', '/api/payments', {
    paidToUserId: ann.id,
    amount: 12.34,
    groupId,
  });
  await send(app, ann, 'POST', '/api/payments', { paidToUserId: dan.id, amount: 5 });
  const dinner = equal.json<{ id: number }>().id;
  await send(app, bea, 'POST', `/api/expenses/${dinner}/comments`, { content: 'Thanks! 🍝' });
  await send(app, ann, 'POST', `/api/expenses/${dinner}/comments`, { content: 'Ça va' });
  await send(app, dan, 'POST', `/api/expenses/${friendExpense}/comments`, { content: 'Paid' });
  return groupId;
}

interface Entry {
  type: 'expense' | 'payment';
  id: number;
  receiptUrl?: string | null;
}

export interface Answer {
  status: number;
  json(): unknown;
  bytes: Buffer;
  /** The redirect target of a 302 (object storage serves receipts by presigned link). */
  location?: string;
}

/** Sends a GET as `who` to one instance, in-process or over HTTP. */
export type Reader = (who: Auth, url: string) => Promise<Answer>;

export function injectReader(app: FastifyInstance): Reader {
  return async (who, url) => {
    const res = await app.inject({ method: 'GET', url, headers: who.auth });
    const location = res.headers.location;
    return {
      status: res.statusCode,
      json: () => res.json<unknown>(),
      bytes: res.rawPayload,
      ...(typeof location === 'string' ? { location } : {}),
    };
  };
}

export function fetchReader(base: string): Reader {
  return async (who, url) => {
    const res = await fetch(`${base}${url}`, { headers: who.auth, redirect: 'manual' });
    const location = res.headers.get('location');
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      json: () => JSON.parse(bytes.toString('utf8')) as unknown,
      bytes,
      ...(location === null ? {} : { location }),
    };
  };
}

/** The receipt URL's path and query (signed, so it differs per call: compared by bytes). */
function receiptPath(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/**
 * Everything each user can read: balances, groups, every group's transactions, their own
 * expenses and payments with details and comments, and the bytes of every receipt.
 */
export async function apiSnapshot(
  target: FastifyInstance | Reader,
  users: Auth[],
): Promise<Record<string, unknown>> {
  const read = typeof target === 'function' ? target : injectReader(target);
  const out: Record<string, unknown> = {};
  const get = async (who: Auth, url: string): Promise<unknown> => {
    const res = await read(who, url);
    if (res.status !== 200) throw new Error(`GET ${url} → ${res.status} ${res.bytes.toString()}`);
    return res.json();
  };
  for (const [i, who] of users.entries()) {
    const mine: Record<string, unknown> = {};
    mine['overall'] = await get(who, '/api/balances/overall');
    mine['friends'] = await get(who, '/api/balances/friends');
    const groups = (await get(who, '/api/groups/my')) as { id: number }[];
    mine['groups'] = groups;
    for (const group of groups) {
      mine[`group ${group.id} balances`] = await get(who, `/api/balances/group/${group.id}`);
      const entries = (await get(who, `/api/groups/${group.id}/transactions`)) as Entry[];
      expect(entries.length).toBeLessThan(1000);
      mine[`group ${group.id} transactions`] = await withoutLinks(read, who, entries);
    }
    const expenses = (await get(who, '/api/expenses/my')) as Entry[];
    mine['expenses'] = await withoutLinks(read, who, expenses);
    for (const e of expenses) {
      mine[`expense ${e.id} comments`] = await get(who, `/api/expenses/${e.id}/comments`);
    }
    mine['payments'] = await get(who, '/api/payments/my');
    out[`user ${i}`] = mine;
  }
  return out;
}

/** Entries with each signed receipt link replaced by the bytes it serves (base64). */
async function withoutLinks(read: Reader, who: Auth, entries: Entry[]) {
  const out: unknown[] = [];
  for (const e of entries) {
    if (typeof e.receiptUrl === 'string') {
      const res = await read(who, receiptPath(e.receiptUrl));
      let bytes = res.bytes;
      if (res.status === 302 && res.location !== undefined) {
        const direct = await fetch(res.location);
        expect(direct.status).toBe(200);
        bytes = Buffer.from(await direct.arrayBuffer());
      } else {
        expect(res.status).toBe(200);
      }
      out.push({ ...e, receiptUrl: bytes.toString('base64') });
    } else {
      out.push(e);
    }
  }
  return out;
}
