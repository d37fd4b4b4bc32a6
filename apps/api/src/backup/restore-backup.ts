// Restores a backup stream into an empty database (and the configured receipt storage):
// the schema at the backup's own migration level, every row and sequence in one transaction
// (foreign keys dropped while rows load and validated again when added back), the files, then
// the remaining migrations, so a backup from an earlier release comes back upgraded.
import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.js';
import { migrationJournal, runMigrations } from '../db/migrate.js';
import type { ReceiptStorage } from '../modules/receipts/storage.js';
import type { BackupHeader, BackupRecord, EndRecord } from './backup-format.js';
import { BackupError, DATA_TABLES, TargetNotEmptyError, ident } from './backup-format.js';
import { publicForeignKeys, tableExists } from './catalog.js';
import { inTransaction } from './raw-session.js';
import type { RawSession } from './raw-session.js';

/** Parameters per INSERT stay well under PostgreSQL's 65,535. */
const MAX_PARAMS = 20_000;
const MAX_ROWS = 1_000;

export interface RestoreOptions {
  /** Replace whatever the target database holds. */
  force: boolean;
  /** Where the backup's files go; null skips them (they are already in place). */
  storage: ReceiptStorage | null;
}

export interface RestoreSummary {
  rows: Record<string, number>;
  files: number;
  missingFiles: string[];
  /** Migrations applied after the data because the backup came from an earlier release. */
  upgradedBy: number;
}

/** True when the target holds people or money (a fresh or merely migrated database does not). */
export async function targetHasData(handle: DatabaseHandle): Promise<boolean> {
  return inTransaction(handle, 'write', async (session) => {
    for (const table of DATA_TABLES) {
      if (!(await tableExists(session, table))) continue;
      const [row] = await session.rows(`select exists (select 1 from public.${ident(table)})`);
      if (row?.[0] === true) return true;
    }
    return false;
  });
}

export async function restoreBackup(
  records: AsyncIterable<BackupRecord>,
  target: DatabaseHandle,
  options: RestoreOptions,
): Promise<RestoreSummary> {
  const iterator = records[Symbol.asyncIterator]();
  const next = async (): Promise<BackupRecord | null> => {
    const result = await iterator.next();
    return result.done === true ? null : result.value;
  };

  const first = await next();
  if (first?.kind !== 'header') throw new BackupError('the backup file has no header');
  const level = migrationLevel(first.value);

  if (await targetHasData(target)) {
    if (!options.force) {
      throw new TargetNotEmptyError(
        'the target database already holds data; restore into an empty one, or pass --force to replace it',
      );
    }
  }
  // Start from nothing: a database another version migrated, or one being replaced, would
  // otherwise keep tables, functions or rows the backup does not have.
  await inTransaction(target, 'write', async (session) => {
    await session.rows('drop schema if exists drizzle cascade');
    await session.rows('drop schema if exists public cascade');
    await session.rows('create schema public');
  });
  await runMigrations(target, { upTo: level });

  const summary = await inTransaction(target, 'write', async (session) => {
    const keys = await publicForeignKeys(session);
    for (const key of keys) {
      await session.rows(
        `alter table public.${ident(key.table)} drop constraint ${ident(key.name)}`,
      );
    }
    const result = await loadRecords(session, next, options.storage);
    for (const key of keys) {
      await session.rows(
        `alter table public.${ident(key.table)} add constraint ${ident(key.name)} ${key.definition}`,
      );
    }
    return result;
  });

  await runMigrations(target);
  // Planner statistics for the rows just loaded (issue #36): a restored instance meets its
  // first readers at once, and a PostgreSQL whose autovacuum is off or behind would otherwise
  // plan the hot reads on empty tables' estimates (a big group's page 16 times slower).
  await inTransaction(target, 'write', (session) => session.rows('analyze'));
  return { ...summary, upgradedBy: migrationJournal().length - level };
}

