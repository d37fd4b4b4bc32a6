// Running pairwise balances (table pair_balances), changed in the same transaction as every
// expense and payment write. Scope 0 = outside groups. See the schema for the sign convention.
import { computePairwiseNets, pairOf } from '@evenly/core';
import type { Debt } from '@evenly/core';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { groups, pairBalances } from '../../db/schema.js';

export type PairBalanceRow = typeof pairBalances.$inferSelect;

export const NON_GROUP_SCOPE = 0;

export function scopeOf(groupId: number | null): number {
  return groupId ?? NON_GROUP_SCOPE;
}

/**
 * Adds (`sign` = 1) or removes (`sign` = -1) the effect of `debts` in one scope and currency.
 * Pairs are written in key order so concurrent writers lock rows in the same order.
 */
export async function applyDebts(
  db: Db,
  groupId: number | null,
  currency: string,
  debts: readonly Debt[],
  sign: 1 | -1,
): Promise<void> {
  const nets = computePairwiseNets(debts);
  if (nets.size === 0) return;
  const scope = scopeOf(groupId);
  const rows = [...nets]
    .map(([key, net]) => {
      const [userLow, userHigh] = pairOf(key);
      return { groupId: scope, currency, userLow, userHigh, netCents: net * sign };
    })
    .sort((a, b) => a.userLow - b.userLow || a.userHigh - b.userHigh);
  await db
    .insert(pairBalances)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        pairBalances.groupId,
        pairBalances.currency,
        pairBalances.userLow,
        pairBalances.userHigh,
      ],
      set: { netCents: sql`${pairBalances.netCents} + excluded.net_cents` },
    });
  await db
    .delete(pairBalances)
    .where(
      and(
        eq(pairBalances.groupId, scope),
        eq(pairBalances.currency, currency),
        eq(pairBalances.netCents, 0),
        or(
          ...rows.map((r) =>
            and(eq(pairBalances.userLow, r.userLow), eq(pairBalances.userHigh, r.userHigh)),
          ),
        ),
      ),
    );
}

/** Every non-zero pair of one group (all currencies). */
export async function groupPairRows(db: Db, groupId: number): Promise<PairBalanceRow[]> {
  return db.select().from(pairBalances).where(eq(pairBalances.groupId, groupId));
}

/** Every non-zero pair of several groups. */
export async function pairRowsOfGroups(db: Db, groupIds: number[]): Promise<PairBalanceRow[]> {
  if (groupIds.length === 0) return [];
  return db.select().from(pairBalances).where(inArray(pairBalances.groupId, groupIds));
}

/** Every non-zero pair involving one user, in every scope. */
export async function pairRowsOfUser(db: Db, userId: number): Promise<PairBalanceRow[]> {
  return db
    .select()
    .from(pairBalances)
    .where(or(eq(pairBalances.userLow, userId), eq(pairBalances.userHigh, userId)));
}

/**
 * Every non-zero pair involving one user, in every scope, with its group's `simplifyDebts`
 * setting (null outside groups): one round trip for the per-counterparty figures.
 */
export async function pairRowsOfUserWithSettings(
  db: Db,
  userId: number,
): Promise<(PairBalanceRow & { simplifyDebts: boolean | null })[]> {
  return db
    .select({
      groupId: pairBalances.groupId,
      currency: pairBalances.currency,
      userLow: pairBalances.userLow,
      userHigh: pairBalances.userHigh,
      netCents: pairBalances.netCents,
      simplifyDebts: groups.simplifyDebts,
    })
    .from(pairBalances)
    .leftJoin(groups, eq(groups.id, pairBalances.groupId))
    .where(or(eq(pairBalances.userLow, userId), eq(pairBalances.userHigh, userId)));
}

/** Drops every pair of a group (the group is being deleted while settled). */
export async function deleteGroupPairs(db: Db, groupId: number): Promise<void> {
  await db.delete(pairBalances).where(eq(pairBalances.groupId, groupId));
}
