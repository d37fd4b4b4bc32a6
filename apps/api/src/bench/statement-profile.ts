// Optional (BENCH_STATEMENTS=1): PostgreSQL's own count of the statements each row's requests ran
// and their execution time, from pg_stat_statements, reset after each row's warm-up and read when
// it ends. Counts do not depend on the machine's speed, so they compare two builds where
// throughput is lost in the noise of a shared 2-core machine (docs/benchmarks.md, 2026-12-01).
// The server must preload the extension (shared_preload_libraries = 'pg_stat_statements', then
// a restart); without it the bench says so and measures as usual.
import pg from 'pg';
import { PROFILE_STATEMENTS } from './config.js';

/** One statement's share of a row: calls and execution milliseconds per request. */
export interface StatementShare {
  query: string;
  callsPerRequest: number;
  msPerRequest: number;
}

export interface StatementProfile {
  /** Statements per request (every statement on the bench database, the floors' included). */
  perRequest: number;
  /** PostgreSQL's execution time per request, ms (planning excluded). */
  execMsPerRequest: number;
  /** The statements that took the most execution time, most first. */
  top: StatementShare[];
}

/** One pg_stat_statements row: total calls and execution ms over the measured part. */
export interface StatementTotals {
  query: string;
  calls: number;
  ms: number;
}

/** Per-request figures of a row from the statements' totals over `requests` requests. */
export function profileOf(
  totals: readonly StatementTotals[],
  requests: number,
  topCount = 5,
): StatementProfile {
  const per = (n: number) => (requests > 0 ? n / requests : 0);
  const calls = totals.reduce((s, t) => s + t.calls, 0);
  const ms = totals.reduce((s, t) => s + t.ms, 0);
  const top = [...totals]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, topCount)
    .map((t) => ({
      query: t.query.replace(/\s+/g, ' ').trim(),
      callsPerRequest: per(t.calls),
      msPerRequest: per(t.ms),
    }));
  return { perRequest: per(calls), execMsPerRequest: per(ms), top };
}

/** `3.36 statements, 1.21 ms of PostgreSQL per request` and the top statements, one per line. */
export function describeProfile(p: StatementProfile, indent = '      '): string {
  const lines = [
    `${p.perRequest.toFixed(2)} statements, ${p.execMsPerRequest.toFixed(3)} ms of PostgreSQL per request`,
    ...p.top.map(
      (t) =>
        `${t.msPerRequest.toFixed(3)} ms ${t.callsPerRequest.toFixed(3)}× ${t.query.slice(0, 90)}`,
    ),
  ];
  return lines.map((l) => indent + l).join('\n');
}

export interface StatementProfiler {
  reset(): Promise<void>;
  read(requests: number): Promise<StatementProfile>;
  close(): Promise<void>;
}

/**
 * A profiler on the bench database when BENCH_STATEMENTS=1 and the server has the extension
 * loaded; null otherwise (saying why when it was asked for).
 */
export async function openStatementProfiler(url: string): Promise<StatementProfiler | null> {
  if (!PROFILE_STATEMENTS) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select 1 from pg_stat_statements limit 1');
  } catch (error) {
    await client.end();
    console.log(`BENCH_STATEMENTS: pg_stat_statements is not available (${String(error)})`);
    return null;
  }
  // Only this database's statements, and not the profiler's own.
  const mine = `dbid = (select oid from pg_database where datname = current_database())
                and query not like '%pg_stat_statements%'`;
  return {
    async reset() {
      await client.query('select pg_stat_statements_reset()');
    },
    async read(requests) {
      const { rows } = await client.query<{ query: string; calls: string; ms: number }>(
        `select query, calls, total_exec_time as ms from pg_stat_statements where ${mine}`,
      );
      return profileOf(
        rows.map((r) => ({ query: r.query, calls: Number(r.calls), ms: r.ms })),
        requests,
      );
    },
    async close() {
      await client.end();
    },
  };
}
