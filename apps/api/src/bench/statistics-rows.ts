// Plans that hold without statistics (issue #36 point 1): every hot read measured on tables with
// no statistics at all, as right after an import, a restore or on a PostgreSQL whose autovacuum
// is off or behind, and again after ANALYZE, in the same run.
//
// "No statistics" is made the way a restored database has it: pg_statistic holds nothing for the
// app's tables and pg_class says they were never vacuumed or analyzed (reltuples −1), so the
// planner sizes them from their files and guesses every selectivity. The server is started again
// after each change, so no connection keeps a plan made under the other state.
//
// Two kinds of rows, each before and after ANALYZE:
// - every hot read at 50 connections (the no-repeat walkers again: their pairs repeat, which no
//   server cache answers; PostgreSQL's buffers are warm either way);
// - the first page of the big groups (200,000 and 20,000 expenses), each member's page read
//   ROUNDS times one request at a time: the median before and after must be within 1.5×.
import pg from 'pg';
import { fmtInt } from './format.js';
import type { Planned } from './load.js';
import { load, probe } from './load.js';
import type { Sample } from './history-growth.js';
import { median, timedGet } from './history-growth.js';
import type { Population } from './population.js';
import { authOf, groupsOf, membersOf } from './population.js';
import { prng, shuffled } from './random.js';
import { READS, routePlan } from './read-routes.js';
import type { Row } from './rows.js';
import { missingRow, rowOf } from './rows.js';

/** Reads of each big group's members' first page, one at a time, per state. */
const ROUNDS = 10;

/** The hot reads of this part: the mix's reads, notifications, and a search in the big group. */
function hotReads(
  bigGroupId: number,
): { name: string; group: boolean; path: (g: number) => string }[] {
  return [
    ...READS,
    { name: 'GET /api/notifications', group: false, path: () => '/api/notifications' },
    {
      name: 'GET /api/groups/{id}/search (big group, one word)',
      group: false,
      path: () => `/api/groups/${bigGroupId}/search?q=dinner&limit=20`,
    },
  ];
}

export interface StatisticsSetup {
  dbUrl: string;
  pop: Population;
  walkers: readonly number[];
  bigGroupId: number;
  heavyGroupIds: readonly number[];
  /** Starts the API server again (fresh connections, fresh plans); returns its base URL. */
  restartApi: () => Promise<string>;
}

export interface StatisticsOutcome {
  /** Per hot read: the row without statistics and the row after ANALYZE. */
  pairs: { without: Row; analyzed: Row }[];
  /** Per big group: its expenses' count label and the median page ms in both states. */
  pages: { label: string; without: Sample; analyzed: Sample }[];
}

/** Removes every statistic of the app's tables, as a restored database has none. */
async function forgetStatistics(dbUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(`delete from pg_statistic where starelid in (
      select c.oid from pg_class c where c.relnamespace = 'public'::regnamespace)`);
    await client.query(`update pg_class set reltuples = -1, relpages = 0, relallvisible = 0
      where relnamespace = 'public'::regnamespace and relkind in ('r', 'i', 'p', 'm')`);
  } finally {
    await client.end();
  }
}

