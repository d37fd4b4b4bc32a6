// `npm run bench`: seeds a fresh PostgreSQL database (≥ 10,000 users, 2,000 groups, 1,000,000
// expenses, one group holding 200,000 of them), starts the real server on it (a child process,
// as in production) and a hello-world Fastify beside it, and measures each route with autocannon
// at 50 connections after a warm-up: requests/s, p50/p99 latency and the ratio to hello-world.
// Routes this build does not have answer "not available (404)" instead of failing.
// Not part of the test suite: speed is measured here, never asserted in tests.
//
// Environment: BENCH_DATABASE_URL (PostgreSQL server to create the database on; default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_QUICK=1 (small sizes, short runs),
// BENCH_USERS, BENCH_GROUPS, BENCH_EXPENSES, BENCH_BIG_GROUP_EXPENSES, BENCH_DURATION (s per
// route), BENCH_KEEP_DB=1 (keep the database), BENCH_LOG_LEVEL.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../db/database.js';
import { runMigrations } from '../db/migrate.js';
import { hashPassword } from '../modules/auth/passwords.js';
import type { SeedSizes } from './seed.js';
import { BENCH_EMAIL, seed } from './seed.js';

const QUICK = process.env['BENCH_QUICK'] === '1';
const envInt = (name: string, def: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
};
const DURATION_SECONDS = envInt('BENCH_DURATION', QUICK ? 3 : 8);
const CONNECTIONS = 50;
const PASSWORD = 'bench-password';
const SIZES: SeedSizes = {
  users: envInt('BENCH_USERS', QUICK ? 2_000 : 10_000),
  groups: envInt('BENCH_GROUPS', QUICK ? 400 : 2_000),
  expenses: envInt('BENCH_EXPENSES', QUICK ? 60_000 : 1_000_000),
  bigGroupExpenses: envInt('BENCH_BIG_GROUP_EXPENSES', QUICK ? 20_000 : 200_000),
  smallGroupExpenses: 10,
  groupSize: 5,
  userGroups: 20,
};
const here = path.dirname(fileURLToPath(import.meta.url));

