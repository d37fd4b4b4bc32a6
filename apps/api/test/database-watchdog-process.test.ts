// Issue #30 finding 16, end to end: a real server on its embedded database, started as `npm start`
// starts it (scripts/serve.mjs). A transaction that waits for ever is opened inside the server
// (support/stuck-transaction-preload.mjs, on SIGUSR2): every statement waits behind it, as in the
// finding. The watchdog logs what was running and exits with code 70; the supervisor starts the
// server again on the same data; the next write succeeds and nothing committed is lost.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from './support/http-client.js';
import { account, call, equalExpenseBody, waitUntil } from './support/http-client.js';
import type { RunningServer } from './support/server-process.js';
import {
  assertServerBuilt,
  SERVE_SCRIPT,
  startServer,
  stopServer,
} from './support/server-process.js';
import { testDbKind } from './support/test-database.js';

const PRELOAD = fileURLToPath(new URL('./support/stuck-transaction-preload.mjs', import.meta.url));

/** The server process the supervisor runs now (its only child). */
function serverPid(supervisor: number): number | null {
  const children = readFileSync(`/proc/${supervisor}/task/${supervisor}/children`, 'utf8').trim();
  return children === '' ? null : Number(children.split(/\s+/)[0]);
}

describe.runIf(testDbKind() === 'pglite')('a stuck embedded database, under npm start', () => {
  let dataDir: string;
  let server: RunningServer;
  let ann: Account;

  beforeAll(async () => {
    assertServerBuilt();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-stall-'));
    server = await startServer(
      {
        DATA_DIR: dataDir,
        REQUIRE_EMAIL_VERIFICATION: 'false',
        FX_RATES_URL: '',
        DB_WATCHDOG_MS: '2000',
        LOG_FORMAT: 'json',
        NODE_OPTIONS: `--import=${PRELOAD}`,
      },
      { script: SERVE_SCRIPT },
    );
    ann = await account(server.base, 'Ann');
  });
  afterAll(async () => {
    if (server !== undefined) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs what was running, exits 70, is started again and takes writes; nothing is lost', async () => {
    const supervisor = server.child.pid;
    if (supervisor === undefined) throw new Error('no supervisor pid');
    const group = (await (
      await call(server.base, ann, 'POST', '/api/groups', { name: 'Flat' })
    ).json()) as {
      id: number;
    };
    const kept = await call(
      server.base,
      ann,
      'POST',
      '/api/expenses',
      equalExpenseBody('Before the stall', 12, ann, [ann], group.id),
    );
    expect(kept.status).toBe(201);
    const keptId = ((await kept.json()) as { id: number }).id;

    const first = serverPid(supervisor);
    if (first === null) throw new Error('the supervisor runs no server');
    process.kill(first, 'SIGUSR2');
    await waitUntil(
      async () => server.output().includes('the transaction holds the database'),
      'the stuck transaction holds the database',
      120_000,
    );
    // A write arrives while the database is stuck: it waits, then its connection ends with the
    // process. It was never acknowledged, so it may or may not exist; it must not exist twice.
    const during = await call(
      server.base,
      ann,
      'POST',
      '/api/expenses',
      equalExpenseBody('During the stall', 7, ann, [ann], group.id),
    ).then(
      (r) => r.status,
      () => 'no answer',
    );
    expect(during).not.toBe(201);

    await waitUntil(
      async () => server.output().includes('starting it again'),
      'the supervisor starts the server again',
      120_000,
    );
    const stallLine = server
      .stdout()
      .split('\n')
      .find((l) => l.includes('has not answered a statement'));
    expect(stallLine, server.output()).toBeDefined();
    const logged = JSON.parse(stallLine ?? '{}') as {
      level: number;
      databaseStall: { openTransaction: { lastStatement: string } | null; waitingCount: number };
    };
    expect(logged.level).toBe(60); // fatal
    expect(logged.databaseStall.openTransaction?.lastStatement).toBe('select count(*) from users');
    expect(logged.databaseStall.waitingCount).toBeGreaterThanOrEqual(1);
    expect(server.output()).toMatch(/exited with code 70/);

    await waitUntil(
      async () => (await fetch(`${server.base}/api/ready`)).status === 200,
      'the new server is ready',
      120_000,
    );
    expect(serverPid(supervisor)).not.toBe(first);
    const after = await call(
      server.base,
      ann,
      'POST',
      '/api/expenses',
      equalExpenseBody('After the stall', 5, ann, [ann], group.id),
    );
    expect(after.status).toBe(201);
    const kept2 = await call(server.base, ann, 'GET', `/api/expenses/${keptId}`);
    expect(kept2.status).toBe(200);
    const list = (await (
      await call(server.base, ann, 'GET', `/api/groups/${group.id}/transactions?limit=50`)
    ).json()) as { description: string }[];
    const names = list.map((e) => e.description);
    expect(names.filter((n) => n === 'During the stall').length).toBeLessThanOrEqual(1);
    expect(names).toEqual(expect.arrayContaining(['Before the stall', 'After the stall']));
  });
});
