// Applies the committed drizzle-kit migrations. Idempotent, and safe when several server
// processes start at once on one PostgreSQL: a session-level advisory lock serialises them.
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

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
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
