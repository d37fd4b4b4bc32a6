// Every read route once more where no (user, URL) pair repeats within the whole run: the users
// (and for group routes the (user, group) pairs) are walked in a shuffled order, so no
// per-process cache can answer — the numbers are those of the server and the database.
import { PARTS, PLAUSIBLE_RPS, READ_FILTER } from './config.js';
import { fmtInt } from './format.js';
import type { Planned } from './load.js';
import { load, probe } from './load.js';
import type { Population } from './population.js';
import { groupsOf } from './population.js';
import { prng, shuffled } from './random.js';
import { READS, routePlan } from './read-routes.js';
import type { Row } from './rows.js';
import { missingRow, rowOf } from './rows.js';

export interface Walk {
  /** The first request (the probe), then the walk continues after it. */
  first: Planned;
  next: () => Planned;
  size: number;
  /** Requests built so far, the probe included. */
  used: () => number;
}

/** Walks `items` in order: every request a (user, URL) pair of its own until the list wraps. */
export function walk(
  items: readonly (readonly [number, number])[],
  plan: (user: number, group: number) => Planned,
): Walk {
  let i = 0;
  const at = (n: number): Planned => {
    const item = items[n % items.length];
    if (item === undefined) throw new Error('empty walk');
    return plan(item[0], item[1]);
  };
  return {
    first: at(i++),
    next: () => at(i++),
    size: items.length,
    used: () => i,
  };
}

/**
 * One row per read route (those BENCH_READS selects), each walking `walkers` (or their
 * (user, group) pairs) in its own shuffled order. A walk shorter than `need` requests (what a
 * plausible rate fills in warm-up + measurement) would wrap: that goes to `warnings`, as does a
 * walk that did wrap. Returns the rows, measured or not, in the order they were reported.
 */
export async function measureNoRepeat(
  base: string,
  pop: Population,
  walkers: readonly number[],
  need: number,
  report: (row: Row) => void,
  warnings: string[],
): Promise<Row[]> {
  const uniqueRows: Row[] = [];
  for (const [k, route] of READS.entries()) {
    if (!PARTS.has('unique')) break;
    if (READ_FILTER.length > 0 && !READ_FILTER.some((f) => route.name.includes(f))) continue;
    const rand = prng(1000 + k);
    const items: (readonly [number, number])[] = route.group
      ? walkers.flatMap((u) => groupsOf(pop, u).map((g) => [u, g] as const))
      : walkers.map((u) => [u, 0] as const);
    const w = walk(shuffled(items, rand), routePlan(route, pop));
    const name = `${route.name}, no repeat`;
    const what = route.group ? '(user, group) pairs' : 'users';
    if (w.size - 1 < need) {
      warnings.push(
        `${name}: ${fmtInt(w.size)} ${what}; a run at ${fmtInt(PLAUSIBLE_RPS)} req/s needs ${fmtInt(need)}: it would wrap`,
      );
    }
    const why = await probe(base, w.first);
    if (why !== null) {
      const row = missingRow(name, 'unique', why);
      report(row);
      uniqueRows.push(row);
      continue;
    }
    const r = await load(base, 1, w.next);
    const wrapped = Math.max(0, w.used() - w.size);
    const note =
      wrapped > 0
        ? `WRAPPED: ${fmtInt(wrapped)} requests repeated a pair (${fmtInt(w.size)} ${what})`
        : `${fmtInt(w.used())} of ${fmtInt(w.size)} ${what} used${r.errorSamples[0] !== undefined ? `; ${r.errorSamples[0]}` : ''}`;
    if (wrapped > 0) warnings.push(`${name}: ${note}`);
    const row = rowOf(name, 'unique', r, note);
    report(row);
    uniqueRows.push(row);
  }
  return uniqueRows;
}
