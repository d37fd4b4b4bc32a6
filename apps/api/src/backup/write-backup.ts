// Writes a whole instance (every table of the database and every receipt file its rows name)
// as one backup stream; see backup-format.ts for the layout.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { DatabaseHandle } from '../db/database.js';
import type { ReceiptStorage } from '../modules/receipts/storage.js';
import type { BackupHeader, EndRecord, FileRecord, SequencesRecord } from './backup-format.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, FILE_COLUMNS, ident } from './backup-format.js';
import { publicSequences, publicTables, storedColumns, tableExists } from './catalog.js';
import { inTransaction } from './raw-session.js';
import type { RawSession } from './raw-session.js';

/**
 * Tables the database rebuilds itself as the others are restored, so not copied: search_words
 * and search_person_words (the words of the expenses' and comments' text, kept by triggers on
 * their inserts).
 */
const DERIVED_TABLES: ReadonlySet<string> = new Set(['search_words', 'search_person_words']);

/** Rows fetched per round trip: bounded memory whatever the table's size. */
const FETCH_ROWS = 2_000;
const CHUNK_CHARS = 64 * 1024;

export interface BackupSummary {
  rows: Record<string, number>;
  files: number;
  missingFiles: string[];
}

export async function writeBackup(
  handle: DatabaseHandle,
  storage: ReceiptStorage,
  out: Writable,
): Promise<BackupSummary> {
  const gzip = createGzip();
  const done = pipeline(gzip, out);
  // A failed destination must not leave the writer waiting for 'drain' forever.
  done.catch(() => undefined);
  // Records are gathered into chunks of about 64 KB: one zlib write per row would cost more
  // than reading the row.
  let pending = '';
  const flush = async (): Promise<void> => {
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), done]);
  };
  const write = async (record: unknown): Promise<void> => {
    pending += `${JSON.stringify(record)}\n`;
    if (pending.length >= CHUNK_CHARS) await flush();
  };

  try {
    const rows: Record<string, number> = {};
    const fileKeys = new Map<string, string>();
    // Everything the database holds is read in one snapshot; the files after it, by the keys
    // that snapshot names (a file is written before the row naming it commits, and removed only
    // after the row stopped naming it).
    await inTransaction(handle, 'snapshot', async (session) => {
      await write(await header(session, handle.kind));
      for (const table of await publicTables(session)) {
        if (DERIVED_TABLES.has(table)) continue;
        const columns = await storedColumns(session, table);
        await write({ table, columns });
        rows[table] = await copyRows(session, table, columns, write);
      }
      const sequences: SequencesRecord['sequences'] = [];
      for (const name of await publicSequences(session)) {
        const [row] = await session.rows(
          `select last_value::text, is_called from public.${ident(name)}`,
        );
        sequences.push({ name, lastValue: String(row?.[0]), isCalled: row?.[1] === true });
      }
      await write({ sequences });
      for (const column of FILE_COLUMNS) {
        if (!(await tableExists(session, column.table))) continue;
        const keys = await session.rows(
          `select distinct ${ident(column.key)}, ${ident(column.contentType)}
             from public.${ident(column.table)} where ${ident(column.key)} is not null`,
        );
        for (const [key, type] of keys) {
          fileKeys.set(String(key), type === null ? 'application/octet-stream' : String(type));
        }
      }
    });

    const missingFiles: string[] = [];
    let files = 0;
    for (const [key, contentType] of fileKeys) {
      const bytes = await storage.get(key);
      if (bytes === null) {
        missingFiles.push(key);
        continue;
      }
      const record: FileRecord = {
        file: key,
        contentType,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        data: Buffer.from(bytes).toString('base64'),
      };
      await write(record);
      files += 1;
    }
    const end: EndRecord = { end: true, rows, files, missingFiles };
    await write(end);
    await flush();
    gzip.end();
    await done;
    return { rows, files, missingFiles };
  } catch (error) {
    gzip.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

async function header(session: RawSession, kind: 'postgres' | 'pglite'): Promise<BackupHeader> {
  const migrations = await session.rows(
    `select hash, created_at::text from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    source: kind,
    migrations: migrations.map((r) => ({ hash: String(r[0]), createdAt: String(r[1]) })),
  };
}

/** Streams a table through a cursor, each value in its text form; returns the row count. */
async function copyRows(
  session: RawSession,
  table: string,
  columns: string[],
  write: (record: unknown) => Promise<void>,
): Promise<number> {
  const list = columns.map((c) => `${ident(c)}::text`).join(', ');
  await session.rows(
    `declare backup_rows no scroll cursor for select ${list} from public.${ident(table)}`,
  );
  let count = 0;
  for (;;) {
    const batch = await session.rows(`fetch forward ${FETCH_ROWS} from backup_rows`);
    for (const row of batch) await write(row);
    count += batch.length;
    if (batch.length < FETCH_ROWS) break;
  }
  await session.rows('close backup_rows');
  return count;
}
