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
// - POST /api/expenses with 50 writers into one group;
// - floors of the transactions page (floor-server.ts): a real page's bytes sent by a bare
//   Fastify, the route's own statement with the server doing nothing else, and the page's rows
//   read without output, each (user, group) once: what that route cannot beat on this machine.
//
// Users are signed in by minting their JWTs the way the server does (JwtService, the same
// JWT_SECRET), not by logging each in. The users of the mix, of the no-repeat rows and of the
// history comparison are disjoint, so no row sees a (user, URL) pair another row read.
// Routes this build does not have answer "not available (404)" instead of failing.
// Not part of the test suite: speed is measured here, never asserted in tests.
//
// Environment: BENCH_DATABASE_URL (PostgreSQL server to create the database on; default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_QUICK=1 (small sizes, short runs: checks
// that the script works in a few minutes), BENCH_USERS, BENCH_EXPENSES,
// BENCH_BIG_GROUP_EXPENSES, BENCH_HEAVY_GROUPS, BENCH_HEAVY_GROUP_EXPENSES, BENCH_MIX_USERS
// (virtual users of the mix), BENCH_MIX_WRITES (percent of the mix that writes; default 10),
// BENCH_DURATION (measured seconds per row), BENCH_WARMUP (seconds
// of warm-up per row), BENCH_KEEP_DB=1 (keep the database), BENCH_REUSE_DB=<name> (measure a
// database kept earlier again, without seeding), BENCH_LOG_LEVEL (server log level), BENCH_READS
// (only the no-repeat rows whose route contains one of these comma-separated parts, e.g.
// `transactions,activity`).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../config/node-flags.js';
import { openDatabase } from '../db/database.js';
import { runMigrations } from '../db/migrate.js';
import { JwtService } from '../modules/auth/jwt.js';
import { hashPassword } from '../modules/auth/passwords.js';
import type { SeedResult, SeedSizes } from './seed.js';
import { seed } from './seed.js';
import { searchRows } from './search-bench.js';

const QUICK = process.env['BENCH_QUICK'] === '1';
/**
 * Which parts run (for profiling one part): fixed, mix, unique, floor, search, growth, write;
 * default all.
 */
const PARTS = new Set(
  (process.env['BENCH_PARTS'] ?? 'fixed,mix,unique,floor,search,growth,write')
    .split(',')
    .map((p) => p.trim()),
);
/** Only the no-repeat rows whose route contains one of these (comma-separated); default all. */
const READ_FILTER = (process.env['BENCH_READS'] ?? '')
  .split(',')
  .map((r) => r.trim())
  .filter(Boolean);
/**
 * More node options for the server process, after SERVER_NODE_FLAGS (a later V8 flag wins), e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` or `--max-semi-space-size=16` to compare.
 */
const SERVER_NODE_ARGS = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
const envInt = (name: string, def: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
};
const DURATION_SECONDS = envInt('BENCH_DURATION', QUICK ? 3 : 8);
const WARMUP_SECONDS = envInt('BENCH_WARMUP', 2);
const CONNECTIONS = 50;
/** A rate the no-repeat pools must last through (warm-up + measurement) without wrapping. */
const PLAUSIBLE_RPS = 3_000;
/**
 * Percent of the mix's requests that write (10 by default): 70% of them expenses, 30% payments;
 * the rest is spread evenly over the six read routes.
 */
