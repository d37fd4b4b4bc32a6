// Migrated databases built once per test run and copied for each test file, instead of every
// file running initdb and all migrations itself (about 3 s a file on PGlite, 1 s on PostgreSQL).
//
// - PGlite in memory: a dump of a migrated data directory (a tar file) that PGlite loads.
// - PGlite on disk (the embedded server's DATA_DIR/db): a closed, migrated data directory that
//   is copied file by file.
// - PostgreSQL: a migrated database that `create database … template` copies on the server.
//
// The vitest global setups (global-setup.ts, e2e/support/global-setup.ts) build them and name
// them in the environment variables of template-env.ts; the test processes they start inherit those. Without
// them (a file run by some other runner), every helper falls back to building from scratch.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrate.js';
import { readPgliteTemplate } from '../../src/db/pglite-template.js';

const BUILT_PGLITE_TEMPLATE = fileURLToPath(
  new URL('../../dist/db/pglite-template.tar.gz', import.meta.url),
);

export {
  PGLITE_TEMPLATE_DIR,
  PGLITE_TEMPLATE_TAR,
  POSTGRES_TEMPLATE_DB,
  copyPgliteTemplate,
  pgliteTemplate,
  postgresTemplate,
} from './template-env.js';

/** A folder for one run's templates; removed by `removeTemplates`. */
export async function templateFolder(): Promise<string> {
  return await mkdtemp(path.join(os.tmpdir(), 'evenly-templates-'));
}

/** Builds the PGlite templates (a tar for memory, a folder for disk) in `folder`. */
export async function buildPgliteTemplates(folder: string): Promise<{ tar: string; dir: string }> {
  const dir = path.join(folder, 'pglite-db');
  const handle = await openDatabase({
    databaseUrl: null,
    pgliteDir: dir,
    poolSize: 1,
    // The build's empty database (npm test builds first): unpacked in seconds, not initdb's 20 s.
    pgliteTemplate: await readPgliteTemplate(BUILT_PGLITE_TEMPLATE),
  });
  try {
    await runMigrations(handle);
    const dump = await handle.pglite?.dumpDataDir('none');
    if (dump === undefined) throw new Error('PGlite handle without a client');
    const tar = path.join(folder, 'pglite-db.tar');
    await writeFile(tar, Buffer.from(await dump.arrayBuffer()));
    return { tar, dir };
  } finally {
    await handle.close();
  }
}

/** Creates and migrates a template database on the server of `adminUrl`; returns its name. */
export async function buildPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `evenly_tpl_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const handle = await openDatabase({
    databaseUrl: withDatabase(adminUrl, name),
    pgliteDir: null,
    // The migration holds one connection (its lock) while the data fix-ups take another.
    poolSize: 2,
  });
  try {
    await runMigrations(handle);
  } finally {
    // `create database … template` refuses a template that anyone is connected to.
    await handle.close();
  }
  return name;
}

export async function dropPostgresTemplate(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
}

export async function removeTemplates(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
