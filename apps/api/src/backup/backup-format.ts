// The backup file: gzip-compressed newline-delimited JSON, one record per line, in this order:
//   header → for each table: its columns, then one JSON array per row (every value as
//   PostgreSQL's text form, or null) → sequences → one record per receipt file → end.
// Values travel as PostgreSQL's own text form (`col::text`) and are inserted back as text, so
// every type round-trips exactly (bigint, timestamptz with its offset, arrays, jsonb, bytea)
// without JavaScript numbers or dates in between. The end record carries the counts, so a
// truncated file is refused instead of restored in part.

export const BACKUP_FORMAT = 'evenly-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  /** The database the backup was read from. */
  source: 'postgres' | 'pglite';
  /** drizzle's record of the applied migrations, oldest first (`created_at` = journal `when`). */
  migrations: { hash: string; createdAt: string }[];
}

export interface TableRecord {
  table: string;
  columns: string[];
}

/** One row of the last table record: each column's text form, or null. */
export type RowRecord = (string | null)[];

export interface SequencesRecord {
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

export interface FileRecord {
  file: string;
  contentType: string;
  size: number;
  /** Hex SHA-256 of the bytes, checked on restore. */
  sha256: string;
  /** The bytes, base64. */
  data: string;
}

export interface EndRecord {
  end: true;
  /** Rows written per table. */
  rows: Record<string, number>;
  files: number;
  /** Files a row names but storage did not have when they were copied (see README). */
  missingFiles: string[];
}

export type BackupRecord =
  | { kind: 'header'; value: BackupHeader }
  | { kind: 'table'; value: TableRecord }
  | { kind: 'row'; value: RowRecord }
  | { kind: 'sequences'; value: SequencesRecord }
  | { kind: 'file'; value: FileRecord }
  | { kind: 'end'; value: EndRecord };

/**
 * Columns that name stored files: every key found in them is copied into the backup. Keep this
 * list in step with the schema whenever a table gains a file.
 */
export const FILE_COLUMNS: readonly { table: string; key: string; contentType: string }[] = [
  { table: 'expenses', key: 'receipt_key', contentType: 'receipt_content_type' },
];

/** Tables that hold the instance's people and money: a target with rows in them is not empty. */
export const DATA_TABLES = ['users', 'groups', 'expenses', 'payments'] as const;

export class BackupError extends Error {
  readonly code = 'BACKUP_INVALID' as const;
}

/** Refused because the target already holds data (and `--force` was not given). */
export class TargetNotEmptyError extends Error {
  readonly code = 'TARGET_NOT_EMPTY' as const;
}

/** Quotes an SQL identifier. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
