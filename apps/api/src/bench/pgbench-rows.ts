// What a creation's rows cost PostgreSQL alone, piece by piece (issue #36 point 3): pgbench, a C
// client that costs the machine next to nothing, writes the creation floor's rows
// (floor-create.ts) over as many connections as the server's pool has (the concurrency
// PostgreSQL meets from the app: 5 on 2 cores), each connection in a group of its own, with
// pieces taken out, on a copy of the bench database with and without the search upkeep (the
// search-words trigger and the trigram indexes). The floor row through HTTP cannot beat its first line; no
// creation through the app can beat the floor row. Needs the servers stopped (a database is
// copied only while no one is connected to it); runs last.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { defaultDatabasePoolSize } from '../config/config.js';
import { DURATION_SECONDS, WARMUP_SECONDS } from './config.js';
import type { FloorPiece } from './floor-create.js';
import { FLOOR_PIECES, floorCreateLiteral } from './floor-create.js';
import type { Population } from './population.js';
import { groupsOf, membersOf } from './population.js';
import type { Row } from './rows.js';
import { missingRow } from './rows.js';

const run = promisify(execFile);
/**
 * The server's pool size, not the bench's 50 writers: the app queues its 50 writers for 5
 * connections. 50 connections straight into PostgreSQL measure something else, a convoy on
 * the trigram index's shared pages (742/s against 1,760/s with 5, 2026-12-01).
 */
const CLIENTS = defaultDatabasePoolSize();

/** Debian installs pgbench beside its server, not on PATH. */
function findPgbench(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin', 'pgbench');
    if (existsSync(bin)) return bin;
  }
  return null;
}

interface Variant {
  name: string;
  /** Pieces of the creation written besides the expense (null: a one-row table instead). */
  pieces: readonly FloorPiece[] | null;
  search: boolean;
}

const CORE: readonly FloorPiece[] = ['payers', 'splits', 'balances'];
const VARIANTS: Variant[] = [
  { name: 'the rows of the creation floor', pieces: FLOOR_PIECES, search: true },
  { name: 'the same without the search upkeep', pieces: FLOOR_PIECES, search: false },
  { name: 'the expense, payer, splits and balances', pieces: CORE, search: true },
  { name: 'the same without the search upkeep', pieces: CORE, search: false },
  { name: 'the expense row alone', pieces: [], search: true },
  { name: 'the same without the search upkeep', pieces: [], search: false },
  { name: 'one row into a table of one column', pieces: null, search: true },
];

/** One group per connection: the first CLIENTS distinct groups of `writers`, 2–8 members. */
function groupsFor(pop: Population, writers: readonly number[]) {
  const seen = new Set<number>();
  const out: { groupId: number; payerId: number; members: number[] }[] = [];
  for (const u of writers) {
    for (const g of groupsOf(pop, u)) {
      const members = membersOf(pop, g);
      if (seen.has(g) || members.length < 2 || members.length > 8) continue;
      seen.add(g);
      out.push({ groupId: g, payerId: u, members });
      break;
    }
    if (out.length === CLIENTS) break;
  }
  return out;
}

/** A pgbench script: connection i writes into group i (pgbench's \if on :client_id). */
function script(groups: ReturnType<typeof groupsFor>, pieces: readonly FloorPiece[]): string {
  const key = `'pgbench-' || :client_id || '-' || :r`;
  const branches = groups.map((g, i) => {
    const sql = floorCreateLiteral({ ...g, amountCents: 1_000 * g.members.length }, key, pieces);
    return `${i === 0 ? '\\if' : '\\elif'} :client_id = ${i}\n${sql.replace(/\s*\n\s*/g, ' ')};`;
  });
  return ['\\set r random(1, 1000000000000)', ...branches, '\\endif', ''].join('\n');
}

/** One statement on a connection of its own (the copies need every other one closed). */
async function sql<T extends object = object>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function serverVersion(url: string): Promise<number> {
  const [row] = await sql<{ v: string }>(url, 'show server_version_num');
  return Number(row?.v ?? 0);
}