const MIX_WRITE_PERCENT = Math.min(100, envInt('BENCH_MIX_WRITES', 10));
const MIX_EXPENSE_PERCENT = MIX_WRITE_PERCENT * 0.7;
const MIX_PAYMENT_PERCENT = MIX_WRITE_PERCENT * 0.3;
const PASSWORD = 'bench-password';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const JWT_TTL_SECONDS = 7 * 86_400;
const SIZES: SeedSizes = {
  users: envInt('BENCH_USERS', QUICK ? 8_000 : 40_000),
  expenses: envInt('BENCH_EXPENSES', QUICK ? 60_000 : 1_000_000),
  bigGroupExpenses: envInt('BENCH_BIG_GROUP_EXPENSES', QUICK ? 20_000 : 200_000),
  heavyGroups: envInt('BENCH_HEAVY_GROUPS', 4),
  heavyGroupExpenses: envInt('BENCH_HEAVY_GROUP_EXPENSES', QUICK ? 2_000 : 20_000),
  smallGroupExpenses: 10,
  mediumGroupExpenses: 100,
};
const MIX_USERS = envInt('BENCH_MIX_USERS', QUICK ? 1_000 : 2_000);
const here = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// Processes

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
  nodeArgs: readonly string[] = [],
): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, script], {
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

// ---------------------------------------------------------------------------------------------
// Randomness: seeded, so two runs send the same requests in the same order.

/** mulberry32: a small, fast PRNG; returns floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

function pick<T>(items: readonly T[], rand: () => number): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** One request to send: which kind of request of its row it is, and the HTTP parts. */
interface Planned {
  kind: number;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Per kind of request: client-side latencies (ms) of the measured part, non-2xx answers. */
interface KindStats {
  latencies: number[];
  non2xx: number;
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  kinds: KindStats[];
  /** First few non-2xx answers: status and the start of the body. */
  errorSamples: string[];
}

/** What autocannon keeps per connection between building a request and its response. */
interface InFlight {
  kind?: number;
  sentAt?: number;
}

/**
 * Runs `next` for WARMUP_SECONDS (not measured: JIT, lazily compiled schemas, connection pools,
 * prepared statements) and then DURATION_SECONDS at CONNECTIONS connections. Every request is
 * built by `next` just before it is sent (autocannon's setupRequest), one at a time per
 * connection, so the per-connection context tells which kind of request a response answers.
 */
async function load(base: string, kindCount: number, next: () => Planned): Promise<LoadResult> {
  let recording = false;
  const kinds: KindStats[] = Array.from({ length: kindCount }, () => ({
    latencies: [],
    non2xx: 0,
  }));
  const errorSamples: string[] = [];
  const requests: autocannon.Request[] = [
    {
      setupRequest: (req, context) => {
        const p = next();
        const ctx = context as InFlight;
        ctx.kind = p.kind;
        ctx.sentAt = performance.now();
        return { ...req, method: p.method, path: p.path, headers: p.headers, body: p.body ?? '' };
      },
      onResponse: (status, body, context) => {
        if (!recording) return;
        const ctx = context as InFlight;
        const stats = kinds[ctx.kind ?? -1];
        if (stats === undefined) return;
        if (ctx.sentAt !== undefined) stats.latencies.push(performance.now() - ctx.sentAt);
        if (status < 200 || status > 299) {
          stats.non2xx++;
          if (errorSamples.length < 5) errorSamples.push(`${status} ${body.slice(0, 200)}`);
        }
      },
    },
  ];
  const opts = { url: base, connections: CONNECTIONS, requests };
  await autocannon({ ...opts, duration: WARMUP_SECONDS });
  recording = true;
  const result = await autocannon({ ...opts, duration: DURATION_SECONDS });
  recording = false;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    kinds,
    errorSamples,
  };
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? 0;
}

/** A route this build does not have answers 404 with the contract's generic "Not found.". */
function unavailable(status: number, text: string): string {
  return status === 404 && text.includes('"Not found."')
    ? 'not available (404)'
    : `error ${status}: ${text.slice(0, 160)}`;
}

async function probe(base: string, p: Planned): Promise<string | null> {
  const res = await fetch(base + p.path, { method: p.method, headers: p.headers, body: p.body });
  const text = await res.text();
  return res.ok ? null : unavailable(res.status, text);
}

interface Row {
  name: string;
  kind: 'yardstick' | 'other' | 'mix' | 'unique' | 'floor' | 'write';
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  unavailable: string | null;
  note: string;
}

function rowOf(name: string, kind: Row['kind'], r: LoadResult, note: string): Row {
  return {
    name,
    kind,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    non2xx: r.non2xx,
    unavailable: null,
    note,
  };
}

function missingRow(name: string, kind: Row['kind'], why: string): Row {
  return { name, kind, rps: 0, p50: 0, p99: 0, non2xx: 0, unavailable: why, note: '' };
}

/** A row that sends the same request over and over (the yardstick, health, the write row). */
async function fixedRow(
  name: string,
  kind: Row['kind'],
  base: string,
  p: Omit<Planned, 'kind'>,
): Promise<Row> {
  const planned: Planned = { ...p, kind: 0 };
  const why = await probe(base, planned);
  if (why !== null) return missingRow(name, kind, why);
  const r = await load(base, 1, () => planned);
  return rowOf(name, kind, r, r.errorSamples[0] ?? '');
}

// ---------------------------------------------------------------------------------------------
// The bench's view of the seeded users

interface Population {
  /** user id → Authorization headers (a token minted as the server does). */
  auth: Map<number, Record<string, string>>;
  /** user id → the groups they are a current member of. */
  groupsOf: Map<number, number[]>;
  /** group id → current members in joining order. */
  members: Map<number, number[]>;
}

/**
 * The server settings that shape the numbers: version, shared_buffers, and autovacuum (off on
 * some test machines: dead rows and statistics then stay as the seed's ANALYZE left them).
 */
async function serverSettings(dbUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; buffers: string; autovacuum: string }>(
      `select current_setting('server_version') as version,
              current_setting('shared_buffers') as buffers,
              current_setting('autovacuum') as autovacuum`,
    );
    const r = rows[0];
    return r === undefined
      ? 'settings unknown'
      : `${r.version}, shared_buffers ${r.buffers}, autovacuum ${r.autovacuum}`;
  } finally {
    await client.end();
  }
}

