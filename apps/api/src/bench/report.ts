// The report printed at the end of `npm run bench`: the table of rows (requests/s, p50/p99 in
// ms, the ratio to hello-world), the mix by request, history growth, and the targets with their
// PASS/FAIL verdicts. Ratios are of the hello-world yardstick, the first row.
import os from 'node:os';
import { CONNECTIONS, DURATION_SECONDS, QUICK, SIZES, WARMUP_SECONDS } from './config.js';
import { fmtInt, fmtRatio, loadAverage } from './format.js';
import type { Growth } from './history-growth.js';
import { median } from './history-growth.js';
import { percentile } from './load.js';
import type { MixOutcome } from './mix.js';
import { MIX_KINDS } from './mix.js';
import type { Row } from './rows.js';
import type { SeedResult } from './seed.js';
import type { StatisticsOutcome } from './statistics-rows.js';
import { statisticsReport } from './statistics-rows.js';

export function printTable(rows: readonly Row[], base: number, floor: number): void {
  console.log(
    'route'.padEnd(54),
    'req/s'.padStart(8),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'of hello'.padStart(9),
    'of floor'.padStart(9),
    'non-2xx'.padStart(8),
    ' notes',
  );
  for (const r of rows) {
    if (r.unavailable !== null) {
      console.log(r.name.padEnd(54), r.unavailable);
      continue;
    }
    console.log(
      r.name.padEnd(54),
      fmtInt(r.rps).padStart(8),
      String(r.p50).padStart(7),
      String(r.p99).padStart(7),
      fmtRatio(r.rps / base).padStart(9),
      (floor > 0 ? fmtRatio(r.rps / floor) : '-').padStart(9),
      String(r.non2xx).padStart(8),
      ` ${r.note}`,
    );
  }
}

/** Everything the run measured and knows about itself, for the report. */
export interface ReportInput {
  /** Every row in the order measured; the first is the hello-world yardstick. */
  rows: readonly Row[];
  /** The no-repeat and search rows, which have targets of their own. */
  uniqueRows: readonly Row[];
  mix: MixOutcome;
  /** The hot reads without statistics and after ANALYZE, when that part ran. */
  statistics: StatisticsOutcome | null;
  growth: readonly Growth[];
  /** How many heavy groups history growth read (the big one included). */
  heavyGroupCount: number;
  seeded: SeedResult;
  /** PostgreSQL's version and settings (database.ts: serverSettings). */
  server: string;
  loadAtStart: string;
  warnings: readonly string[];
}

