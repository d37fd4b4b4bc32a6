// Reads survive the death of their connection (issue #30 point 3): a real server on PostgreSQL
// under a read load, whose backends are terminated while they run a read (pg_terminate_backend,
// what a failover or an idle reaper does). Every read answers 200: the server runs the read again
// on a new connection. Writes keep their rule (database-faults.test.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReadOnlyStatement } from '../src/db/read-retry.js';
import type { Account } from './support/http-client.js';
import { account, call, equalExpenseBody, friendsInGroup } from './support/http-client.js';
import type { RunningServer } from './support/server-process.js';
import { assertServerBuilt, startServer, stopServer } from './support/server-process.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

const SECRET = 'read-retry-secret-read-retry-secret-0123456789';
const APP_NAME = 'evenly-reads-under-fault';
/** Reads to catch in flight and end (each one the server must answer 200 anyway). */
const KILLS = 12;

function withAppName(url: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', APP_NAME);
  return u.toString();
}

describe.runIf(testDbKind() === 'postgres')('reads whose connection is terminated', () => {
  let database: TestDatabase;
  let dir: string;
  let server: RunningServer;
  let admin: pg.Client;

  beforeAll(async () => {
    assertServerBuilt();
    database = await createTestDatabase('postgres');
    dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-read-retry-'));
    server = await startServer({
      DATA_DIR: dir,
      DATABASE_URL: withAppName(database.url ?? ''),
      JWT_SECRET: SECRET,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      LOG_LEVEL: 'warn',
    });
    admin = new pg.Client({ connectionString: database.url ?? '' });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    const code = await stopServer(server);
    expect(code, server.output()).toBe(0);
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers every read, running it again on a new connection when its own died', async () => {
    const ann = await account(server.base, 'Ann');
    const bea = await account(server.base, 'Bea');
    const groupId = await friendsInGroup(server.base, ann, bea);
    for (let i = 0; i < 20; i++) {
      const body = equalExpenseBody(`Dinner ${i}`, 10 + i, ann, [ann, bea], groupId);
      expect((await call(server.base, ann, 'POST', '/api/expenses', body)).status).toBe(201);
    }
    const reads = [
      `/api/balances/group/${groupId}`,
      `/api/groups/${groupId}/transactions?limit=50`,
      '/api/groups/my',
      '/api/balances/overall',
      '/api/activity',
    ];

    const deadline = Date.now() + 120_000;
    let running = true;
    const statuses: (number | 'no answer')[] = [];
    /** Reads each reader has finished. */
    const done = [0, 0, 0, 0, 0, 0];
    const readers = done.map(async (_, w) => {
      const who: Account = w % 2 === 0 ? ann : bea;
      for (let i = w; running; i++) {
        const url = reads[i % reads.length] ?? '/api/groups/my';
        statuses.push(
          await call(server.base, who, 'GET', url).then(
            async (r) => {
              await r.arrayBuffer();
              return r.status;
            },
            () => 'no answer' as const,
          ),
        );
        done[w] = (done[w] ?? 0) + 1;
      }
    });
    /** Once every reader has finished a read, the reads caught before (and their retries) are over. */
    const everyReaderMovedOn = async () => {
      const before = [...done];
      while (running && done.some((n, w) => n <= (before[w] ?? 0))) {
        if (Date.now() > deadline) throw new Error('the reads stopped moving');
        await new Promise((r) => setTimeout(r, 10));
      }
    };

    // Hold the reads in flight, then end their backends there: a lock on the pair balances,
    // which the balance and group reads touch and no background work reads without a write
    // first, makes them wait (state active, waiting on the lock) until the admin commits. Each
    // read is run again once: the next round starts only once every reader has moved on.
    let killed = 0;
    try {
      while (killed < KILLS && Date.now() < deadline) {
        await admin.query('begin');
        await admin.query('lock table pair_balances in access exclusive mode');
        const roundEnd = Math.min(deadline, Date.now() + 5_000);
        let waiting: { pid: number; query: string }[] = [];
        while (waiting.length === 0 && Date.now() < roundEnd) {
          const res = await admin.query<{ pid: number; query: string }>(
            `select pid, query from pg_stat_activity
              where application_name = $1 and wait_event_type = 'Lock'`,
            [APP_NAME],
          );
          waiting = res.rows.filter((r) => isReadOnlyStatement(r.query));
          if (waiting.length === 0) await new Promise((r) => setTimeout(r, 10));
        }
        for (const row of waiting) {
          const res = await admin.query<{ ended: boolean }>(
            'select pg_terminate_backend($1) as ended',
            [row.pid],
          );
          if (res.rows[0]?.ended === true) killed++;
        }
        await admin.query('commit');
        await everyReaderMovedOn();
      }
    } finally {
      running = false;
      await Promise.all(readers);
    }

    expect(killed).toBeGreaterThanOrEqual(KILLS);
    expect(server.child.exitCode).toBeNull();
    const failed = statuses.filter((s) => s !== 200);
    expect(failed, `${failed.length} of ${statuses.length} reads failed`).toEqual([]);
  });
});
