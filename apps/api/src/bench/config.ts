// The bench's settings, read once from the environment when the run starts (run.ts documents
// what the run does). Sizes are counts of rows; durations are seconds per row.
//
// Environment: BENCH_DATABASE_URL (PostgreSQL server to create the database on; default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_QUICK=1 (small sizes, short runs: checks
// that the script works in a few minutes), BENCH_USERS, BENCH_EXPENSES,
// BENCH_BIG_GROUP_EXPENSES, BENCH_HEAVY_GROUPS, BENCH_HEAVY_GROUP_EXPENSES, BENCH_MIX_USERS
// (virtual users of the mix), BENCH_MIX_WRITES (percent of the mix that writes; default 10),
// BENCH_DURATION (measured seconds per row), BENCH_WARMUP (seconds
// of warm-up per row), BENCH_KEEP_DB=1 (keep the database), BENCH_REUSE_DB=<name> (measure a
// database kept earlier again, without seeding), BENCH_LOG_LEVEL (server log level), BENCH_READS
// (only the no-repeat rows whose route contains one of these comma-separated parts, e.g.
// `transactions,activity`), BENCH_PARTS (which parts run), BENCH_SERVER_NODE_ARGS (more node
// options for the server process), BENCH_STATEMENTS=1 (PostgreSQL's statements per request for
// every row, from pg_stat_statements: statement-profile.ts).
import type { SeedSizes } from './seed-plan.js';

export const QUICK = process.env['BENCH_QUICK'] === '1';
export const PROFILE_STATEMENTS = process.env['BENCH_STATEMENTS'] === '1';
/**
 * Which parts run (for profiling one part): fixed, mix, unique, floor, search, growth, write,
 * stats (the hot reads without statistics and after ANALYZE), pgbench (a creation's rows in
 * PostgreSQL alone, piece by piece; the servers stop first, so it runs last); default all.
 */
export const PARTS = new Set(
  (process.env['BENCH_PARTS'] ?? 'fixed,mix,unique,floor,search,growth,write,stats,pgbench')
    .split(',')
    .map((p) => p.trim()),
);
/** Only the no-repeat rows whose route contains one of these (comma-separated); default all. */
export const READ_FILTER = (process.env['BENCH_READS'] ?? '')
  .split(',')
  .map((r) => r.trim())
  .filter(Boolean);
/**
 * More node options for the server process, after those of serverProcess (a later V8 flag wins), e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` or `--max-semi-space-size=16` to compare.
 */
export const SERVER_NODE_ARGS = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '')
  .split(' ')
  .filter(Boolean);
export const envInt = (name: string, def: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
};
export const DURATION_SECONDS = envInt('BENCH_DURATION', QUICK ? 3 : 8);
export const WARMUP_SECONDS = envInt('BENCH_WARMUP', 2);
export const CONNECTIONS = 50;
/** A rate the no-repeat pools must last through (warm-up + measurement) without wrapping. */
export const PLAUSIBLE_RPS = 3_000;
/**
 * Percent of the mix's requests that write (10 by default): 70% of them expenses, 30% payments;
 * the rest is spread evenly over the six read routes.
 */
export const MIX_WRITE_PERCENT = Math.min(100, envInt('BENCH_MIX_WRITES', 10));
export const MIX_EXPENSE_PERCENT = MIX_WRITE_PERCENT * 0.7;
export const MIX_PAYMENT_PERCENT = MIX_WRITE_PERCENT * 0.3;
export const PASSWORD = 'bench-password';
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
export const JWT_TTL_SECONDS = 7 * 86_400;
export const SIZES: SeedSizes = {
  users: envInt('BENCH_USERS', QUICK ? 8_000 : 40_000),
  expenses: envInt('BENCH_EXPENSES', QUICK ? 60_000 : 1_000_000),
  bigGroupExpenses: envInt('BENCH_BIG_GROUP_EXPENSES', QUICK ? 20_000 : 200_000),
  heavyGroups: envInt('BENCH_HEAVY_GROUPS', 4),
  heavyGroupExpenses: envInt('BENCH_HEAVY_GROUP_EXPENSES', QUICK ? 2_000 : 20_000),
  smallGroupExpenses: 10,
  mediumGroupExpenses: 100,
};
export const MIX_USERS = envInt('BENCH_MIX_USERS', QUICK ? 1_000 : 2_000);
