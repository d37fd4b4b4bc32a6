// Running pairwise balances in slots (design note: README.md in this folder). A pair's net in a
// scope (group, or 0 outside groups) and currency is the SUM of `net_cents` over its rows in
// pair_balances, one per slot (0 … PAIR_SLOTS − 1). A write adds its pairwise changes with one
// call of the database function evenly_apply_pair_deltas (migration 0002): to slot 0 when it gets
// the scope's advisory lock without waiting, otherwise to a random spill slot, so concurrent
// writers in one group do not queue behind each other's row locks; the slot-0 writer folds
// spilled rows nobody holds back into slot 0.
import { computePairwiseNets, pairOf } from '@evenly/core';
import type { Debt } from '@evenly/core';
import type { Db } from './database.js';
import { run, statement } from './statements.js';

export const NON_GROUP_SCOPE = 0;

export function scopeOf(groupId: number | null): number {
  return groupId ?? NON_GROUP_SCOPE;
}

/** Slots per pair: slot 0 plus the spill slots. */
export const PAIR_SLOTS = 64;

/** The arguments of evenly_apply_pair_deltas for one write in one scope and currency. */
export interface PairDeltaArgs {
  scope: number;
  currency: string;
  lows: number[];
  highs: number[];
  deltas: number[];
  spillSlot: number;
}

/** A spill slot drawn at random (1 … PAIR_SLOTS − 1). */
export function randomSpillSlot(): number {
  return 1 + Math.floor(Math.random() * (PAIR_SLOTS - 1));
}

/**
 * The pairwise changes of adding (`sign` = 1) or removing (`sign` = -1) the effect of `debts`,
 * in key order so concurrent writers always lock rows in the same order (no deadlocks).
 */
export function pairDeltaArgs(
  groupId: number | null,
  currency: string,
  debts: readonly Debt[],
  sign: 1 | -1,
  spillSlot: number = randomSpillSlot(),
): PairDeltaArgs {
  const rows = [...computePairwiseNets(debts)]
    .filter(([, net]) => net !== 0)
    .map(([key, net]) => {
      const [userLow, userHigh] = pairOf(key);
      return { userLow, userHigh, delta: net * sign };
    })
    .sort((a, b) => a.userLow - b.userLow || a.userHigh - b.userHigh);
  return {
    scope: scopeOf(groupId),
    currency,
    lows: rows.map((r) => r.userLow),
    highs: rows.map((r) => r.userHigh),
    deltas: rows.map((r) => r.delta),
    spillSlot,
  };
}

/** SQL: the call applying PairDeltaArgs given as the parameters $n … $n+5, in that order. */
export function applyPairDeltasSql(n: number): string {
  return `evenly_apply_pair_deltas($${n}::int, $${n + 1}, $${n + 2}::int[], $${n + 3}::int[],
            $${n + 4}::bigint[], $${n + 5}::smallint)`;
}

export function pairDeltaParams(a: PairDeltaArgs): unknown[] {
  return [a.scope, a.currency, a.lows, a.highs, a.deltas, a.spillSlot];
}

const applyPairDeltas = statement<{ slot: number }>(
  'pair_balances.apply',
  `select ${applyPairDeltasSql(1)} as slot`,
);

/** Applies one write's pair deltas (one round trip); returns the slot written, or null if none. */
export async function applyPairDeltaArgs(db: Db, args: PairDeltaArgs): Promise<number | null> {
  if (args.lows.length === 0) return null;
  const [row] = await run(db, applyPairDeltas, pairDeltaParams(args));
  return row?.slot ?? null;
}

/**
 * Adds (`sign` = 1) or removes (`sign` = -1) the effect of `debts` in one scope and currency.
 */
export async function applyDebts(
  db: Db,
  groupId: number | null,
  currency: string,
  debts: readonly Debt[],
  sign: 1 | -1,
): Promise<void> {
  await applyPairDeltaArgs(db, pairDeltaArgs(groupId, currency, debts, sign));
}