async function population(dbUrl: string): Promise<Population> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const rows = await client.query<{ group_id: number; members: number[] }>(
      `select group_id, array_agg(user_id order by join_seq) as members
         from group_members where left_at is null group by group_id`,
    );
    const members = new Map<number, number[]>();
    const groupsOf = new Map<number, number[]>();
    for (const r of rows.rows) {
      members.set(r.group_id, r.members);
      for (const u of r.members) {
        const list = groupsOf.get(u);
        if (list === undefined) groupsOf.set(u, [r.group_id]);
        else list.push(r.group_id);
      }
    }
    const versions = await client.query<{ id: number; token_version: number }>(
      `select id, token_version from users order by id`,
    );
    // Minted exactly as the server issues them at login: same class, secret and lifetime; the
    // token carries the user's token version (0 for every seeded user).
    const jwt = new JwtService(JWT_SECRET, JWT_TTL_SECONDS);
    const auth = new Map<number, Record<string, string>>();
    const chunk = 1_000;
    for (let i = 0; i < versions.rows.length; i += chunk) {
      const part = versions.rows.slice(i, i + chunk);
      const tokens = await Promise.all(
        part.map((u) => jwt.issue({ userId: u.id, tokenVersion: u.token_version })),
      );
      part.forEach((u, k) => {
        const t = tokens[k];
        if (t !== undefined) auth.set(u.id, { authorization: `Bearer ${t.token}` });
      });
    }
    return { auth, groupsOf, members };
  } finally {
    await client.end();
  }
}

function authOf(pop: Population, userId: number): Record<string, string> {
  const a = pop.auth.get(userId);
  if (a === undefined) throw new Error(`no token for user ${userId}`);
  return a;
}

function groupsOf(pop: Population, userId: number): number[] {
  return pop.groupsOf.get(userId) ?? [];
}

function membersOf(pop: Population, groupId: number): number[] {
  return pop.members.get(groupId) ?? [];
}

// ---------------------------------------------------------------------------------------------
// The read routes

interface ReadRoute {
  name: string;
  /** Needs a group of the user. */
  group: boolean;
  path: (groupId: number) => string;
}

const READS: ReadRoute[] = [
  { name: 'GET /api/groups/my', group: false, path: () => '/api/groups/my' },
  { name: 'GET /api/balances/overall', group: false, path: () => '/api/balances/overall' },
  { name: 'GET /api/balances/group/{id}', group: true, path: (g) => `/api/balances/group/${g}` },
  {
    name: 'GET /api/groups/{id}/transactions?limit=50',
    group: true,
    path: (g) => `/api/groups/${g}/transactions?limit=50`,
  },
  { name: 'GET /api/activity', group: false, path: () => '/api/activity' },
  { name: 'GET /api/balances/friends', group: false, path: () => '/api/balances/friends' },
];

// ---------------------------------------------------------------------------------------------
// The mix

const EXPENSE = READS.length;
const PAYMENT = READS.length + 1;
const MIX_KINDS = [...READS.map((r) => r.name), 'POST /api/expenses', 'POST /api/payments'];

