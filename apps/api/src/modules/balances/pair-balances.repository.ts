// Reads of the running pairwise balances (table pair_balances; how writes keep them:
// src/db/pair-slots.ts). Scope 0 = outside groups. See the schema for the sign convention.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { pairBalances } from '../../db/schema.js';
import { run, statement } from '../../db/statements.js';

/** The net of one pair in one scope and currency (the sum over its slots), never zero. */
export interface PairNet {
  groupId: number;
  currency: string;
  userLow: number;
  userHigh: number;
  /** + = userHigh owes userLow. */
  netCents: number;
}

/**
 * SQL: the non-zero pair nets of the pair_balances rows chosen by `where`. `from` may replace the
 * table by a join whose pair_balances rows are aliased `pair_balances` (e.g. a LATERAL per group,
 * which keeps the planner on index lookups however it estimates the tables).
 */
export function pairNetsSql(where: string, from = 'pair_balances'): string {
  return `select pair_balances.group_id, pair_balances.currency, pair_balances.user_low,
                 pair_balances.user_high, sum(pair_balances.net_cents)::bigint as net
            from ${from} where ${where}
           group by pair_balances.group_id, pair_balances.currency, pair_balances.user_low,
                    pair_balances.user_high
          having sum(pair_balances.net_cents) <> 0`;
}

interface PairNetRow {
  group_id: number;
  currency: string;
  user_low: number;
  user_high: number;
  /** int8 arrives as a string on PostgreSQL. */
  net: string | number;
}

export function pairNetOf(r: PairNetRow): PairNet {
  return {
    groupId: r.group_id,
    currency: r.currency,
    userLow: r.user_low,
    userHigh: r.user_high,
    netCents: Number(r.net),
  };
}

/** A pair net as the JSON array `[groupId, currency, userLow, userHigh, net]` (see pairNetsJson). */
export type PairNetTuple = [number, string, number, number, number];

/** SQL: the pair nets of `pairNetsSql(where, from)` as one JSON array of PairNetTuple. */
export function pairNetsJson(where: string, from?: string): string {
  return `coalesce((select json_agg(json_build_array(p.group_id, p.currency, p.user_low,
            p.user_high, p.net)) from (${pairNetsSql(where, from)}) p), '[]')`;
}

export function pairNetOfTuple(t: PairNetTuple): PairNet {
  return { groupId: t[0], currency: t[1], userLow: t[2], userHigh: t[3], netCents: Number(t[4]) };
}

const pairsOfGroup = statement<PairNetRow>('pair_balances.of_group', pairNetsSql('group_id = $1'));
const pairsOfGroups = statement<PairNetRow>(
  'pair_balances.of_groups',
  pairNetsSql('group_id = any($1::int[])'),
);

/** Every non-zero pair net of one group (all currencies). */
export async function groupPairRows(db: Db, groupId: number): Promise<PairNet[]> {
  return (await run(db, pairsOfGroup, [groupId])).map(pairNetOf);
}

/** Every non-zero pair net of several groups. */
export async function pairRowsOfGroups(db: Db, groupIds: readonly number[]): Promise<PairNet[]> {
  if (groupIds.length === 0) return [];
  return (await run(db, pairsOfGroups, [[...groupIds]])).map(pairNetOf);
}

/** Drops every pair of a group (the group is being deleted while settled). */
export async function deleteGroupPairs(db: Db, groupId: number): Promise<void> {
  await db.delete(pairBalances).where(eq(pairBalances.groupId, groupId));
}
