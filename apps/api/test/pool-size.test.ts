// DATABASE_POOL_SIZE bounds the connections a real server process opens to PostgreSQL, however
// many requests arrive at once: the pool's connections plus the one LISTEN connection of the
// change feed (`evenly-listener`).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './support/server-process.js';
import { assertServerBuilt, postJson, startServer, stopServer } from './support/server-process.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

describe.runIf(testDbKind() === 'postgres')('the PostgreSQL pool of a server process', () => {
  let database: TestDatabase;
  let dir: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    assertServerBuilt();
    database = await createTestDatabase('postgres');
    dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-pool-'));
  });

  afterAll(async () => {
    if (server !== undefined) expect(await stopServer(server)).toBe(0);
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Backends named `evenly` on the test's database, by pid (the harness's pool has its own). */
  async function evenlyBackends(): Promise<number[]> {
    const client = new pg.Client({ connectionString: database.url ?? '' });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and application_name like 'evenly%'`,
      );
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  }

  it('opens at most DATABASE_POOL_SIZE connections (and the LISTEN one) under 40 requests at once', async () => {
    const harness = new Set(await evenlyBackends());
    server = await startServer({
      DATA_DIR: dir,
      DATABASE_URL: database.url ?? '',
      DATABASE_POOL_SIZE: '2',
      JWT_SECRET: 'pool-size-secret-pool-size-secret-0123456789',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      LOG_LEVEL: 'warn',
    });
    const base = server.base;
    expect(
      (
        await postJson(base, '/api/auth/register', {
          name: 'Ann',
          email: 'ann@example.com',
          password: 'secret123',
        })
      ).status,
    ).toBe(201);
    const login = await postJson(base, '/api/auth/login', {
      email: 'ann@example.com',
      password: 'secret123',
    });
    const { token } = (await login.json()) as { token: string };
    // Different routes, so no cached answer spares a query; each waits for a free connection.
    const urls = [
      '/api/groups/my',
      '/api/activity',
      '/api/balances/overall',
      '/api/balances/friends',
    ];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${base}${urls[i % urls.length] ?? ''}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // Idle connections stay in the pool for 30 s, so the count shows what the burst opened.
    const serverBackends = (await evenlyBackends()).filter((pid) => !harness.has(pid));
    expect(serverBackends.length).toBeGreaterThanOrEqual(2);
    expect(serverBackends.length).toBeLessThanOrEqual(3);
  }, 60_000);
});