function money(c: number): number {
  return c / 100;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

interface WriteTemplate {
  auth: Record<string, string>;
  body: string;
}

/**
 * A valid POST /api/expenses body from `userId` in one of their groups: a random payer among
 * the members, split EQUAL (70%) or EXACT (30%) among all members or all but one; EXACT amounts
 * are random positive cents that add up to the amount.
 */
function expenseBody(pop: Population, userId: number, rand: () => number, date: string): string {
  const groupId = pick(groupsOf(pop, userId), rand);
  const members = membersOf(pop, groupId);
  let people = members;
  if (members.length >= 3 && rand() < 0.3) {
    const out = Math.floor(rand() * members.length);
    people = members.filter((_, i) => i !== out);
  }
  const amount = 100 + Math.floor(rand() * 29_900);
  const payer = pick(members, rand);
  const exact = rand() < 0.3;
  let splits: { userId: number; value?: number }[];
  if (exact) {
    const weights = people.map(() => 1 + Math.floor(rand() * 9));
    const total = weights.reduce((s, w) => s + w, 0);
    let rest = amount;
    splits = people.map((u, i) => {
      const owed =
        i === people.length - 1 ? rest : Math.floor((amount * (weights[i] ?? 1)) / total);
      rest -= owed;
      return { userId: u, value: money(owed) };
    });
  } else {
    splits = people.map((u) => ({ userId: u }));
  }
  return JSON.stringify({
    description: pick(['Dinner', 'Groceries', 'Taxi', 'Tickets', 'Coffee', 'Drinks'], rand),
    amount: money(amount),
    date,
    groupId,
    splitType: exact ? 'EXACT' : 'EQUAL',
    payers: [{ userId: payer, amountPaid: money(amount) }],
    splits,
  });
}

/** A valid POST /api/payments body: between two members of one of `userId`'s groups. */
function paymentBody(pop: Population, userId: number, rand: () => number, date: string): string {
  const groups = groupsOf(pop, userId).filter((g) => membersOf(pop, g).length >= 2);
  const groupId = pick(groups, rand);
  const members = membersOf(pop, groupId);
  const from = Math.floor(rand() * members.length);
  const to = (from + 1 + Math.floor(rand() * (members.length - 1))) % members.length;
  return JSON.stringify({
    paidByUserId: members[from],
    paidToUserId: members[to],
    amount: money(500 + Math.floor(rand() * 20_000)),
    date,
    groupId,
  });
}

interface Mix {
  next: () => Planned;
  /** Reads sent, and how many of them repeated a (user, URL) pair sent before. */
  reads: () => { sent: number; repeats: number };
}

function makeMix(pop: Population, users: readonly number[], kinds: ReadonlySet<number>): Mix {
  const rand = prng(0x5eed);
  // Write bodies are prepared up front (a few thousand per kind), so building a request costs a
  // random pick and a string concatenation; each send gets a fresh Idempotency-Key.
  const today = new Date();
  const dates = Array.from({ length: 30 }, (_, i) =>
    isoDate(new Date(today.getTime() - i * 86_400_000)),
  );
  const templates = (make: typeof expenseBody, n: number): WriteTemplate[] =>
    Array.from({ length: n }, () => {
      const u = pick(users, rand);
      return { auth: authOf(pop, u), body: make(pop, u, rand, pick(dates, rand)) };
    });
  const expenses = templates(expenseBody, 4_096);
  const payments = templates(paymentBody, 2_048);
  const thresholds: [number, number][] = [];
  let acc = 0;
  const readPercent = (100 - MIX_WRITE_PERCENT) / READS.length;
  for (let k = 0; k < READS.length; k++) {
    if (kinds.has(k) && readPercent > 0) thresholds.push([(acc += readPercent), k]);
  }
  if (kinds.has(EXPENSE) && MIX_EXPENSE_PERCENT > 0) {
    thresholds.push([(acc += MIX_EXPENSE_PERCENT), EXPENSE]);
  }
  if (kinds.has(PAYMENT) && MIX_PAYMENT_PERCENT > 0) {
    thresholds.push([(acc += MIX_PAYMENT_PERCENT), PAYMENT]);
  }
  const total = acc;
  const run = Date.now().toString(36);
  let writes = 0;
  const seen = new Set<string>();
  let sent = 0;
  let repeats = 0;
  const next = (): Planned => {
    const x = rand() * total;
    let kind = thresholds[thresholds.length - 1]?.[1] ?? 0;
    for (const [upTo, k] of thresholds) {
      if (x < upTo) {
        kind = k;
        break;
      }
    }
    if (kind === EXPENSE || kind === PAYMENT) {
      const t = pick(kind === EXPENSE ? expenses : payments, rand);
      return {
        kind,
        method: 'POST',
        path: kind === EXPENSE ? '/api/expenses' : '/api/payments',
        headers: {
          ...t.auth,
          'content-type': 'application/json',
          'idempotency-key': `bench-${run}-${++writes}`,
        },
        body: t.body,
      };
    }
    const route = READS[kind] as ReadRoute;
    const user = pick(users, rand);
    const p = route.path(route.group ? pick(groupsOf(pop, user), rand) : 0);
    const key = `${user} ${p}`;
    sent++;
    if (seen.has(key)) repeats++;
    else seen.add(key);
    return { kind, method: 'GET', path: p, headers: authOf(pop, user) };
  };
  return { next, reads: () => ({ sent, repeats }) };
}

// ---------------------------------------------------------------------------------------------
// Reads with no repeat

interface Walk {
  /** The first request (the probe), then the walk continues after it. */
  first: Planned;
  next: () => Planned;
  size: number;
  /** Requests built so far, the probe included. */
  used: () => number;
}

/** Walks `items` in order: every request a (user, URL) pair of its own until the list wraps. */
function walk(
  items: readonly (readonly [number, number])[],
  plan: (user: number, group: number) => Planned,
): Walk {
  let i = 0;
  const at = (n: number): Planned => {
    const item = items[n % items.length];
    if (item === undefined) throw new Error('empty walk');
    return plan(item[0], item[1]);
  };
  return {
    first: at(i++),
    next: () => at(i++),
    size: items.length,
    used: () => i,
  };
}

/** A read route's request as `user` for `group`. */
function routePlan(route: ReadRoute, pop: Population) {
  return (user: number, group: number): Planned => ({
    kind: 0,
    method: 'GET',
    path: route.path(group),
    headers: authOf(pop, user),
  });
}

// ---------------------------------------------------------------------------------------------
// History growth

interface Sample {
  ms: number[];
  errors: string[];
}

async function timedGet(base: string, p: Planned, into: Sample): Promise<void> {
  const started = performance.now();
  const res = await fetch(base + p.path, { headers: p.headers });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.ok) into.ms.push(ms);
  else into.errors.push(unavailable(res.status, text));
}

