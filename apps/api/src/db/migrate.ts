// Applies the committed drizzle-kit migrations. Idempotent, and safe when several server
// processes start at once on one PostgreSQL: a session-level advisory lock serialises them.
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './database.js';
import { runDataFixups } from './fixups.js';

/** apps/api/drizzle, from both src/db (tsx, vitest) and dist/db (built). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Arbitrary constant identifying the migration lock among advisory locks. */
const MIGRATION_LOCK_KEY = 727_450_001;

/** One committed migration: its journal tag and the `when` drizzle records as `created_at`. */
export interface MigrationEntry {
  tag: string;
  when: number;
}

/** The committed migrations in order (apps/api/drizzle/meta/_journal.json). */
export function migrationJournal(): MigrationEntry[] {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: MigrationEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export interface RunMigrationsOptions {
  /**
   * Apply only the first `upTo` migrations (a backup made by an earlier release is restored at
   * its own schema level, then upgraded). Data fix-ups run only without it.
   */
  upTo?: number;
}

export async function runMigrations(
  handle: DatabaseHandle,
  options: RunMigrationsOptions = {},
): Promise<void> {
  if (options.upTo !== undefined) {
    await runMigrationPrefix(handle, options.upTo);
    return;
  }
  if (handle.pool !== null) {
    const client = await handle.pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
        await runDataFixups(handle);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
    return;
  }
  if (handle.pglite !== null) {
    await migratePglite(drizzlePglite({ client: handle.pglite }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    await runDataFixups(handle);
  }
}

/**
 * A temporary copy of the migrations folder holding only the first `count` migrations (a
 * shortened journal); the caller removes it.
 */
export async function migrationsFolderUpTo(count: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-migrations-'));
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  await mkdir(path.join(dir, 'meta'));
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    await copyFile(
      path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`),
      path.join(dir, `${entry.tag}.sql`),
    );
  }
  return dir;
}

/** Applies the first `count` migrations (no data fix-ups). */
async function runMigrationPrefix(handle: DatabaseHandle, count: number): Promise<void> {
  const dir = await migrationsFolderUpTo(count);
  try {
    if (handle.pool !== null) {
      const client = await handle.pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client }), { migrationsFolder: dir });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    } else if (handle.pglite !== null) {
      await migratePglite(drizzlePglite({ client: handle.pglite }), { migrationsFolder: dir });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
