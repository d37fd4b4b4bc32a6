// Opens the database: PostgreSQL through `pg` when DATABASE_URL is set, embedded PGlite
// (real Postgres compiled to WASM) under DATA_DIR/db otherwise. Both speak the same schema.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgliteActivity } from './pglite-activity.js';
import { trackPgliteActivity } from './pglite-activity.js';
import { PGLITE_START_PARAMS } from './pglite-params.js';
import { readPgliteTemplate } from './pglite-template.js';
import { PrivateNodeFS } from './pglite-private-fs.js';
import { retryReadsOnLostConnection } from './read-retry.js';
import { defaultDatabasePoolSize } from '../config/config.js';
import { tightenDataDir } from '../config/private-data-dir.js';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { NodePgSessionOptions } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { RelationalSchemaConfig, TablesRelationalConfig } from 'drizzle-orm/relations';
import pg from 'pg';
import { isConnectionError } from './errors.js';
import {
  insideTransaction,
  runAsTransactionBody,
  StatementOutsideOwnTransactionError,
} from './transaction-scope.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** A database handle or an open transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
export type Transact = <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;

export interface DatabaseHandle {
  kind: 'postgres' | 'pglite';
  db: Db;
  transaction: Transact;
  /** Throws when the database cannot answer a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /** Raw access for migrations and LISTEN/NOTIFY. */
  pool: pg.Pool | null;
  pglite: PGlite | null;
  /** What the embedded database is running (its watchdog reads it); null on PostgreSQL. */
  activity: PgliteActivity | null;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  /** Directory for PGlite files; `null` keeps PGlite in memory (tests). */
  pgliteDir: string | null;
  /** PostgreSQL connections; by default as DATABASE_POOL_SIZE defaults (config.ts). */
  poolSize?: number;
  /**
   * PGlite in memory only: start from this dumped data directory (`dumpDataDir`) instead of an
   * empty database. Tests load one migrated template per run rather than run initdb per file.
   */
  pgliteLoad?: Blob;
  /**
   * PGlite on disk: the template a new database is unpacked from (pglite-template.ts); by default
   * the one the build wrote, `null` to run initdb instead.
   */
  pgliteTemplate?: Blob | null;
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

/** Contrib extensions the migrations create (`create extension`), bundled with PGlite. */
export const PGLITE_EXTENSIONS = { btree_gin, pg_trgm, unaccent };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== null) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? defaultDatabasePoolSize(),
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // Names the server's sessions in pg_stat_activity (DATABASE_URL may name them otherwise).
      application_name: 'evenly',
      // The hot statements are prepared once per connection (statements.ts) and written so that
      // one plan fits every parameter (index lookups by key, LIMITs, fenced LATERALs). PostgreSQL
      // would otherwise plan most of them again on every execution (a custom plan looks cheaper
      // than the generic one), which cost a third of a page read's database time.
      //
      // No parallel workers: every statement of the server is a short keyed read or write, and a
      // parallel plan starts worker processes per execution. Without statistics (after an import
      // or restore) the planner took the notifier's `id > $2 order by id limit $3` for 100,000
      // rows and ran it with two workers: 180–260 ms for no row, every second, in every process
      // (issue #36). PGlite has none either (its start parameters).
      //
      // No JIT compilation either: it pays off for long analytic queries, and is decided by the
      // plan's estimated cost. Without statistics the balances behind friends and the overall
      // summary were estimated at 346,000 (the real work is a few index reads), so every execution
      // compiled 92 functions first: 300 ms for a 2 ms read (issue #36). PGlite has no JIT.
      options:
        '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0 -c jit=off',
      // A connection whose peer vanished without a word (network cut, failover) is noticed by
      // the kernel's keepalive probes instead of hanging until the next query times out.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // A connection can die at any moment (restart, failover, pg_terminate_backend). pg reports
    // that as an 'error' event on its client, and an 'error' event nobody listens to ends the
    // process. pg-pool listens only while a client is idle in the pool; a client checked out
    // for a transaction has no listener between its queries. So every client gets one of its
    // own for its whole life: the query in flight fails with the error (the caller answers
    // 503 or retries), and the pool drops the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    pool.on('error', () => undefined);
    // A read whose connection died runs once more on a new one (read-retry.ts).
    retryReadsOnLostConnection(pool);
    refuseInsideTransactions(pool);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      transaction: transactionsOf(db, pool),
      pool,
      pglite: null,
      activity: null,
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
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      const template =
        options.pgliteTemplate === undefined ? await readPgliteTemplate() : options.pgliteTemplate;
      if (template === null) await createPgliteDatabase(dataDir);
      else await unpackPgliteTemplate(dataDir, template);
      // Only this account may read the new database (issue #30 finding 5): PrivateNodeFS keeps
      // PGlite's own modes private, and this walk makes sure of what it created.
      await tightenDataDir(dataDir);
    }
  }
  const client = await PGlite.create({
    ...(dataDir === undefined ? {} : { fs: new PrivateNodeFS(dataDir) }),
    ...(dataDir === undefined && options.pgliteLoad !== undefined
      ? { loadDataDir: options.pgliteLoad }
      : {}),
    startParams: PGLITE_START_PARAMS,
    // The extensions expense search needs (migration 0015_search): PGlite ships them compiled
    // to WASM and loads them on demand, so both databases run the same migration and queries.
    extensions: PGLITE_EXTENSIONS,
  });
  const activity = trackPgliteActivity(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    transaction: transactionsOf(db, null),
    pool: null,
    pglite: client,
    activity,
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
 * Transactions on a pooled client that always go back to the pool. drizzle's own transaction on a
 * pool checks out a client and runs BEGIN before its try/finally, so a connection that dies
 * between the two (pg_terminate_backend, a restart) never returns to the pool: enough of those
 * and the pool is empty for good. Here the client is released whatever happens, and released as
 * broken (so the pool drops it) when its connection failed.
 */
export function transactionsOf(db: Db, pool: pg.Pool | null): Transact {
  // A transaction begun inside another one's body would wait for it for ever on PGlite.
  const refuseNested = () => {
    if (insideTransaction()) {
      throw new StatementOutsideOwnTransactionError('begin (a transaction inside another one)');
    }
  };
  // PGlite has one session and runs transactions one at a time itself.
  if (pool === null) {
    return (fn) => {
      refuseNested();
      return db.transaction((tx) => runAsTransactionBody(() => fn(tx as unknown as Db)));
    };
  }
  const internals = db as unknown as {
    dialect: PgDialect;
    session: { options: NodePgSessionOptions };
    _: RelationalSchemaConfig<TablesRelationalConfig>;
  };
  const config: RelationalSchemaConfig<TablesRelationalConfig> = {
    fullSchema: internals._.fullSchema,
    schema: internals._.schema,
    tableNamesMap: internals._.tableNamesMap,
  };
  return async <T>(fn: (tx: Db) => Promise<T>): Promise<T> => {
    refuseNested();
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const session = new NodePgSession(
        client,
        internals.dialect,
        config,
        internals.session.options,
      );
      const tx = new NodePgTransaction(internals.dialect, session, config) as unknown as Db;
      await client.query('begin');
      let result: T;
      try {
        result = await runAsTransactionBody(() => fn(tx));
      } catch (error) {
        await client.query('rollback').catch((e: unknown) => {
          broken = e instanceof Error ? e : new Error(String(e));
        });
        throw error;
      }
      await client.query('commit');
      return result;
    } catch (error) {
      if (isConnectionError(error))
        broken ??= error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/**
 * Unpacks the build's empty database (pglite-template.ts) into `dataDir`: into a folder beside
 * it first, then moved in with PG_VERSION last, because PG_VERSION is what marks a database as
 * there (a start stopped half-way unpacks again rather than opening half a database).
 */
async function unpackPgliteTemplate(dataDir: string, template: Blob): Promise<void> {
  const staging = `${dataDir}.new`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  await (
    await PGlite.create({
      fs: new PrivateNodeFS(staging),
      loadDataDir: template,
      startParams: PGLITE_START_PARAMS,
    })
  ).close();
  const entries = (await readdir(staging)).sort((a, b) =>
    a === 'PG_VERSION' ? 1 : b === 'PG_VERSION' ? -1 : 0,
  );
  for (const entry of entries) {
    await rm(path.join(dataDir, entry), { recursive: true, force: true });
    await rename(path.join(staging, entry), path.join(dataDir, entry));
  }
  await rm(staging, { recursive: true, force: true });
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
    const fs = new PrivateNodeFS(dataDir);
    await (await PGlite.create({ fs, startParams: PGLITE_START_PARAMS })).close();
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

/**
 * The pool refuses statements from inside an open transaction of ours, as the embedded database
 * does (pglite-activity.ts): there they would wait for themselves forever, and the same code runs
 * on both, so the tests on either database find such a statement.
 */
function refuseInsideTransactions(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    if (insideTransaction()) {
      const first = args[0];
      const text =
        typeof first === 'string'
          ? first
          : String((first as { text?: unknown } | null)?.text ?? 'a statement');
      throw new StatementOutsideOwnTransactionError(text);
    }
    return query(...args);
  };
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