/** The rate of `file` at CLIENTS connections after a warm-up run, and its latencies (ms). */
async function measure(
  bin: string,
  url: string,
  file: string,
  prepared: boolean,
): Promise<{ rps: number; p50: number; p99: number }> {
  const u = new URL(url);
  const args = (seconds: number, extra: string[]) => [
    ...['-n', '-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username)],
    ...['-c', String(CLIENTS), '-j', '2', '-T', String(seconds), '-f', file],
    ...(prepared ? ['-M', 'prepared'] : []),
    ...extra,
    u.pathname.slice(1),
  ];
  await run(bin, args(Math.max(1, WARMUP_SECONDS), []));
  // Every transaction's latency goes to a log per thread: "client n latency_us script epoch us".
  const prefix = `${file}.log`;
  const { stdout } = await run(bin, args(DURATION_SECONDS, ['-l', `--log-prefix=${prefix}`]));
  const m = /^tps = ([\d.]+)/m.exec(stdout);
  if (m === null) throw new Error(`pgbench printed no tps: ${stdout.slice(-300)}`);
  const dir = path.dirname(prefix);
  const micros: number[] = [];
  for (const name of await readdir(dir)) {
    if (!name.startsWith(path.basename(prefix))) continue;
    for (const line of (await readFile(path.join(dir, name), 'utf8')).split('\n')) {
      const us = Number(line.split(' ')[2]);
      if (line !== '' && Number.isFinite(us)) micros.push(us);
    }
  }
  micros.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((micros[Math.min(micros.length - 1, Math.floor(q * micros.length))] ?? 0) / 1000);
  return { rps: Math.round(Number(m[1])), p50: at(0.5), p99: at(0.99) };
}

/** The rows; `dbUrl` is the bench database, left as it was (each variant runs on a copy). */
export async function measurePgbenchRows(
  dbUrl: string,
  pop: Population,
  writers: readonly number[],
): Promise<Row[]> {
  const title = (v: Variant) => `pgbench: ${v.name}`;
  const bin = findPgbench();
  const groups = groupsFor(pop, writers);
  const why =
    bin === null
      ? 'pgbench is not installed (Debian: postgresql-client)'
      : groups.length < CLIENTS
        ? `only ${groups.length} groups of 2–8 members for ${CLIENTS} connections`
        : null;
  if (bin === null || why !== null) {
    return VARIANTS.map((v) => missingRow(title(v), 'pgbench', why ?? ''));
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'evenly-pgbench-'));
  const source = new URL(dbUrl);
  const copyName = `${source.pathname.slice(1)}_pgbench`;
  const copy = new URL(dbUrl);
  copy.pathname = `/${copyName}`;
  const admin = new URL(dbUrl);
  admin.pathname = '/postgres';
  // A file copy, then a checkpoint: the default copy (WAL_LOG, PostgreSQL 15) writes the whole
  // database to the WAL, and the checkpoints it sets off would land in the measurement.
  const strategy = (await serverVersion(admin.href)) >= 150_000 ? ' strategy = file_copy' : '';
  const rows: Row[] = [];
  try {
    for (const [i, v] of VARIANTS.entries()) {
      await sql(admin.href, `drop database if exists "${copyName}"`);
      await sql(
        admin.href,
        `create database "${copyName}" template "${source.pathname.slice(1)}"${strategy}`,
      );
      if (!v.search) {
        await sql(
          copy.href,
          `drop index expenses_nongroup_search_idx; drop index expenses_scope_search_trgm_idx;
           alter table expenses disable trigger expenses_search_words_insert`,
        );
      }
      const file = path.join(dir, `variant-${i}.sql`);
      if (v.pieces === null) {
        await sql(copy.href, 'create table pgbench_one (id bigserial primary key, v int)');
        await writeFile(file, 'insert into pgbench_one (v) values (1);\n');
      } else {
        await writeFile(file, script(groups, v.pieces));
      }
      await sql(admin.href, 'checkpoint');
      const r = await measure(bin, copy.href, file, v.pieces !== null);
      rows.push({
        ...missingRow(title(v), 'pgbench', ''),
        ...r,
        unavailable: null,
        note: `${CLIENTS} connections (the server's pool), each in a group of its own; no HTTP`,
      });
    }
  } finally {
    await sql(admin.href, `drop database if exists "${copyName}"`);
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}
