// A client for tests against real server processes (support/server-process.ts): accounts made
// through the HTTP API, calls as a user, and the social setup most ledger tests need.
import { expect } from 'vitest';
import { postJson } from './server-process.js';

export interface Account {
  id: number;
  name: string;
  token: string;
}

/** Registers and logs in `name` (the server runs with REQUIRE_EMAIL_VERIFICATION=false). */
export async function account(base: string, name: string): Promise<Account> {
  const email = `${name.toLowerCase()}@example.com`;
  const reg = await postJson(base, '/api/auth/register', { name, email, password: 'secret123' });
  expect(reg.status, await reg.clone().text()).toBe(201);
  const login = await postJson(base, '/api/auth/login', { email, password: 'secret123' });
  const body = (await login.json()) as { id: number; token: string };
  return { id: body.id, name, token: body.token };
}

/** One call as `who`; JSON in and out. */
export function call(
  base: string,
  who: Account,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Makes `a` and `b` friends and puts them in a new group of `a`'s; its id. */
export async function friendsInGroup(
  base: string,
  a: Account,
  b: Account,
  name = 'Trip',
): Promise<number> {
  const req = await call(base, a, 'POST', '/api/friendships/requests', {
    recipientEmail: `${b.name.toLowerCase()}@example.com`,
  });
  expect(req.status).toBe(201);
  const { id } = (await req.json()) as { id: number };
  expect((await call(base, b, 'PUT', `/api/friendships/requests/${id}/accept`)).status).toBe(200);
  const group = await call(base, a, 'POST', '/api/groups', { name });
  const g = (await group.json()) as { id: number };
  const add = await call(base, a, 'POST', `/api/groups/${g.id}/members`, { memberIds: [b.id] });
  expect(add.status).toBe(200);
  return g.id;
}

/** An EQUAL expense of `amount` paid by `payer`, split between `people`. */
export function equalExpenseBody(
  description: string,
  amount: number,
  payer: Account,
  people: Account[],
  groupId: number | null,
): Record<string, unknown> {
  return {
    description,
    amount,
    groupId,
    splitType: 'EQUAL',
    payers: [{ userId: payer.id, amountPaid: amount }],
    splits: people.map((p) => ({ userId: p.id })),
  };
}

/** Polls `check` until it holds or `timeoutMs` passes. */
export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