async function analyze(dbUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function measureState(
  s: StatisticsSetup,
  base: string,
  state: string,
): Promise<{ rows: Row[]; pages: Sample[] }> {
  const rows: Row[] = [];
  for (const [k, route] of hotReads(s.bigGroupId).entries()) {
    const name = `${route.name}, ${state}`;
    const items = route.group
      ? s.walkers.flatMap((u) => groupsOf(s.pop, u).map((g) => [u, g] as const))
      : s.walkers.map((u) => [u, 0] as const);
    const order = shuffled(items, prng(4000 + k));
    const plan = routePlan(route, s.pop);
    let i = 0;
    const next = (): Planned => {
      const item = order[i++ % order.length] ?? [0, 0];
      return plan(item[0], item[1]);
    };
    // The search reads the big group: only its members may.
    const bigMembers = membersOf(s.pop, s.bigGroupId);
    const searchNext = (): Planned => {
      const u = bigMembers[i++ % Math.max(1, bigMembers.length)] ?? 0;
      return { kind: 0, method: 'GET', path: route.path(0), headers: authOf(s.pop, u) };
    };
    const nextOf = route.name.includes('search') ? searchNext : next;
    const why = await probe(base, nextOf());
    if (why !== null) {
      rows.push(missingRow(name, 'stats', why));
      continue;
    }
    rows.push(rowOf(name, 'stats', await load(base, 1, nextOf), ''));
  }
  const pages: Sample[] = [];
  for (const g of [s.bigGroupId, ...s.heavyGroupIds.slice(0, 1)]) {
    const sample: Sample = { ms: [], errors: [] };
    const members = membersOf(s.pop, g);
    for (let round = 0; round < ROUNDS; round++) {
      for (const u of members) {
        await timedGet(
          base,
          {
            kind: 0,
            method: 'GET',
            path: `/api/groups/${g}/transactions?limit=50`,
            headers: authOf(s.pop, u),
          },
          sample,
        );
      }
    }
    pages.push(sample);
  }
  return { rows, pages };
}

/**
 * Forgets the statistics, restarts the server, measures; ANALYZE, restarts, measures again.
 * Leaves the database analyzed and the server running (on the base `restartApi` last returned).
 */
export async function measureStatistics(
  s: StatisticsSetup,
  report: (row: Row) => void,
): Promise<StatisticsOutcome> {
  await forgetStatistics(s.dbUrl);
  const without = await measureState(s, await s.restartApi(), 'no statistics');
  await analyze(s.dbUrl);
  const analyzed = await measureState(s, await s.restartApi(), 'after ANALYZE');
  const pairs = without.rows.map((w, i) => {
    const a = analyzed.rows[i] ?? missingRow(w.name, 'stats', 'not measured');
    return { without: w, analyzed: a };
  });
  for (const p of pairs) {
    report(p.without);
    report(p.analyzed);
  }
  const labels = ['the 200,000-expense group', 'a 20,000-expense group'];
  const pages = without.pages.map((w, i) => ({
    label: labels[i] ?? `group ${i}`,
    without: w,
    analyzed: analyzed.pages[i] ?? { ms: [], errors: ['not measured'] },
  }));
  return { pairs, pages };
}

/** The part's lines of the report, and its verdicts (within 1.5× both ways). */
export function statisticsReport(o: StatisticsOutcome): { ok: boolean; line: string }[] {
  const verdicts: { ok: boolean; line: string }[] = [];
  for (const { without, analyzed } of o.pairs) {
    if (without.unavailable !== null || analyzed.unavailable !== null) continue;
    const factor = analyzed.rps / Math.max(1, without.rps);
    // A row that answered nothing in its time (every request slower than the row) proves nothing.
    const answered = without.rps > 0 && analyzed.rps > 0;
    verdicts.push({
      ok: answered && factor <= 1.5 && without.non2xx === 0,
      line: `${without.name.replace(/, no statistics$/, '')}: ${fmtInt(without.rps)} req/s without statistics, ${fmtInt(analyzed.rps)} after ANALYZE (${factor.toFixed(2)}×, ≤ 1.5×)`,
    });
  }
  for (const p of o.pages) {
    if (p.without.ms.length === 0 || p.analyzed.ms.length === 0) {
      verdicts.push({
        ok: false,
        line: `first page of ${p.label}: ${p.without.errors[0] ?? p.analyzed.errors[0] ?? 'no samples'}`,
      });
      continue;
    }
    const w = median(p.without.ms);
    const a = median(p.analyzed.ms);
    const factor = Math.max(w, a) / Math.max(0.001, Math.min(w, a));
    verdicts.push({
      ok: factor <= 1.5 && p.without.errors.length === 0,
      line: `first page of ${p.label}, one request at a time: median ${w.toFixed(2)} ms without statistics (n=${p.without.ms.length}), ${a.toFixed(2)} ms after ANALYZE (n=${p.analyzed.ms.length}): ${factor.toFixed(2)}× (≤ 1.5×)`,
    });
  }
  return verdicts;
}
