// `npm run bench`: seeds a fresh PostgreSQL database as many real users would have filled it
// (seed.ts: 40,000 users in groups of 3–8, 1,000,000 expenses, one group holding 200,000 of them,
// payments, comments, activity), starts the real server on it (a child process, as in production)
// and a hello-world Fastify beside it, and measures with autocannon at 50 connections after a
// warm-up: requests/s, p50/p99 latency and the ratio to hello-world. The rows:
//
// - the yardstick and four cheap routes (health, auth/me, one group, the friends list);
// - the realistic mix: every request is a random one of BENCH_MIX_USERS users reading their own
//   groups, balances, transaction pages and activity, and 10% of requests create expenses and
//   payments in their groups (each with its own Idempotency-Key);
// - every read route once more where no (user, URL) pair repeats within the whole run: the
//   users (and for group routes the (user, group) pairs) are walked in a shuffled order, so no
//   per-process cache can answer — the numbers are those of the server and the database;
// - expense search (search-bench.ts): in the big group and across everything, text (misspelled)
//   and filters, no (user, URL) repeat either;
// - history growth: the balance read of groups with ≥ 20,000 expenses against groups with 10,
//   and a transaction page of the same against groups with 100 (both fill a page), each
//   (member, group) read once, one request at a time, heavy and light taking turns;
// - POST /api/expenses with 50 writers into one group, and with 50 writers each in their own
//   groups (write-rows.ts);
// - the one-round-trip floor (floor-server.ts, issue #36): one row read by primary key through a
//   pg pool on a bare Fastify; every read is also reported as a ratio to it;
// - the mix again, offered at a steady 1% of hello-world's rate;
// - floors of the transactions page (floor-server.ts): a real page's bytes sent by a bare
//   Fastify, the route's own statement with the server doing nothing else, and the page's rows
//   read without output, each (user, group) once: what that route cannot beat on this machine;
// - every hot read on tables without statistics and again after ANALYZE, and the big groups'
//   first page one request at a time in both states (statistics-rows.ts).
//
// Users are signed in by minting their JWTs the way the server does (JwtService, the same
// JWT_SECRET), not by logging each in. The users of the mix, of the no-repeat rows and of the
// history comparison are disjoint, so no row sees a (user, URL) pair another row read.
// Routes this build does not have answer "not available (404)" instead of failing.
// Not part of the test suite: speed is measured here, never asserted in tests.
//
// Environment: config.ts documents every BENCH_* variable. The parts live beside this entry:
// database.ts, seed.ts, population.ts, processes.ts, load.ts and rows.ts (the load driver and
// the table's rows), mix.ts, no-repeat.ts, floor-rows.ts, search-bench.ts, history-growth.ts and
// report.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverProcess } from '../config/node-flags.js';
import { openDatabase } from '../db/database.js';
import { runMigrations } from '../db/migrate.js';
import {
  DURATION_SECONDS,
  JWT_SECRET,
  JWT_TTL_SECONDS,
  MIX_USERS,
  PARTS,
  PLAUSIBLE_RPS,
  QUICK,
  SERVER_NODE_ARGS,
  SIZES,
  WARMUP_SECONDS,
} from './config.js';
import {
  createBenchDatabase,
  rememberedSeed,
  seedAndRemember,
  serverSettings,
} from './database.js';
import { measureFloors, measurePkFloor } from './floor-rows.js';
import { fmtInt, loadAverage } from './format.js';
import type { Growth } from './history-growth.js';
import { historyGrowth } from './history-growth.js';
import { load, probe, profileStatementsWith } from './load.js';
import { measureMix, measureSteadyMix } from './mix.js';
import { measureNoRepeat } from './no-repeat.js';
import { measurePgbenchRows } from './pgbench-rows.js';
import { authOf, groupsOf, membersOf, population } from './population.js';
import type { Server } from './processes.js';
import { start, stopServer } from './processes.js';
import { prng } from './random.js';
import { READS } from './read-routes.js';
import { measureWrites } from './write-rows.js';
import { printReport } from './report.js';
import type { Row } from './rows.js';
import { fixedRow, missingRow, rowOf } from './rows.js';
import type { SeedResult } from './seed.js';
import { searchRows } from './search-bench.js';
import type { StatementProfiler } from './statement-profile.js';
import { describeProfile, openStatementProfiler } from './statement-profile.js';
import type { StatisticsOutcome } from './statistics-rows.js';
import { measureStatistics } from './statistics-rows.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const db = await createBenchDatabase();
const dbName = db.name;
const dbUrl = db.url;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-bench-'));
let hello: Server | null = null;
let floor: Server | null = null;
let api: Server | null = null;
let profiler: StatementProfiler | null = null;

