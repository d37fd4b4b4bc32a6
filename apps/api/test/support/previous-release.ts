// The previous release's database, as test/fixtures/release-previous holds it: its migrations
// (the committed SQL files its journal listed), its data rows and its receipt files, plus what
// that release answered to every read (expected.json). See the README.md there.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_FOLDER, migrationsFolderUpTo } from '../../src/db/migrate.js';

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/release-previous/', import.meta.url));

export interface Reply {
  status: number;
  body: unknown;
}

export interface PreviousRelease {
  /** Commit of the previous release (the fixture's source). */
  release: string;
  password: string;
  receiptSha256: string;
  receiptFiles: string[];
  /** The migrations that release had applied, with the sha256 drizzle recorded for each. */
  migrations: { tag: string; when: number; hash: string }[];
  /** user e-mail → GET url → what that release answered. */
  reads: Record<string, Record<string, Reply>>;
}

export const previous = JSON.parse(
  readFileSync(path.join(FIXTURE_DIR, 'expected.json'), 'utf8'),
) as PreviousRelease;

/** sha256 of a committed migration file, as drizzle's migrator computes and records it. */
export function migrationHash(tag: string): string {
  const text = readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
  return createHash('sha256').update(text).digest('hex');
}

/** A migrations folder holding only the previous release's migrations (a truncated journal). */
export function previousMigrationsFolder(): Promise<string> {
  return migrationsFolderUpTo(previous.migrations.length);
}

/** The previous release's data rows: INSERTs and sequence positions, one multi-statement text. */
export function previousData(): Promise<string> {
  return readFile(path.join(FIXTURE_DIR, 'data.sql'), 'utf8');
}

/** Copies the previous release's stored receipt files into `<dataDir>/receipts`. */
export async function copyPreviousReceipts(dataDir: string): Promise<void> {
  await cp(path.join(FIXTURE_DIR, 'receipts'), path.join(dataDir, 'receipts'), {
    recursive: true,
  });
}

/** The receipt key of a signed link (`/api/receipts/files/{key}?…`). */
export function receiptKey(url: string): string {
  return new URL(url).pathname.split('/').pop() ?? '';
}

/**
 * Where `actual` differs from what the previous release answered. Every field the old answer
 * had must be there with the same value (JSON numbers compared as numbers, so 6.17 stored as
 * 617 hundredths then and 6170 thousandths now are equal); fields the new version added are
 * not compared. Signed receipt links are compared by the key they point to (the signature and
 * expiry differ by design); request ids are not compared.
 */
export function differences(expected: unknown, actual: unknown, at = ''): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}: expected an array, got ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length) {
      return [`${at}: ${String(actual.length)} items instead of ${String(expected.length)}`];
    }
    return expected.flatMap((e: unknown, i) => differences(e, actual[i], `${at}[${String(i)}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return [`${at}: expected an object, got ${JSON.stringify(actual)}`];
    }
    const got = actual as Record<string, unknown>;
    return Object.entries(expected).flatMap(([key, value]) => {
      const where = `${at}.${key}`;
      if (key === 'requestId') return [];
      if (!(key in got)) return [`${where}: missing`];
      if (key === 'receiptUrl' && typeof value === 'string') {
        const url = got[key];
        return typeof url === 'string' && receiptKey(url) === receiptKey(value)
          ? []
          : [`${where}: ${JSON.stringify(url)} does not link receipt ${receiptKey(value)}`];
      }
      return differences(value, got[key], where);
    });
  }
  return Object.is(expected, actual)
    ? []
    : [`${at}: ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`];
}

/** The reply with signed receipt links reduced to their keys (for comparing two processes). */
export function withoutSignatures(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) =>
      key === 'receiptUrl' && typeof v === 'string'
        ? receiptKey(v)
        : key === 'requestId'
          ? undefined
          : v,
    ),
  );
}
