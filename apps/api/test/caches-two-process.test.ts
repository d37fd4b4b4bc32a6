// Two real server processes on one PostgreSQL database: what process A shows and caches (verified
// tokens) follows the writes made through process B, carried by the change feed every process
// follows — also while A's LISTEN connection is down (the feed is polled, the NOTIFY is only a
// doorbell).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './support/server-process.js';
import { assertServerBuilt, postJson, startServer, stopServer } from './support/server-process.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

const SECRET = 'cache-two-process-secret-cache-two-process-0123456789';

interface Account {
  id: number;
  token: string;
}

describe.runIf(testDbKind() === 'postgres')('caches across two server processes', () => {
  let database: TestDatabase;
  let dirs: string[] = [];
  let a: RunningServer;
  let b: RunningServer;
  let ann: Account;
  let bea: Account;
  let groupId: number;

  const call = async (
    server: RunningServer,
    who: Account,
    method: string,
    url: string,
    body?: unknown,
  ) =>
    fetch(`${server.base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${who.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function account(name: string): Promise<Account> {
    const email = `${name.toLowerCase()}@example.com`;
    const reg = await postJson(b.base, '/api/auth/register', {
      name,
      email,
      password: 'secret123',
    });
    expect(reg.status).toBe(201);
    const login = await postJson(b.base, '/api/auth/login', { email, password: 'secret123' });
    return (await login.json()) as Account;
  }

  /**
   * Polls process A until `check` holds; the notification travels through PostgreSQL. The
   * deadline only turns a hang into a failure.
   */
  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`never happened on process A: ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  beforeAll(async () => {
    assertServerBuilt();
    database = await createTestDatabase('postgres');
    dirs = [
      await mkdtemp(path.join(os.tmpdir(), 'evenly-cache-a-')),
      await mkdtemp(path.join(os.tmpdir(), 'evenly-cache-b-')),
    ];
    const env = (dir: string) => ({
      DATA_DIR: dir,
      DATABASE_URL: database.url ?? '',
      JWT_SECRET: SECRET,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      LOG_LEVEL: 'warn',
    });
    [a, b] = await Promise.all([startServer(env(dirs[0] ?? '')), startServer(env(dirs[1] ?? ''))]);
    ann = await account('Ann');
    bea = await account('Bea');
    const request = await call(b, ann, 'POST', '/api/friendships/requests', {
      recipientEmail: 'bea@example.com',
    });
    expect(request.status).toBe(201);
    const { id: requestId } = (await request.json()) as { id: number };
    expect(
      (await call(b, bea, 'PUT', `/api/friendships/requests/${requestId}/accept`)).status,
    ).toBe(200);
    const group = await call(b, ann, 'POST', '/api/groups', { name: 'Trip' });
    groupId = ((await group.json()) as { id: number }).id;
    expect(
      (await call(b, ann, 'POST', `/api/groups/${groupId}/members`, { memberIds: [bea.id] }))
        .status,
    ).toBe(200);
  });

  afterAll(async () => {
    const codes = await Promise.all([a, b].filter((r) => r !== undefined).map(stopServer));
    for (const c of codes) expect(c).toBe(0);
    await database.close();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('shows on process A an expense written through process B', async () => {
    const myGroups = async () =>
      (await (await call(a, ann, 'GET', '/api/groups/my')).json()) as {
        myBalance: { net: number };
      }[];
    const page = async () =>
      (await (await call(a, ann, 'GET', `/api/groups/${groupId}/transactions`)).json()) as {
        id: number;
      }[];
    const activity = async () =>
      (await (await call(a, ann, 'GET', '/api/activity')).json()) as { type: string }[];
    // Cached on A (read twice).
    for (let i = 0; i < 2; i++) {
      expect((await myGroups())[0]?.myBalance.net).toBe(0);
      expect(await page()).toEqual([]);
      expect((await activity()).some((e) => e.type === 'expense_added')).toBe(false);
    }
    const created = await call(b, bea, 'POST', '/api/expenses', {
      description: 'Dinner',
      amount: 30,
      groupId,
      splitType: 'EQUAL',
      payers: [{ userId: bea.id, amountPaid: 30 }],
      splits: [{ userId: ann.id }, { userId: bea.id }],
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await eventually(async () => (await myGroups())[0]?.myBalance.net === -15, 'new balance');
    await eventually(async () => (await page()).some((t) => t.id === id), 'new page');
    await eventually(
      async () => (await activity()).some((e) => e.type === 'expense_added'),
      'new activity',
    );
  });

  it('refuses on process A a token superseded by a password change through process B', async () => {
    expect((await call(a, bea, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await call(a, bea, 'GET', '/api/auth/me')).status).toBe(200);
    const changed = await call(b, bea, 'POST', '/api/auth/change-password', {
      currentPassword: 'secret123',
      newPassword: 'another-secret',
    });
    expect(changed.status).toBe(200);
    const fresh = (await changed.json()) as { token: string };
    await eventually(
      async () => (await call(a, bea, 'GET', '/api/auth/me')).status === 401,
      'old token refused',
    );
    expect((await call(a, { ...bea, token: fresh.token }, 'GET', '/api/auth/me')).status).toBe(200);
  });

  it('refuses on process A every token of an account deleted through process B', async () => {
    const dan = await account('Dan');
    expect((await call(a, dan, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await call(a, dan, 'GET', '/api/auth/me')).status).toBe(200);
    const deleted = await call(b, dan, 'DELETE', '/api/auth/me', { password: 'secret123' });
    expect(deleted.status).toBe(204);
    await eventually(
      async () => (await call(a, dan, 'GET', '/api/auth/me')).status === 401,
      'deleted account token refused',
    );
  });

  it('refuses a superseded token on A within a poll interval even with its LISTEN connection gone', async () => {
    const cat = await account('Cat');
    expect((await call(a, cat, 'GET', '/api/auth/me')).status).toBe(200);
    // Kill every LISTEN connection (both processes'): no doorbell reaches anyone for a while.
    const admin = database.handle.pool;
    const killed = await admin?.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'evenly-listener'`,
    );
    expect(killed?.rowCount).toBeGreaterThan(0);
    const changed = await call(b, cat, 'POST', '/api/auth/change-password', {
      currentPassword: 'secret123',
      newPassword: 'another-secret',
    });
    expect(changed.status).toBe(200);
    // Within `eventually`'s 10 s: the 1 s poll, not the 30 s cache lifetime, decides.
    await eventually(
      async () => (await call(a, cat, 'GET', '/api/auth/me')).status === 401,
      'old token refused without a doorbell',
    );
  });
});
