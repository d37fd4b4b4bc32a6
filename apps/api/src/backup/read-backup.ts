// Reads a backup stream back into typed records, refusing anything that is not one.
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { BackupRecord } from './backup-format.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError } from './backup-format.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function classify(value: unknown, first: boolean): BackupRecord {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v === 'string')) {
      return { kind: 'row', value: value as (string | null)[] };
    }
  } else if (isObject(value)) {
    if (first) {
      if (value['format'] !== BACKUP_FORMAT) throw new BackupError('not an Evenly backup file');
      if (value['version'] !== BACKUP_FORMAT_VERSION) {
        throw new BackupError(
          `backup format version ${String(value['version'])} is not supported (this version reads ${BACKUP_FORMAT_VERSION})`,
        );
      }
      return { kind: 'header', value: value as never };
    }
    if (typeof value['table'] === 'string' && Array.isArray(value['columns'])) {
      return { kind: 'table', value: value as never };
    }
    if (Array.isArray(value['sequences'])) return { kind: 'sequences', value: value as never };
    if (typeof value['file'] === 'string' && typeof value['data'] === 'string') {
      return { kind: 'file', value: value as never };
    }
    if (value['end'] === true) return { kind: 'end', value: value as never };
  }
  throw new BackupError('the backup file holds a record it does not expect (damaged?)');
}

/** Decompresses and parses `input`; throws BackupError on a damaged or foreign file. */
export async function* readBackupRecords(input: Readable): AsyncGenerator<BackupRecord> {
  const gunzip = createGunzip();
  input.on('error', (e) => gunzip.destroy(e));
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  let first = true;
  try {
    for await (const line of lines) {
      if (line === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new BackupError('the backup file is damaged (a line is not JSON)');
      }
      yield classify(value, first);
      first = false;
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR' || code === 'ERR_PADDING_1') {
      throw new BackupError('the backup file is damaged or truncated (not valid gzip)');
    }
    throw error;
  }
  if (first) throw new BackupError('the backup file is empty');
}
