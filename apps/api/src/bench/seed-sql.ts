// How the seed runs its statements: each timed and logged with the rows it inserted, so a slow
// step of a long seed shows in the log (seconds); and row counts for the summary.
import type pg from 'pg';

/** One line of the seed's progress on stdout, marked [seed]. */
export function log(message: string): void {
  process.stdout.write(`[seed] ${message}\n`);
}

/** Runs `query`, logging its label, inserted rows and duration. */
export async function timed(
  client: pg.Client,
  label: string,
  query: string,
  params: unknown[] = [],
): Promise<pg.QueryResult> {
  const started = Date.now();
  const res = await client.query(query, params);
  const rows = res.command === 'INSERT' ? ` ${res.rowCount ?? 0} rows,` : '';
  log(`${label}:${rows} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return res;
}

/** Rows in `table` (a trusted name of the schema, never user input). */
export async function count(client: pg.Client, table: string): Promise<number> {
  const r = await client.query<{ n: string }>(`select count(*)::text as n from ${table}`);
  return Number(r.rows[0]?.n ?? 0);
}
