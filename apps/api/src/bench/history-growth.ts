// History growth: does a read get slower as a group's history grows? The same route in groups
// with ≥ 20,000 expenses against groups with few, each (member, group) read once, one request at
// a time, timed client-side in ms.
import { performance } from 'node:perf_hooks';
import type { Planned } from './load.js';
import { percentile, unavailable } from './load.js';
import type { Population } from './population.js';
import { authOf, membersOf } from './population.js';
import type { ReadRoute } from './read-routes.js';

export interface Sample {
  ms: number[];
  errors: string[];
}

export async function timedGet(base: string, p: Planned, into: Sample): Promise<void> {
  const started = performance.now();
  const res = await fetch(base + p.path, { headers: p.headers });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.ok) into.ms.push(ms);
  else into.errors.push(unavailable(res.status, text));
}

export interface Growth {
  route: string;
  heavy: Sample;
  light: Sample;
  /** How many light groups, and expenses in each. */
  lightGroups: number;
  lightExpenses: number;
  /** The comparison has a target (the balance read; the page one is for information). */
  target: boolean;
}

/**
 * Each (member, group) pair of the heavy groups and of the light ones read once, one request at
 * a time, heavy and light taking turns (in alternating order), so both sides see the same
 * machine whatever else runs on it.
 */
export async function historyGrowth(
  base: string,
  pop: Population,
  route: ReadRoute,
  heavyGroups: readonly number[],
  light: { groups: readonly number[]; expenses: number },
): Promise<Growth> {
  const pairs = (groups: readonly number[]) =>
    groups.flatMap((g) => membersOf(pop, g).map((u) => [u, g] as const));
  const heavyPairs = pairs(heavyGroups);
  const lightPairs = pairs(light.groups);
  const heavySample: Sample = { ms: [], errors: [] };
  const lightSample: Sample = { ms: [], errors: [] };
  const planned = ([u, g]: readonly [number, number]): Planned => ({
    kind: 0,
    method: 'GET',
    path: route.path(g),
    headers: authOf(pop, u),
  });
  for (let i = 0; i < Math.max(heavyPairs.length, lightPairs.length); i++) {
    const h = heavyPairs[i];
    const l = lightPairs[i];
    const order: [readonly [number, number] | undefined, Sample][] =
      i % 2 === 0
        ? [
            [h, heavySample],
            [l, lightSample],
          ]
        : [
            [l, lightSample],
            [h, heavySample],
          ];
    for (const [pair, into] of order)
      if (pair !== undefined) await timedGet(base, planned(pair), into);
  }
  return {
    route: route.name,
    heavy: heavySample,
    light: lightSample,
    lightGroups: light.groups.length,
    lightExpenses: light.expenses,
    target: route.path(0).startsWith('/api/balances/'),
  };
}

export const median = (ms: readonly number[]) =>
  percentile(
    [...ms].sort((a, b) => a - b),
    0.5,
  );