interface Growth {
  route: string;
  heavy: Sample;
  light: Sample;
  /** How many light groups, and expenses in each. */
  lightGroups: number;
  lightExpenses: number;
  /** The comparison has a target (the balance read; the page one is for information). */
  target: boolean;
}

/**
 * Each (member, group) pair of the heavy groups and of the light ones read once, one request at
 * a time, heavy and light taking turns (in alternating order), so both sides see the same
 * machine whatever else runs on it.
 */
async function historyGrowth(
  base: string,
  pop: Population,
  route: ReadRoute,
  heavyGroups: readonly number[],
  light: { groups: readonly number[]; expenses: number },
): Promise<Growth> {
  const pairs = (groups: readonly number[]) =>
    groups.flatMap((g) => membersOf(pop, g).map((u) => [u, g] as const));
  const heavyPairs = pairs(heavyGroups);
  const lightPairs = pairs(light.groups);
  const heavySample: Sample = { ms: [], errors: [] };
  const lightSample: Sample = { ms: [], errors: [] };
  const planned = ([u, g]: readonly [number, number]): Planned => ({
    kind: 0,
    method: 'GET',
    path: route.path(g),
    headers: authOf(pop, u),
  });
  for (let i = 0; i < Math.max(heavyPairs.length, lightPairs.length); i++) {
    const h = heavyPairs[i];
    const l = lightPairs[i];
    const order: [readonly [number, number] | undefined, Sample][] =
      i % 2 === 0
        ? [
            [h, heavySample],
            [l, lightSample],
          ]
        : [
            [l, lightSample],
            [h, heavySample],
          ];
    for (const [pair, into] of order)
      if (pair !== undefined) await timedGet(base, planned(pair), into);
  }
  return {
    route: route.name,
    heavy: heavySample,
    light: lightSample,
    lightGroups: light.groups.length,
    lightExpenses: light.expenses,
    target: route.path(0).startsWith('/api/balances/'),
  };
}

const median = (ms: readonly number[]) =>
  percentile(
    [...ms].sort((a, b) => a - b),
    0.5,
  );

// ---------------------------------------------------------------------------------------------
// Output

const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
const fmtRatio = (r: number) => r.toFixed(3);