try {
  console.log(
    `seeding ${dbName}: ${SIZES.users} users, ${SIZES.expenses} expenses (${SIZES.bigGroupExpenses} in one group, ` +
      `${SIZES.heavyGroups} × ${SIZES.heavyGroupExpenses} in heavy ones)${QUICK ? ', quick sizes' : ''}`,
  );
  const handle = await openDatabase({ databaseUrl: dbUrl, pgliteDir: null, poolSize: 2 });
  await runMigrations(handle);
  await handle.close();
  const seeded: SeedResult = db.reused ? await rememberedSeed(dbUrl) : await seedAndRemember(dbUrl);
  const pop = await population(dbUrl);
  const server = await serverSettings(dbUrl);
  profiler = await openStatementProfiler(dbUrl);
  profileStatementsWith(profiler);

  hello = await start(path.join(here, 'hello-server.js'), '/hello', {});
  const pageFile = path.join(dataDir, 'page.json');
  floor = await start(path.join(here, 'floor-server.js'), '/hello', {
    DATABASE_URL: dbUrl,
    FLOOR_PAGE_FILE: pageFile,
  });
  const startApi = () =>
    start(
      path.join(here, '..', 'main.js'),
      '/api/health',
      {
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl,
        JWT_SECRET,
        JWT_TTL: `${JWT_TTL_SECONDS}s`,
        REQUIRE_EMAIL_VERIFICATION: 'false',
        LOG_LEVEL: process.env['BENCH_LOG_LEVEL'] ?? 'warn',
      },
      [...serverProcess({ DATABASE_URL: dbUrl }).flags, ...SERVER_NODE_ARGS],
    );
  api = await startApi();
  const loadAtStart = loadAverage();

  // Who reads where: the special users (the history comparison and the writer) apart; the mix's
  // users spread evenly over everyone else; the no-repeat rows get all the rest.
  const regular = Array.from(
    { length: SIZES.users - seeded.specialUsers },
    (_, i) => seeded.specialUsers + 1 + i,
  );
  const mixCount = Math.min(MIX_USERS, Math.floor(regular.length / 2));
  const mixUsers = Array.from(
    { length: mixCount },
    (_, i) => regular[Math.floor((i * regular.length) / mixCount)] ?? 0,
  );
  const inMix = new Set(mixUsers);
  const walkers = regular.filter((u) => !inMix.has(u) && groupsOf(pop, u).length > 0);
  const writer = seeded.benchUserId;
  const auth = authOf(pop, writer);

  const rows: Row[] = [];
  const report = (row: Row) => {
    rows.push(row);
    process.stdout.write(
      `  measured ${row.name}: ${row.unavailable ?? `${fmtInt(row.rps)} req/s, p99 ${row.p99} ms`}\n`,
    );
    if (row.statements !== undefined) process.stdout.write(`${describeProfile(row.statements)}\n`);
  };
  report(
    await fixedRow('hello-world (yardstick)', 'yardstick', hello.base, {
      method: 'GET',
      path: '/hello',
      headers: {},
    }),
  );
  const helloRps = rows[0]?.rps ?? 0;
  report(await measurePkFloor(floor.base, regular));
  if (PARTS.has('fixed')) {
    report(
      await fixedRow('GET /api/health', 'other', api.base, {
        method: 'GET',
        path: '/api/health',
        headers: {},
      }),
    );
    report(
      await fixedRow('GET /api/auth/me (one user)', 'other', api.base, {
        method: 'GET',
        path: '/api/auth/me',
        headers: auth,
      }),
    );
    report(
      await fixedRow('GET /api/groups/{id} (one user)', 'other', api.base, {
        method: 'GET',
        path: `/api/groups/${seeded.bigGroupId}`,
        headers: auth,
      }),
    );
    report(
      await fixedRow('GET /api/friendships/friends (one user)', 'other', api.base, {
        method: 'GET',
        path: '/api/friendships/friends',
        headers: auth,
      }),
    );
  }

  const mix = await measureMix(api.base, pop, mixUsers, mixUsers[0] ?? writer, report);
  const steadyRate = Math.max(1, Math.round(helloRps * 0.01));
  await measureSteadyMix(api.base, pop, mixUsers, mix, steadyRate, report);

  // Every read with no repeat of (user, URL) within the run.
  const need = PLAUSIBLE_RPS * (WARMUP_SECONDS + DURATION_SECONDS);
  const warnings: string[] = [];
  const uniqueRows = await measureNoRepeat(api.base, pop, walkers, need, report, warnings);

  // Floors of the transactions page (floor-server.ts), no (user, group) repeat either.
  if (PARTS.has('floor')) {
    await measureFloors(
      {
        apiBase: api.base,
        pop,
        walkers,
        writer,
        writeGroupId: seeded.writeGroupId,
        pageFile,
        floorBase: floor.base,
      },
      report,
    );
  }

  // Expense search, no (user, URL) repeat either (search-bench.ts).
  if (PARTS.has('search')) {
    const searched = await searchRows<Row>({
      base: api.base,
      bigGroupId: seeded.bigGroupId,
      walkers,
      membersOf: (g) => membersOf(pop, g),
      authOf: (u) => authOf(pop, u),
      need,
      load: (next) => load(api?.base ?? '', 1, next),
      probe: (p) => probe(api?.base ?? '', p),
      rowOf: (name, r, note) => rowOf(name, 'unique', { ...r, kinds: [] }, note),
      missingRow: (name, why) => missingRow(name, 'unique', why),
      rand: prng(2000),
    });
    for (const row of searched) {
      report(row);
      uniqueRows.push(row);
      if (row.note.startsWith('WRAPPED')) warnings.push(`${row.name}: ${row.note}`);
    }
  }

  // History growth: groups with ≥ 20,000 expenses against groups with 10 (balances) and 100
  // (a page of 50 transactions: both sides fill it).
  const heavyGroups = [seeded.bigGroupId, ...seeded.heavyGroupIds];
  const growth: Growth[] = [];
  for (const route of READS.filter((r) => r.group && PARTS.has('growth'))) {
    const light = route.path(0).startsWith('/api/balances/')
      ? { groups: seeded.smallGroupIds, expenses: SIZES.smallGroupExpenses }
      : { groups: seeded.mediumGroupIds, expenses: SIZES.mediumGroupExpenses };
    growth.push(await historyGrowth(api.base, pop, route, heavyGroups, light));
  }

  // Creations: 50 writers into one group, then 50 writers each in their own groups.
  if (PARTS.has('write'))
    for (const row of await measureWrites(api.base, {
      pop,
      writer,
      groupId: seeded.writeGroupId,
      members: seeded.writeGroupMembers,
      writers: walkers,
      floorBase: floor.base,
    }))
      report(row);

  // Every hot read without statistics and after ANALYZE (statistics-rows.ts); restarts the
  // server, so it runs last.
  let statistics: StatisticsOutcome | null = null;
  if (PARTS.has('stats')) {
    statistics = await measureStatistics(
      {
        dbUrl,
        pop,
        walkers,
        bigGroupId: seeded.bigGroupId,
        heavyGroupIds: seeded.heavyGroupIds,
        restartApi: async () => {
          await stopServer(api);
          api = await startApi();
          return api.base;
        },
      },
      report,
    );
  }

  // A creation's rows in PostgreSQL alone (pgbench-rows.ts): copies the database, which needs
  // every connection to it closed, so the servers stop first.
  if (PARTS.has('pgbench')) {
    await profiler?.close();
    profiler = null;
    for (const s of [hello, floor, api]) await stopServer(s);
    hello = floor = api = null;
    for (const row of await measurePgbenchRows(dbUrl, pop, walkers)) report(row);
  }

  printReport({
    rows,
    statistics,
    uniqueRows,
    mix,
    growth,
    heavyGroupCount: heavyGroups.length,
    seeded,
    server,
    loadAtStart,
    warnings,
  });
} finally {
  await profiler?.close();
  hello?.child.kill('SIGTERM');
  floor?.child.kill('SIGTERM');
  api?.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await rm(dataDir, { recursive: true, force: true });
  await db.drop();
}
