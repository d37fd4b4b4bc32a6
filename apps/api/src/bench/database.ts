// The bench's own PostgreSQL database: created fresh for each run (or one kept earlier with
// BENCH_KEEP_DB=1, named in BENCH_REUSE_DB, measured again without seeding), seeded, and dropped
// at the end unless kept. The seed's result is stored in the database (table bench_seed) so a
// reused database knows its special users and groups.
import pg from 'pg';
import { hashPassword } from '../modules/auth/passwords.js';
import { PASSWORD, SIZES } from './config.js';
import type { SeedResult } from './seed.js';
import { seed } from './seed.js';

/**
 * The server settings that shape the numbers: version, shared_buffers, and autovacuum (off on
 * some test machines: dead rows and statistics then stay as the seed's ANALYZE left them).
 */
export async function serverSettings(dbUrl: string): Promise<string> {
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

/** Seeds, and keeps what the seed made in the database for later runs with BENCH_REUSE_DB. */
export async function seedAndRemember(url: string): Promise<SeedResult> {
  const result = await seed(url, SIZES, await hashPassword(PASSWORD));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('create table bench_seed (result jsonb not null)');
  await c.query('insert into bench_seed values ($1)', [JSON.stringify(result)]);
  await c.end();
  return result;
}

export async function rememberedSeed(url: string): Promise<SeedResult> {
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

export interface BenchDatabase {
  name: string;
  url: string;
  /** Whether this is a database kept by an earlier run (BENCH_REUSE_DB). */
  reused: boolean;
  /** Drops the database, unless BENCH_KEEP_DB=1 or it was reused. */
  drop: () => Promise<void>;
}

/** Creates the run's database on BENCH_DATABASE_URL's server, or names the reused one. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const adminUrl =
    process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
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
  return { name: dbName, url: dbUrl, reused: reuse !== '', drop: dropDatabase };
}