interface Server {
  child: ChildProcess;
  base: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Starts a server script on a free port and waits until `probePath` answers. */
async function start(
  script: string,
  probePath: string,
  env: Record<string, string>,
): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(base + probePath)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${script} did not start`);
}

interface Row {
  name: string;
  kind: 'yardstick' | 'read' | 'write' | 'other' | 'miss';
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  unavailable: string | null;
}

interface Target {
  name: string;
  kind: Row['kind'];
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * Send every request with a Host of its own. The cached reads key their entries by origin
   * (receipt links are absolute), so this measures their cache-miss path.
   */
  uniqueHost?: boolean;
}

let hostSerial = 0;

async function measure(t: Target): Promise<Row> {
  // A route this build does not have is reported, not measured.
  const probe = await fetch(t.url, {
    method: t.method ?? 'GET',
    headers: t.headers,
    body: t.body,
  });
  const text = await probe.text();
  if (!probe.ok) {
    const missing = probe.status === 404 && text.includes('"Not found."');
    return {
      name: t.name,
      kind: t.kind,
      rps: 0,
      p50: 0,
      p99: 0,
      non2xx: 0,
      unavailable: missing ? 'not available (404)' : `error ${probe.status}: ${text.slice(0, 120)}`,
    };
  }
  const opts = {
    url: t.url,
    connections: CONNECTIONS,
    method: t.method ?? 'GET',
    headers: t.headers,
    body: t.body,
    ...(t.uniqueHost === true
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                headers: { ...req.headers, host: `h${++hostSerial}.bench.test` },
              }),
            },
          ],
        }
      : {}),
  };
  // Warm-up (JIT, lazily compiled schemas, connection pools) is not measured.
  await autocannon({ ...opts, duration: 2 });
  const result = await autocannon({ ...opts, duration: DURATION_SECONDS });
  return {
    name: t.name,
    kind: t.kind,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    unavailable: null,
  };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const adminUrl = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `evenly_bench_${Date.now()}_${process.pid}`;
const dbUrl = withDatabase(adminUrl, dbName);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${dbName}"`);
await admin.end();
const dropDatabase = async () => {
  if (process.env['BENCH_KEEP_DB'] === '1') {
    console.log(`kept database ${dbUrl}`);
    return;
  }
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`drop database if exists "${dbName}" with (force)`);
  await c.end();
};

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-bench-'));
let hello: Server | null = null;
let api: Server | null = null;
try {
  console.log(
    `seeding ${dbName}: ${SIZES.users} users, ${SIZES.groups} groups, ${SIZES.expenses} expenses (${SIZES.bigGroupExpenses} in one group)`,
  );
  const handle = await openDatabase({ databaseUrl: dbUrl, pgliteDir: null, poolSize: 2 });
  await runMigrations(handle);
  await handle.close();
  const seeded = await seed(dbUrl, SIZES, await hashPassword(PASSWORD));

  hello = await start(path.join(here, 'hello-server.js'), '/hello', {});
  api = await start(path.join(here, '..', 'main.js'), '/api/health', {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    REQUIRE_EMAIL_VERIFICATION: 'false',
    LOG_LEVEL: process.env['BENCH_LOG_LEVEL'] ?? 'warn',
  });
  const { token } = await json<{ token: string }>(
    await fetch(`${api.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_EMAIL, password: PASSWORD }),
    }),
  );
  const auth = { authorization: `Bearer ${token}` };
  const members = seeded.writeGroupMembers;
  const expenseBody = JSON.stringify({
    description: 'Bench dinner',
    amount: 90.15,
    date: '2025-03-14',
    groupId: seeded.writeGroupId,
    splitType: 'EQUAL',
    payers: [{ userId: seeded.benchUserId, amountPaid: 90.15 }],
    splits: members.map((userId) => ({ userId })),
  });

  const targets: Target[] = [
    { name: 'hello-world (yardstick)', kind: 'yardstick', url: `${hello.base}/hello` },
    { name: 'GET /api/health', kind: 'other', url: `${api.base}/api/health` },
    { name: 'GET /api/auth/me', kind: 'other', url: `${api.base}/api/auth/me`, headers: auth },
    {
      name: 'GET /api/balances/overall',
      kind: 'read',
      url: `${api.base}/api/balances/overall`,
      headers: auth,
    },
    { name: 'GET /api/groups/my', kind: 'read', url: `${api.base}/api/groups/my`, headers: auth },
    {
      name: `GET /api/balances/group big (${SIZES.bigGroupExpenses})`,
      kind: 'read',
      url: `${api.base}/api/balances/group/${seeded.bigGroupId}`,
      headers: auth,
    },
    {
      name: `GET /api/balances/group small (${SIZES.smallGroupExpenses})`,
      kind: 'read',
      url: `${api.base}/api/balances/group/${seeded.smallGroupId}`,
      headers: auth,
    },
    {
      name: 'GET /api/groups/{big}/transactions?limit=50',
      kind: 'read',
      url: `${api.base}/api/groups/${seeded.bigGroupId}/transactions?limit=50`,
      headers: auth,
    },
    {
      name: 'GET /api/balances/friends',
      kind: 'read',
      url: `${api.base}/api/balances/friends`,
      headers: auth,
    },
    {
      name: 'GET /api/activity',
      kind: 'read',
      url: `${api.base}/api/activity`,
      headers: auth,
    },
    {
      name: 'GET /api/groups/my (cache miss)',
      kind: 'miss',
      url: `${api.base}/api/groups/my`,
      headers: auth,
      uniqueHost: true,
    },
    {
      name: 'GET /api/groups/{big}/transactions (miss)',
      kind: 'miss',
      url: `${api.base}/api/groups/${seeded.bigGroupId}/transactions?limit=50`,
      headers: auth,
      uniqueHost: true,
    },
    {
      name: 'GET /api/activity (cache miss)',
      kind: 'miss',
      url: `${api.base}/api/activity`,
      headers: auth,
      uniqueHost: true,
    },
    {
      name: 'POST /api/expenses',
      kind: 'write',
      url: `${api.base}/api/expenses`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: expenseBody,
    },
  ];
  const rows: Row[] = [];
  for (const t of targets) {
    const row = await measure(t);
    rows.push(row);
    process.stdout.write(
      `  measured ${t.name}: ${row.unavailable ?? `${row.rps.toFixed(0)} req/s`}\n`,
    );
  }

  const base = rows[0]?.rps ?? 1;
  console.log(
    `\nEvenly benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route, ${os.cpus().length} cores, seed ${seeded.seconds.toFixed(0)} s${QUICK ? ' (quick sizes)' : ''}\n`,
  );
  console.log(
    'route'.padEnd(46),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'ratio'.padStart(7),
    'non-2xx'.padStart(8),
  );
  for (const r of rows) {
    if (r.unavailable !== null) {
      console.log(r.name.padEnd(46), r.unavailable);
      continue;
    }
    console.log(
      r.name.padEnd(46),
      r.rps.toFixed(0).padStart(9),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      `${((r.rps / base) * 100).toFixed(0)}%`.padStart(7),
      String(r.non2xx).padStart(8),
    );
  }

  console.log('\nTargets:');
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  for (const r of rows.filter((x) => x.kind === 'read' && x.unavailable === null)) {
    const ratio = r.rps / base;
    console.log(
      `  ${verdict(ratio >= 0.2 && r.p99 < 50)}  ${r.name}: ${(ratio * 100).toFixed(0)}% of hello-world (≥ 20%), p99 ${r.p99} ms (< 50 ms)`,
    );
  }
  const big = rows.find((r) => r.name.startsWith('GET /api/balances/group big'));
  const small = rows.find((r) => r.name.startsWith('GET /api/balances/group small'));
  if (big?.unavailable === null && small?.unavailable === null && big.rps > 0) {
    const factor = small.rps / big.rps;
    console.log(
      `  ${verdict(factor <= 1.5)}  big-group balance within 1.5× of the small-group one: ${factor.toFixed(2)}×`,
    );
  }
  const write = rows.find((r) => r.kind === 'write');
  if (write !== undefined) {
    console.log(
      write.unavailable === null
        ? `  ${verdict(write.rps >= 1000 && write.non2xx === 0)}  expense creations: ${write.rps.toFixed(0)}/s (≥ 1,000/s), non-2xx ${write.non2xx}`
        : `  ----  expense creations: ${write.unavailable}`,
    );
  }
  for (const r of rows.filter((x) => x.unavailable !== null)) {
    console.log(`  ----  ${r.name}: ${r.unavailable}`);
  }
  const misses = rows.filter((x) => x.kind === 'miss' && x.unavailable === null);
  if (misses.length > 0) {
    console.log(
      '\nCache-miss paths (for information: the heavy reads answer from the response cache until a change drops the entry):',
    );
    for (const r of misses) {
      console.log(
        `  ${r.name}: ${r.rps.toFixed(0)} req/s, ${((r.rps / base) * 100).toFixed(0)}% of hello-world, p99 ${r.p99} ms`,
      );
    }
  }
} finally {
  hello?.child.kill('SIGTERM');
  api?.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase();
}
