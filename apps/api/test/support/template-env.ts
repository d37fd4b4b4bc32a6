// Where this run's migrated template databases are (database-templates.ts builds them), named
// in environment variables so that every test process and every server a test starts finds them.
// Node built-ins only: the e2e helpers import this without the API's sources.
import { cp, mkdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Path of a tar file: a dumped, migrated PGlite data directory. */
export const PGLITE_TEMPLATE_TAR = 'EVENLY_TEST_PGLITE_TEMPLATE_TAR';
/** Path of a closed, migrated PGlite data directory. */
export const PGLITE_TEMPLATE_DIR = 'EVENLY_TEST_PGLITE_TEMPLATE_DIR';
/** Name of a migrated database on the server of TEST_DATABASE_URL. */
export const POSTGRES_TEMPLATE_DB = 'EVENLY_TEST_POSTGRES_TEMPLATE';

/** The in-memory template of this run, if one was built. */
export async function pgliteTemplate(): Promise<Blob | null> {
  const file = process.env[PGLITE_TEMPLATE_TAR];
  if (file === undefined || file === '' || !existsSync(file)) return null;
  return new Blob([new Uint8Array(await readFile(file))]);
}

/**
 * Fills `dataDir` (an embedded database's folder, absent or empty) with this run's migrated
 * on-disk template. Returns false when there is none (the server then creates its own).
 */
export async function copyPgliteTemplate(dataDir: string): Promise<boolean> {
  const template = process.env[PGLITE_TEMPLATE_DIR];
  if (template === undefined || template === '' || !existsSync(template)) return false;
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return false;
  await mkdir(path.dirname(dataDir), { recursive: true });
  await cp(template, dataDir, { recursive: true });
  return true;
}

/** The template database of this run on the TEST_DATABASE_URL server, if one was built. */
export function postgresTemplate(): string | null {
  const name = process.env[POSTGRES_TEMPLATE_DB];
  return name === undefined || name === '' ? null : name;
}
