// Named SQL statements for the hot paths. PostgreSQL parses and plans a named statement once per
// connection and afterwards only binds and executes it, which saves most of the database's work
// for the short queries behind every request. Both drivers run them (PGlite ignores the name).
// The text is fixed: variable parts go in as parameters ($1, $2, … ; lists as arrays with
// `= any($n)`), never into the text. Timestamps and dates come back as PostgreSQL's text.
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

/** Runs a statement on the database or an open transaction; rows as objects. */
export async function run<Row>(
  db: Db,
  st: Statement<Row>,
  params: readonly unknown[],
): Promise<Row[]> {
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
