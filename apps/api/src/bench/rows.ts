// A row of the bench's table (requests/s, p50/p99 latency in ms, non-2xx answers), measured or
// left out with the reason, and the rows that send one request over and over.
import type { LoadResult, Planned } from './load.js';
import { load, probe } from './load.js';
import type { StatementProfile } from './statement-profile.js';

export interface Row {
  name: string;
  kind:
    | 'yardstick'
    | 'floor-pk'
    | 'other'
    | 'mix'
    | 'steady'
    | 'unique'
    | 'floor'
    | 'write'
    | 'floor-write'
    /** PostgreSQL alone, driven by pgbench (pgbench-rows.ts). */
    | 'pgbench'
    | 'stats';
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  unavailable: string | null;
  note: string;
  /** PostgreSQL's statements per request (BENCH_STATEMENTS=1). */
  statements?: StatementProfile;
}

export function rowOf(name: string, kind: Row['kind'], r: LoadResult, note: string): Row {
  return {
    name,
    kind,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    non2xx: r.non2xx,
    unavailable: null,
    note,
    ...(r.statements === undefined ? {} : { statements: r.statements }),
  };
}

export function missingRow(name: string, kind: Row['kind'], why: string): Row {
  return { name, kind, rps: 0, p50: 0, p99: 0, non2xx: 0, unavailable: why, note: '' };
}

/** A row that sends the same request over and over (the yardstick, health, the write row). */
export async function fixedRow(
  name: string,
  kind: Row['kind'],
  base: string,
  p: Omit<Planned, 'kind'>,
): Promise<Row> {
  const planned: Planned = { ...p, kind: 0 };
  const why = await probe(base, planned);
  if (why !== null) return missingRow(name, kind, why);
  const r = await load(base, 1, () => planned);
  return rowOf(name, kind, r, r.errorSamples[0] ?? '');
}
