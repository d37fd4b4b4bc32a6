// A fresh database per test file: in-memory PGlite by default, or a new PostgreSQL database
// (created on the server named by TEST_DATABASE_URL) when TEST_DB_KIND=postgres. Each is a copy
// of the run's migrated template (database-templates.ts) where the global setup built one.
import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/database.js';
import { openDatabase, queryRows } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrate.js';
import {
  adminQuery,
  copyPgliteTemplate,
  pgliteTemplate,
  postgresTemplate,
  withDatabase,
} from './database-templates.js';

export type TestDbKind = 'pglite' | 'postgres';

export function testDbKind(): TestDbKind {
  return process.env['TEST_DB_KIND'] === 'postgres' ? 'postgres' : 'pglite';
}

export function testDatabaseUrl(): string {
  const url = process.env['TEST_DATABASE_URL'];
  if (url === undefined || url === '') {
    throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  }
  return url;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres:// URL of this test's database (postgres kind only). */
  url: string | null;
  /** Empties every table and restarts ids: each test starts from a clean database. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** SQLSTATE 55006: the template is in use (another `create database` copying it this instant). */
async function createDatabase(adminUrl: string, name: string, template: string | null) {
  const text =
    template === null
      ? `create database "${name}"`
      : `create database "${name}" template "${template}"`;
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, text);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== '55006' || attempt >= 50) throw error;
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}

export async function createTestDatabase(
  kind: TestDbKind = testDbKind(),
  /** PGlite kind: keep the database in this folder instead of memory. */
  pgliteDir: string | null = null,
): Promise<TestDatabase> {
  let url: string | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  if (kind === 'postgres') {
    const adminUrl = testDatabaseUrl();
    const name = `evenly_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    await createDatabase(adminUrl, name, postgresTemplate());
    url = withDatabase(adminUrl, name);
    dropDatabase = async () => {
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    };
  }
  if (kind === 'pglite' && pgliteDir !== null) await copyPgliteTemplate(pgliteDir);
  const load = kind === 'pglite' && pgliteDir === null ? await pgliteTemplate() : null;
  const handle = await openDatabase({
    databaseUrl: url,
    pgliteDir,
    poolSize: 5,
    ...(load === null ? {} : { pgliteLoad: load }),
  });
  // On a template this finds every migration applied and only runs the data fix-ups, as a
  // server start does; without one it builds the schema.
  await runMigrations(handle);

  const tables = (
    await queryRows<{ tablename: string }>(
      handle.db,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((r) => `"${r.tablename}"`);

  return {
    handle,
    url,
    async reset() {
      if (tables.length > 0) {
        const text = `truncate ${tables.join(', ')} restart identity cascade`;
        // drizzle's "Failed query" names the statement only; the database's own words are in
        // the cause, which is what a failure report needs.
        const detail = (error: unknown) => {
          const cause = (error as { cause?: unknown }).cause ?? error;
          // PGlite rejects with Emscripten's ExitStatus (not an Error) once its backend exited.
          return cause instanceof Error
            ? `${cause.name}: ${cause.message}`
            : inspect(cause, { depth: 3, breakLength: Infinity });
        };
        try {
          await handle.db.execute(sql.raw(text));
        } catch (first) {
          // Seen in CI on PGlite after its backend was lost (one cause, found 2026-11-30: the
          // extensions loaded side by side, see scripts/patch-pglite.mjs): try once more, and
          // say what happened either way.
          console.warn(`emptying the tables failed once (${detail(first)}); trying again`);
          try {
            await handle.db.execute(sql.raw(text));
          } catch (second) {
            throw new Error(`emptying the tables failed twice: ${detail(second)}`, {
              cause: second,
            });
          }
        }
      }
    },
    async close() {
      await handle.close();
      await dropDatabase?.();
    },
  };
}
