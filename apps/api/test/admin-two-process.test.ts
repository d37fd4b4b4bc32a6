// Two real server processes on one PostgreSQL database: an administrator's actions taken through
// process B apply on process A too — a disabled person's token, cached by A, is refused there
// (the users trigger puts the change on the change feed A follows), and the registration mode
// chosen at run time refuses a sign-up on A.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './support/server-process.js';
import { assertServerBuilt, postJson, startServer, stopServer } from './support/server-process.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

const SECRET = 'admin-two-process-secret-admin-two-process-0123456789';

interface Account {
  id: number;
  token: string;
}

describe.runIf(testDbKind() === 'postgres')('admin actions across two server processes', () => {
  let database: TestDatabase;
  let dirs: string[] = [];
  let a: RunningServer;
  let b: RunningServer;
  let ann: Account;
  let bob: Account;

  const call = (server: RunningServer, who: Account, method: string, url: string, body?: unknown) =>
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

  /** Polls until `check` holds; the deadline only turns a hang into a failure. */
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
      await mkdtemp(path.join(os.tmpdir(), 'evenly-admin-a-')),
      await mkdtemp(path.join(os.tmpdir(), 'evenly-admin-b-')),
    ];
    const env = (dir: string) => ({
      DATA_DIR: dir,
      DATABASE_URL: database.url ?? '',
      JWT_SECRET: SECRET,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      ADMIN_EMAILS: 'ann@example.com',
      LOG_LEVEL: 'warn',
    });
    [a, b] = await Promise.all([startServer(env(dirs[0] ?? '')), startServer(env(dirs[1] ?? ''))]);
    ann = await account('Ann');
    bob = await account('Bob');
  });

  afterAll(async () => {
    const codes = await Promise.all([a, b].filter((r) => r !== undefined).map(stopServer));
    for (const c of codes) expect(c).toBe(0);
    await database.close();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('refuses on process A the token of a person disabled through process B', async () => {
    // A verifies and caches Bob's token.
    expect((await call(a, bob, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await call(a, bob, 'GET', '/api/auth/me')).status).toBe(200);
    const disabled = await call(b, ann, 'POST', `/api/admin/users/${bob.id}/disable`);
    expect(disabled.status).toBe(200);
    await eventually(
      async () => (await call(a, bob, 'GET', '/api/auth/me')).status === 401,
      "Bob's cached token refused",
    );
    const login = await postJson(a.base, '/api/auth/login', {
      email: 'bob@example.com',
      password: 'secret123',
    });
    expect(login.status).toBe(403);
  });

  it('applies on process A the registration mode chosen through process B', async () => {
    const set = await call(b, ann, 'PUT', '/api/admin/settings/registration', { value: 'closed' });
    expect(set.status).toBe(200);
    const register = await postJson(a.base, '/api/auth/register', {
      name: 'Cy',
      email: 'cy@example.com',
      password: 'secret123',
    });
    expect(register.status).toBe(403);
    const config = (await (await fetch(`${a.base}/api/config`)).json()) as { registration: string };
    expect(config.registration).toBe('closed');
  });
});