export function printReport(input: ReportInput): void {
  const { rows, uniqueRows, mix, growth, heavyGroupCount, seeded, server, loadAtStart, warnings } =
    input;
  const base = rows[0]?.rps ?? 1;
  // The one-round-trip floor (issue #36): the yardstick of every database read.
  const floorRow = rows.find((r) => r.kind === 'floor-pk' && r.unavailable === null);
  const floor = floorRow?.rps ?? 0;
  const c = seeded.counts;
  console.log(
    `\nEvenly benchmark: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s per row, ` +
      `${os.cpus().length} cores, load average ${loadAtStart} at the start, ${loadAverage()} at the end${QUICK ? ' (quick sizes)' : ''}`,
  );
  console.log(`PostgreSQL ${server}`);
  console.log(
    `Seed (${seeded.seconds.toFixed(0)} s): ${fmtInt(c.users)} users, ${fmtInt(c.groups)} groups, ` +
      `${fmtInt(c.memberships)} memberships, ${fmtInt(c.friendships)} friendships, ${fmtInt(c.expenses)} expenses ` +
      `(${fmtInt(SIZES.bigGroupExpenses)} in one group, ${SIZES.heavyGroups} × ${fmtInt(SIZES.heavyGroupExpenses)}), ` +
      `${fmtInt(c.payments)} payments, ${fmtInt(c.comments)} comments, ${fmtInt(c.activities)} activity rows\n`,
  );
  printTable(rows, base, floor);
  if (rows.some((r) => r.kind === 'floor')) {
    console.log(
      "\nFloor rows: a bare Fastify beside the server doing only part of the transactions page's work " +
        '(floor-server.ts); the route cannot be faster than its statement alone.',
    );
  }

  const mixResult = mix.result;
  if (mixResult !== null) {
    console.log(
      `\nThe mix by request (measured part, client-side timing). Of the ${fmtInt(mix.reads.sent)} reads ` +
        `sent (warm-up included), ${fmtInt(mix.reads.repeats)} repeated a (user, URL) pair sent earlier:`,
    );
    console.log(
      'request'.padEnd(54),
      'count'.padStart(8),
      'share'.padStart(7),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
      'non-2xx'.padStart(8),
    );
    const total = mixResult.kinds.reduce((s, k) => s + k.latencies.length, 0);
    mixResult.kinds.forEach((k, i) => {
      if (!mix.kinds.has(i)) return;
      const sorted = [...k.latencies].sort((a, b) => a - b);
      console.log(
        (MIX_KINDS[i] ?? '').padEnd(54),
        fmtInt(sorted.length).padStart(8),
        `${((sorted.length / Math.max(1, total)) * 100).toFixed(0)}%`.padStart(7),
        percentile(sorted, 0.5).toFixed(1).padStart(7),
        percentile(sorted, 0.99).toFixed(1).padStart(7),
        String(k.non2xx).padStart(8),
      );
    });
    for (const m of mix.missing) console.log(`  left out: ${m}`);
    for (const e of mixResult.errorSamples) console.log(`  non-2xx answer: ${e}`);
  }

  console.log(
    '\nHistory growth (each member of each group read once, one request at a time, turn about):',
  );
  const growthVerdicts: { ok: boolean; line: string }[] = [];
  for (const g of growth) {
    const errors = [...g.heavy.errors, ...g.light.errors];
    if (g.heavy.ms.length === 0 || g.light.ms.length === 0) {
      console.log(`  ${g.route}: ${errors[0] ?? 'no samples'}`);
      continue;
    }
    const h = median(g.heavy.ms);
    const l = median(g.light.ms);
    const factor = h / l;
    console.log(
      `  ${g.route}: ${heavyGroupCount} groups of ≥ ${fmtInt(SIZES.heavyGroupExpenses)} expenses ` +
        `median ${h.toFixed(2)} ms (n=${g.heavy.ms.length}) vs ${g.lightGroups} groups of ` +
        `${g.lightExpenses} median ${l.toFixed(2)} ms (n=${g.light.ms.length}): ${factor.toFixed(2)}×` +
        (errors.length > 0 ? `; ${errors.length} errors, first: ${errors[0]}` : ''),
    );
    if (g.target) {
      growthVerdicts.push({
        ok: factor <= 1.5 && errors.length === 0,
        line: `big-history balance within 1.5× of the small-history one: ${factor.toFixed(2)}×`,
      });
    }
  }

  console.log(
    `\nTargets (issue #36), as ratios to the one-round-trip floor of this run (${fmtInt(floor)} req/s):`,
  );
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const ofFloor = (r: Row) => (floor > 0 ? r.rps / floor : 0);
  const mixRow = rows.find((r) => r.kind === 'mix');
  if (mixRow !== undefined) {
    if (mixRow.unavailable === null) {
      console.log(
        `  ${verdict(ofFloor(mixRow) >= 0.25)}  the mix: ${fmtRatio(ofFloor(mixRow))} of the floor (≥ 0.25); p99 ${mixRow.p99} ms`,
      );
    } else {
      console.log(`  FAIL  the mix: ${mixRow.unavailable}`);
    }
  }
  const steady = rows.find((r) => r.kind === 'steady' && r.unavailable === null);
  if (steady !== undefined) {
    console.log(
      `  ${verdict(steady.p99 < 50 && steady.non2xx === 0)}  ${steady.name}: p99 ${steady.p99} ms (< 50 ms)`,
    );
  }
  for (const row of uniqueRows) {
    if (row.unavailable !== null) continue;
    console.log(
      `  ${verdict(ofFloor(row) >= 0.2 && row.p99 < 50)}  ${row.name}: ${fmtRatio(ofFloor(row))} of the floor (≥ 0.20), p99 ${row.p99} ms (< 50 ms)`,
    );
  }
  if (input.statistics !== null) {
    for (const v of statisticsReport(input.statistics))
      console.log(`  ${verdict(v.ok)}  without statistics: ${v.line}`);
  }
  for (const g of growthVerdicts) console.log(`  ${verdict(g.ok)}  ${g.line}`);
  const write = rows.find((r) => r.kind === 'write');
  if (write !== undefined) {
    console.log(
      write.unavailable === null
        ? `  ${verdict(write.rps >= 1000 && write.non2xx === 0)}  expense creations: ${fmtInt(write.rps)}/s (≥ 1,000/s), non-2xx ${write.non2xx}`
        : `  ----  expense creations: ${write.unavailable}`,
    );
  }
  const createFloor = rows.find((r) => r.kind === 'floor-write' && r.unavailable === null);
  if (createFloor !== undefined) {
    const through = rows.filter((r) => r.kind === 'write' && r.unavailable === null);
    const ratios = through.map((r) => fmtRatio(r.rps / createFloor.rps)).join(' / ');
    console.log(
      `  info  creations through the app: ${ratios} of the creation floor (${fmtInt(createFloor.rps)}/s, the rows alone in one statement)`,
    );
  }
  const rowsAlone = rows.find((r) => r.kind === 'pgbench' && r.unavailable === null);
  if (rowsAlone !== undefined) {
    console.log(
      `  info  a creation's rows in PostgreSQL alone (pgbench, no HTTP): ${fmtInt(rowsAlone.rps)}/s; no server in front of it can write more`,
    );
  }
  const generated = rows.filter(
    (r) => (r.kind === 'mix' || r.kind === 'unique') && r.unavailable === null,
  );
  const bad = generated.reduce((s, r) => s + r.non2xx, 0);
  console.log(
    `  ${verdict(bad === 0)}  every generated request (mix and no-repeat rows) answered 2xx: ${bad} did not`,
  );
  for (const r of rows.filter((x) => x.unavailable !== null)) {
    console.log(`  ----  ${r.name}: ${r.unavailable}`);
  }
  for (const w of warnings) console.log(`  WARNING  ${w}`);
}
