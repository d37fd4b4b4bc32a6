// A fresh database per test file: in-memory PGlite by default, or a new PostgreSQL database
// (created on the server named by TEST_DATABASE_URL) when TEST_DB_KIND=postgres.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/database.js';
import { openDatabase, queryRows } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrate.js';

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

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
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
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    url = withDatabase(adminUrl, name);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  const handle = await openDatabase({ databaseUrl: url, pgliteDir, poolSize: 5 });
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
        await handle.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
      }
    },
    async close() {
      await handle.close();
      await dropDatabase?.();
    },
  };
}
