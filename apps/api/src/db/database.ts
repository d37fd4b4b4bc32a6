// Opens the database: PostgreSQL through `pg` when DATABASE_URL is set, embedded PGlite
// (real Postgres compiled to WASM) under DATA_DIR/db otherwise. Both speak the same schema.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** A database handle or an open transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  kind: 'postgres' | 'pglite';
  db: Db;
  /** Throws when the database cannot answer a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /** Raw access for migrations and LISTEN/NOTIFY. */
  pool: pg.Pool | null;
  pglite: PGlite | null;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  /** Directory for PGlite files; `null` keeps PGlite in memory (tests). */
  pgliteDir: string | null;
  poolSize?: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`database did not answer within ${ms} ms`)),
      ms,
    );
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== null) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection (database restart) must not crash the process;
    // the pool replaces it on next use.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      pool,
      pglite: null,
      async ping(timeoutMs = 2_000) {
        await withTimeout(pool.query('select 1'), timeoutMs);
      },
      async close() {
        await pool.end();
      },
    };
  }

  let dataDir: string | undefined;
  if (options.pgliteDir !== null) {
    await mkdir(options.pgliteDir, { recursive: true });
    dataDir = path.resolve(options.pgliteDir);
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await createPgliteDatabase(dataDir);
  }
  const client = await PGlite.create(dataDir === undefined ? {} : { dataDir });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    pool: null,
    pglite: client,
    async ping(timeoutMs = 2_000) {
      if (closed) throw new Error('database closed');
      await withTimeout(db.execute(sql`select 1`), timeoutMs);
    },
    async close() {
      if (!closed) {
        closed = true;
        await client.close();
      }
    },
  };
}

/**
 * Creates a new PGlite database in a worker thread. Creating it (initdb) grows PGlite's
 * WebAssembly memory to about 0.8 GB and WebAssembly memory never shrinks, so done in the server
 * itself it would stay with the server for its whole life; the worker takes it along when it
 * ends. Where the compiled worker is not at hand (tests running the sources), it is created here.
 */
async function createPgliteDatabase(dataDir: string): Promise<void> {
  const script = new URL('./pglite-create-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(script))) {
    await (await PGlite.create({ dataDir })).close();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(script, { workerData: { dataDir } });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the database failed (${code})`)),
    );
  });
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