/** How many of this version's migrations the backup's schema had; refuses a newer backup. */
function migrationLevel(header: BackupHeader): number {
  const journal = migrationJournal();
  if (header.migrations.length > journal.length) {
    throw new BackupError(
      `this backup was made by a newer version of Evenly (${header.migrations.length} migrations; this version has ${journal.length}): restore it with that version or a later one`,
    );
  }
  header.migrations.forEach((m, i) => {
    if (String(journal[i]?.when) !== m.createdAt) {
      throw new BackupError(
        `the backup's migration ${i + 1} (${m.createdAt}) is not this version's (${journal[i]?.tag}): it was made by a different line of Evenly`,
      );
    }
  });
  return header.migrations.length;
}

async function loadRecords(
  session: RawSession,
  next: () => Promise<BackupRecord | null>,
  storage: ReceiptStorage | null,
): Promise<Omit<RestoreSummary, 'upgradedBy'>> {
  const rows: Record<string, number> = {};
  let table: { name: string; columns: string[] } | null = null;
  let batch: (string | null)[][] = [];
  let files = 0;
  let end: EndRecord | null = null;

  const flush = async (): Promise<void> => {
    if (table === null || batch.length === 0) return;
    const params: (string | null)[] = [];
    const tuples = batch.map((row) => {
      const start = params.length;
      params.push(...row);
      return `(${row.map((_, i) => `$${start + i + 1}`).join(', ')})`;
    });
    await session.rows(
      `insert into public.${ident(table.name)} (${table.columns.map(ident).join(', ')})
       overriding system value values ${tuples.join(', ')}`,
      params,
    );
    rows[table.name] = (rows[table.name] ?? 0) + batch.length;
    batch = [];
  };

  for (let record = await next(); record !== null; record = await next()) {
    if (end !== null) throw new BackupError('the backup file continues after its end');
    switch (record.kind) {
      case 'header':
        throw new BackupError('the backup file has two headers');
      case 'table': {
        await flush();
        if (!(await tableExists(session, record.value.table))) {
          throw new BackupError(
            `the backup has table ${record.value.table}, which this schema lacks`,
          );
        }
        table = { name: record.value.table, columns: record.value.columns };
        rows[table.name] ??= 0;
        break;
      }
      case 'row': {
        if (table === null || record.value.length !== table.columns.length) {
          throw new BackupError('the backup file has a row that fits no table (damaged?)');
        }
        batch.push(record.value);
        const perInsert = Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / table.columns.length));
        if (batch.length >= perInsert) await flush();
        break;
      }
      case 'sequences': {
        await flush();
        table = null;
        for (const s of record.value.sequences) {
          await session.rows(`select setval($1::regclass, $2::bigint, $3::boolean)`, [
            `public.${ident(s.name)}`,
            s.lastValue,
            s.isCalled,
          ]);
        }
        break;
      }
      case 'file': {
        await flush();
        table = null;
        const bytes = Buffer.from(record.value.data, 'base64');
        const sha = createHash('sha256').update(bytes).digest('hex');
        if (bytes.length !== record.value.size || sha !== record.value.sha256) {
          throw new BackupError(`file ${record.value.file} in the backup is damaged`);
        }
        if (storage !== null) await storage.put(record.value.file, bytes, record.value.contentType);
        files += 1;
        break;
      }
      case 'end':
        await flush();
        table = null;
        end = record.value;
        break;
    }
  }
  if (end === null) {
    throw new BackupError(
      'the backup file is truncated (it has no end record); nothing was restored',
    );
  }
  for (const [name, count] of Object.entries(end.rows)) {
    if ((rows[name] ?? 0) !== count) {
      throw new BackupError(
        `table ${name}: the backup says ${count} rows, ${rows[name] ?? 0} were read`,
      );
    }
  }
  if (end.files !== files) {
    throw new BackupError(`the backup says ${end.files} files, ${files} were read`);
  }
  return { rows, files, missingFiles: end.missingFiles };
}
