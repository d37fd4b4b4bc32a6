// The instance a backup command works on, as the server would open it from the same
// environment: DATABASE_URL, or the embedded database under DATA_DIR/db; receipt storage as
// STORAGE says.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config/config.js';
import type { DatabaseHandle } from '../db/database.js';
import { openDatabase } from '../db/database.js';

export function embeddedDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'db');
}

export function embeddedExists(config: Pick<AppConfig, 'dataDir'>): boolean {
  return existsSync(path.join(embeddedDir(config), 'PG_VERSION'));
}

export function openInstanceDatabase(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: embeddedDir(config),
    poolSize: 2,
  });
}

/** Where the database is, for messages (never the password). */
export function describeDatabase(config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>): string {
  if (config.databaseUrl === null) return `the embedded database in ${embeddedDir(config)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${url.hostname}${url.port === '' ? '' : `:${url.port}`}${url.pathname}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function countRows(rows: Record<string, number>): number {
  return Object.values(rows).reduce((a, b) => a + b, 0);
}

/** Prints the message of an expected failure and exits 1; anything else keeps its stack. */
export function failWith(error: unknown): never {
  const known =
    error instanceof Error &&
    'code' in error &&
    typeof (error as { code: unknown }).code === 'string' &&
    /^[A-Z_]+$/.test((error as { code: string }).code);
  console.error(known ? `Error: ${(error as Error).message}` : error);
  process.exit(1);
}
