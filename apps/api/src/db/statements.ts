// Named SQL statements for the hot paths. PostgreSQL parses and plans a named statement once per
// connection and afterwards only binds and executes it, which saves most of the database's work
// for the short queries behind every request. Both drivers run them (PGlite ignores the name).
// The text is fixed: variable parts go in as parameters ($1, $2, … ; lists as arrays with
// `= any($n)`), never into the text. Timestamps and dates come back as PostgreSQL's text.
import pg from 'pg';
import type { Db } from './database.js';

export interface Statement<Row> {
  readonly name: string;
  readonly text: string;
  /** Type marker only. */
  readonly row?: Row;
}

/** Every declared statement by name (tests prepare them all; names must be unique). */
export const STATEMENTS = new Map<string, Statement<unknown>>();

/** Declares a statement; `name` must be unique in the program. */
export function statement<Row>(name: string, text: string): Statement<Row> {
  if (STATEMENTS.has(name)) throw new Error(`statement ${name} is declared twice`);
  const st: Statement<Row> = { name, text };
  STATEMENTS.set(name, st);
  return st;
}

/** A node-postgres pool or pooled client: what a database handle or a transaction runs on. */
interface PgQueryable {
  query(config: { name: string; text: string; values: unknown[]; types: unknown }): Promise<{
    rows: unknown[];
  }>;
}

/**
 * Timestamps, dates, intervals and numeric arrays as PostgreSQL's text, as drizzle returns them
 * (the statements format what they need themselves; int8 stays text as pg gives it).
 */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const textTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId)
      ? (value: string) => value
      : pg.types.getTypeParser(typeId, format ?? 'text'),
};

interface SessionInternals {
  client: unknown;
  /** drizzle's query logger (a no-op unless one was given, as tests do). */
  logger?: { logQuery(query: string, params: unknown[]): void };
}

/** The node-postgres pool or client behind `db` (null on PGlite), and its query logger. */
function pgClientOf(db: Db): { client: PgQueryable; session: SessionInternals } | null {
  const session = (db as unknown as { session: SessionInternals }).session;
  const client = session.client;
  return client instanceof pg.Pool || client instanceof pg.Client
    ? { client: client as PgQueryable, session }
    : null;
}

/** Runs a statement on the database or an open transaction; rows as objects. */
export async function run<Row>(
  db: Db,
  st: Statement<Row>,
  params: readonly unknown[],
): Promise<Row[]> {
  // On PostgreSQL straight to the driver: drizzle's prepared-query path (tracing spans, result
  // mapping that raw statements do not use) cost more than the driver itself on hot reads.
  const pgDb = pgClientOf(db);
  if (pgDb !== null) {
    pgDb.session.logger?.logQuery(st.text, params as unknown[]);
    const result = await pgDb.client.query({
      name: st.name,
      text: st.text,
      values: params as unknown[],
      types: textTypes,
    });
    return result.rows as Row[];
  }
  const prepared = db._.session.prepareQuery(
    { sql: st.text, params: params as unknown[] },
    undefined,
    st.name,
    false,
  );
  // Without field mapping both drivers answer with their raw result, `{ rows }`.
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}

/** SQL: a timestamptz column as the contract writes times (ISO 8601, UTC, milliseconds, Z). */
export function isoSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

// Lists of many rows send times and dates as numbers and lists as text, which PostgreSQL writes
// several times faster than to_char and array-to-JSON (a page of 50 expenses spent most of its
// database time there); the parsers below turn them back.

/** SQL: a timestamptz column as microseconds since the epoch (exact in a JS number until 2255). */
export function microsSql(column: string): string {
  return `(extract(epoch from ${column}) * 1000000)::int8`;
}

/** SQL: a date column as days since 1970-01-01. */
export function daysSql(column: string): string {
  return `(${column} - date '1970-01-01')`;
}

/** SQL: an array column as its elements joined by commas (nulls as empty strings). */
export function listSql(column: string): string {
  return `array_to_string(${column}, ',', '')`;
}

/** Microseconds since the epoch → ISO 8601 with milliseconds (the contract's times). */
export function isoOfMicros(us: number): string {
  return new Date(Math.floor(us / 1000)).toISOString();
}

/** Microseconds since the epoch → ISO 8601 with microseconds (page cursors keep them). */
export function isoMicrosOf(us: number): string {
  const iso = new Date(Math.floor(us / 1000)).toISOString();
  return `${iso.slice(0, 23)}${String(us % 1000).padStart(3, '0')}Z`;
}

/** Days since 1970-01-01 → YYYY-MM-DD. */
export function dateOfDays(days: number): string {
  return new Date(days * 86_400_000).toISOString().slice(0, 10);
}

/** A listSql text → numbers (amounts arrive as digits: bigint cents stay exact below 2^53). */
export function numbersOfList(text: string): number[] {
  return text === '' ? [] : text.split(',').map(Number);
}

/** A listSql text of nullable values → strings or null (values never hold commas). */
export function valuesOfList(text: string, count: number): (string | null)[] {
  if (count === 0) return [];
  return text.split(',').map((v) => (v === '' ? null : v));
}