function printTable(rows: readonly Row[], base: number): void {
  console.log(
    'route'.padEnd(54),
    'req/s'.padStart(8),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'of hello'.padStart(9),
    'non-2xx'.padStart(8),
    ' notes',
  );
  for (const r of rows) {
    if (r.unavailable !== null) {
      console.log(r.name.padEnd(54), r.unavailable);
      continue;
    }
    console.log(
      r.name.padEnd(54),
      fmtInt(r.rps).padStart(8),
      String(r.p50).padStart(7),
      String(r.p99).padStart(7),
      fmtRatio(r.rps / base).padStart(9),
      String(r.non2xx).padStart(8),
      ` ${r.note}`,
    );
  }
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

// ---------------------------------------------------------------------------------------------
// The run

/** Seeds, and keeps what the seed made in the database for later runs with BENCH_REUSE_DB. */
async function seedAndRemember(url: string): Promise<SeedResult> {
  const result = await seed(url, SIZES, await hashPassword(PASSWORD));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('create table bench_seed (result jsonb not null)');
  await c.query('insert into bench_seed values ($1)', [JSON.stringify(result)]);
  await c.end();
  return result;
}

async function rememberedSeed(url: string): Promise<SeedResult> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const rows = await c.query<{ result: SeedResult }>('select result from bench_seed');
  await c.end();
  const result = rows.rows[0]?.result;
  if (result === undefined) throw new Error(`BENCH_REUSE_DB: ${url} holds no seed`);
  console.log('reusing the seeded database (writes of earlier runs included)');
  return result;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const adminUrl = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A database kept by an earlier run (BENCH_KEEP_DB=1): measured again without seeding. */
const reuse = process.env['BENCH_REUSE_DB'] ?? '';
const dbName = reuse !== '' ? reuse : `evenly_bench_${Date.now()}_${process.pid}`;
const dbUrl = withDatabase(adminUrl, dbName);
if (reuse === '') {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
}
const dropDatabase = async () => {
  if (process.env['BENCH_KEEP_DB'] === '1' || reuse !== '') {
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
let floor: Server | null = null;
try {
  console.log(
    `seeding ${dbName}: ${SIZES.users} users, ${SIZES.expenses} expenses (${SIZES.bigGroupExpenses} in one group, ` +
      `${SIZES.heavyGroups} × ${SIZES.heavyGroupExpenses} in heavy ones)${QUICK ? ', quick sizes' : ''}`,
  );
  const handle = await openDatabase({ databaseUrl: dbUrl, pgliteDir: null, poolSize: 2 });
  await runMigrations(handle);
  await handle.close();
  const seeded: SeedResult =
    reuse === '' ? await seedAndRemember(dbUrl) : await rememberedSeed(dbUrl);
  const pop = await population(dbUrl);
  const server = await serverSettings(dbUrl);

  hello = await start(path.join(here, 'hello-server.js'), '/hello', {});
  api = await start(
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
    [...SERVER_NODE_FLAGS, ...SERVER_NODE_ARGS],
  );
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
  };
  report(
    await fixedRow('hello-world (yardstick)', 'yardstick', hello.base, {
      method: 'GET',
      path: '/hello',
      headers: {},
    }),
  );
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

  // The mix: each kind probed once first (as a mix user); kinds this build lacks are left out.
  const mixProbeUser = mixUsers[0] ?? writer;
  const probeRand = prng(7);
  const probeDate = isoDate(new Date());
  const mixMissing: string[] = [];
  const mixErrors: string[] = [];
  const mixKinds = new Set<number>();
  for (let k = 0; k < MIX_KINDS.length; k++) {
    const share =
      k === EXPENSE
        ? MIX_EXPENSE_PERCENT
        : k === PAYMENT
          ? MIX_PAYMENT_PERCENT
          : 100 - MIX_WRITE_PERCENT;
    // A kind with no share (BENCH_MIX_WRITES=0 or 100) is neither probed nor listed.
    if (share === 0) continue;
    let p: Planned;
    if (k === EXPENSE || k === PAYMENT) {
      p = {
        kind: k,
        method: 'POST',
        path: k === EXPENSE ? '/api/expenses' : '/api/payments',
        headers: { ...authOf(pop, mixProbeUser), 'content-type': 'application/json' },
        body: (k === EXPENSE ? expenseBody : paymentBody)(pop, mixProbeUser, probeRand, probeDate),
      };
    } else {
      const route = READS[k] as ReadRoute;
      const g = route.group ? (groupsOf(pop, mixProbeUser)[0] ?? 0) : 0;
      p = { kind: k, method: 'GET', path: route.path(g), headers: authOf(pop, mixProbeUser) };
    }
    const why = await probe(api.base, p);
    if (why === null) mixKinds.add(k);
    else if (why.startsWith('not available')) mixMissing.push(`${MIX_KINDS[k]}: ${why}`);
    else mixErrors.push(`${MIX_KINDS[k]}: ${why}`);
  }
  const mixName = `mix: ${fmtInt(mixCount)} users, ${MIX_WRITE_PERCENT}% writes`;
  let mixResult: LoadResult | null = null;
  let mixReads = { sent: 0, repeats: 0 };
  if (mixErrors.length > 0) {
    report(missingRow(mixName, 'mix', mixErrors.join('; ')));
  } else if (PARTS.has('mix')) {
    const mix = makeMix(pop, mixUsers, mixKinds);
    mixResult = await load(api.base, MIX_KINDS.length, mix.next);
    mixReads = mix.reads();
    const repeatShare = mixReads.sent === 0 ? 0 : mixReads.repeats / mixReads.sent;
    report(
      rowOf(
        mixName,
        'mix',
        mixResult,
        `${(repeatShare * 100).toFixed(0)}% of reads repeat a (user, URL)`,
      ),
    );
  }

  // Every read with no repeat of (user, URL) within the run.
  const need = PLAUSIBLE_RPS * (WARMUP_SECONDS + DURATION_SECONDS);
  const warnings: string[] = [];
  const uniqueRows: { row: Row; walk: Walk | null }[] = [];
  for (const [k, route] of READS.entries()) {
    if (!PARTS.has('unique')) break;
    if (READ_FILTER.length > 0 && !READ_FILTER.some((f) => route.name.includes(f))) continue;
    const rand = prng(1000 + k);
    const items: (readonly [number, number])[] = route.group
      ? walkers.flatMap((u) => groupsOf(pop, u).map((g) => [u, g] as const))
      : walkers.map((u) => [u, 0] as const);
    const w = walk(shuffled(items, rand), routePlan(route, pop));
    const name = `${route.name}, no repeat`;
    const what = route.group ? '(user, group) pairs' : 'users';
    if (w.size - 1 < need) {
      warnings.push(
        `${name}: ${fmtInt(w.size)} ${what}; a run at ${fmtInt(PLAUSIBLE_RPS)} req/s needs ${fmtInt(need)}: it would wrap`,
      );
    }
    const why = await probe(api.base, w.first);
    if (why !== null) {
      report(missingRow(name, 'unique', why));
      uniqueRows.push({ row: rows[rows.length - 1] as Row, walk: null });
      continue;
    }
    const r = await load(api.base, 1, w.next);
    const wrapped = Math.max(0, w.used() - w.size);
    const note =
      wrapped > 0
        ? `WRAPPED: ${fmtInt(wrapped)} requests repeated a pair (${fmtInt(w.size)} ${what})`
        : `${fmtInt(w.used())} of ${fmtInt(w.size)} ${what} used${r.errorSamples[0] !== undefined ? `; ${r.errorSamples[0]}` : ''}`;
    if (wrapped > 0) warnings.push(`${name}: ${note}`);
    const row = rowOf(name, 'unique', r, note);
    report(row);
    uniqueRows.push({ row, walk: w });
  }

  // Floors of the transactions page (floor-server.ts), no (user, group) repeat either.
  if (PARTS.has('floor')) {
    const pairs = shuffled(
      walkers.flatMap((u) => groupsOf(pop, u).map((g) => [u, g] as const)),
      prng(3000),
    );
    const [u0, g0] = pairs[0] ?? [writer, seeded.writeGroupId];
    const sample = await fetch(`${api.base}/api/groups/${g0}/transactions?limit=50`, {
      headers: authOf(pop, u0),
    });
    const pageFile = path.join(dataDir, 'page.json');
    const bytes = Buffer.from(await sample.arrayBuffer());
    if (!sample.ok) throw new Error(`the sample page answered ${sample.status}`);
    await writeFile(pageFile, bytes);
    floor = await start(path.join(here, 'floor-server.js'), '/hello', {
      DATABASE_URL: dbUrl,
      FLOOR_PAGE_FILE: pageFile,
    });
    const floorBase = floor.base;
    report(
      await fixedRow(
        `floor: a real page's ${fmtInt(bytes.length)} bytes, no database`,
        'floor',
        floorBase,
        { method: 'GET', path: '/floor/page-bytes', headers: {} },
      ),
    );
    for (const [name, route] of [
      ["floor: the page's statement, no other server work", '/floor/page-statement'],
      ["floor: the page's rows read, no output", '/floor/page-rows'],
    ] as const) {
      const w = walk(pairs, (u, g) => ({
        kind: 0,
        method: 'GET',
        path: `${route}?g=${g}&u=${u}`,
        headers: {},
      }));
      const why = await probe(floorBase, w.first);
      if (why !== null) {
        report(missingRow(name, 'floor', why));
        continue;
      }
      const r = await load(floorBase, 1, w.next);
      report(
        rowOf(
          name,
          'floor',
          r,
          w.used() > w.size
            ? `WRAPPED: ${fmtInt(w.used() - w.size)} requests repeated a pair (${fmtInt(w.size)})`
            : `${fmtInt(w.used())} of ${fmtInt(w.size)} (user, group) pairs used`,
        ),
      );
    }
    floor.child.kill('SIGTERM');
    floor = null;
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
      uniqueRows.push({ row, walk: null });
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

  // 50 writers adding expenses to one group.
  if (PARTS.has('write'))
    report(
      await fixedRow('POST /api/expenses (50 writers, one group)', 'write', api.base, {
        method: 'POST',
        path: '/api/expenses',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          description: 'Bench dinner',
          amount: 90.15,
          date: '2025-03-14',
          groupId: seeded.writeGroupId,
          splitType: 'EQUAL',
          payers: [{ userId: writer, amountPaid: 90.15 }],
          splits: seeded.writeGroupMembers.map((userId) => ({ userId })),
        }),
      }),
    );

  // -------------------------------------------------------------------------------------------
  const base = rows[0]?.rps ?? 1;
  const c = seeded.counts;
  console.log(
    `\nEvenly benchmark: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s per row, ` +
      `${os.cpus().length} cores, load average ${loadAtStart} at the start, ${loadAverage()} at the end${QUICK ? ' (quick sizes)' : ''}`,
  );
  console.log(`PostgreSQL ${server}`);
  console.log(
    `Seed (${seeded.seconds.toFixed(0)} s): ${fmtInt(c.users)} users, ${fmtInt(c.groups)} groups, ` +
      `${fmtInt(c.memberships)} memberships, ${fmtInt(c.friendships)} friendships, ${fmtInt(c.expenses)} expenses ` +
      `(${fmtInt(SIZES.bigGroupExpenses)} in one group, ${SIZES.heavyGroups} × ${fmtInt(SIZES.heavyGroupExpenses)}), ` +
      `${fmtInt(c.payments)} payments, ${fmtInt(c.comments)} comments, ${fmtInt(c.activities)} activity rows\n`,
  );
  printTable(rows, base);
  if (rows.some((r) => r.kind === 'floor')) {
    console.log(
      "\nFloor rows: a bare Fastify beside the server doing only part of the transactions page's work " +
        '(floor-server.ts); the route cannot be faster than its statement alone.',
    );
  }

  if (mixResult !== null) {
    console.log(
      `\nThe mix by request (measured part, client-side timing). Of the ${fmtInt(mixReads.sent)} reads ` +
        `sent (warm-up included), ${fmtInt(mixReads.repeats)} repeated a (user, URL) pair sent earlier:`,
    );
    console.log(
      'request'.padEnd(54),
      'count'.padStart(8),
      'share'.padStart(7),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
      'non-2xx'.padStart(8),
    );
    const total = mixResult.kinds.reduce((s, k) => s + k.latencies.length, 0);
    mixResult.kinds.forEach((k, i) => {
      if (!mixKinds.has(i)) return;
      const sorted = [...k.latencies].sort((a, b) => a - b);
      console.log(
        (MIX_KINDS[i] ?? '').padEnd(54),
        fmtInt(sorted.length).padStart(8),
        `${((sorted.length / Math.max(1, total)) * 100).toFixed(0)}%`.padStart(7),
        percentile(sorted, 0.5).toFixed(1).padStart(7),
        percentile(sorted, 0.99).toFixed(1).padStart(7),
        String(k.non2xx).padStart(8),
      );
    });
    for (const m of mixMissing) console.log(`  left out: ${m}`);
    for (const e of mixResult.errorSamples) console.log(`  non-2xx answer: ${e}`);
  }

  console.log(
    '\nHistory growth (each member of each group read once, one request at a time, turn about):',
  );
  const growthVerdicts: { ok: boolean; line: string }[] = [];
  for (const g of growth) {
    const errors = [...g.heavy.errors, ...g.light.errors];
    if (g.heavy.ms.length === 0 || g.light.ms.length === 0) {
      console.log(`  ${g.route}: ${errors[0] ?? 'no samples'}`);
      continue;
    }
    const h = median(g.heavy.ms);
    const l = median(g.light.ms);
    const factor = h / l;
    console.log(
      `  ${g.route}: ${heavyGroups.length} groups of ≥ ${fmtInt(SIZES.heavyGroupExpenses)} expenses ` +
        `median ${h.toFixed(2)} ms (n=${g.heavy.ms.length}) vs ${g.lightGroups} groups of ` +
        `${g.lightExpenses} median ${l.toFixed(2)} ms (n=${g.light.ms.length}): ${factor.toFixed(2)}×` +
        (errors.length > 0 ? `; ${errors.length} errors, first: ${errors[0]}` : ''),
    );
    if (g.target) {
      growthVerdicts.push({
        ok: factor <= 1.5 && errors.length === 0,
        line: `big-history balance within 1.5× of the small-history one: ${factor.toFixed(2)}×`,
      });
    }
  }

  console.log('\nTargets:');
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const mixRow = rows.find((r) => r.kind === 'mix');
  if (mixRow !== undefined) {
    if (mixRow.unavailable === null) {
      const ratio = mixRow.rps / base;
      console.log(
        `  ${verdict(ratio >= 0.1 && mixRow.p99 < 50)}  the mix: ${fmtRatio(ratio)} of hello-world (≥ 0.10), p99 ${mixRow.p99} ms (< 50 ms)`,
      );
    } else {
      console.log(`  FAIL  the mix: ${mixRow.unavailable}`);
    }
  }
  for (const { row } of uniqueRows) {
    if (row.unavailable !== null) continue;
    const ratio = row.rps / base;
    console.log(
      `  ${verdict(ratio >= 0.05 && row.p99 < 50)}  ${row.name}: ${fmtRatio(ratio)} of hello-world (≥ 0.05), p99 ${row.p99} ms (< 50 ms)`,
    );
  }
  for (const g of growthVerdicts) console.log(`  ${verdict(g.ok)}  ${g.line}`);
  const write = rows.find((r) => r.kind === 'write');
  if (write !== undefined) {
    console.log(
      write.unavailable === null
        ? `  ${verdict(write.rps >= 1000 && write.non2xx === 0)}  expense creations: ${fmtInt(write.rps)}/s (≥ 1,000/s), non-2xx ${write.non2xx}`
        : `  ----  expense creations: ${write.unavailable}`,
    );
  }
  const generated = rows.filter(
    (r) => (r.kind === 'mix' || r.kind === 'unique') && r.unavailable === null,
  );
  const bad = generated.reduce((s, r) => s + r.non2xx, 0);
  console.log(
    `  ${verdict(bad === 0)}  every generated request (mix and no-repeat rows) answered 2xx: ${bad} did not`,
  );
  for (const r of rows.filter((x) => x.unavailable !== null)) {
    console.log(`  ----  ${r.name}: ${r.unavailable}`);
  }
  for (const w of warnings) console.log(`  WARNING  ${w}`);
} finally {
  hello?.child.kill('SIGTERM');
  api?.child.kill('SIGTERM');
  floor?.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase();
}
