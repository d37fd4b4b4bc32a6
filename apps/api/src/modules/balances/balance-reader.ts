// Balance reads (contract §5.3): group lines (plain or simplified), settled checks and the
// per-counterparty figures behind friendships and the overall summary. Reads the running
// pairwise totals, so every read costs O(people involved), never O(history).
import { groupLinesForUser, personNets, simplifyDebts } from '@evenly/core';
import type { Cents, PairwiseNets, PairKey, Transfer } from '@evenly/core';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import type { PairBalanceRow } from './pair-balances.repository.js';
import {
  groupPairRows,
  NON_GROUP_SCOPE,
  pairRowsOfGroups,
  pairRowsOfUserWithSettings,
} from './pair-balances.repository.js';

export interface Person {
  id: number;
  name: string;
  email: string;
}

export interface BalanceLineData {
  otherUser: Person;
  /** + = otherUser owes the caller. */
  netCents: number;
  currency: string;
}

export interface GroupSettings {
  id: number;
  simplifyDebts: boolean;
}

/** Pairwise nets per currency, from stored rows of one scope. */
export function netsByCurrency(rows: readonly PairBalanceRow[]): Map<string, PairwiseNets> {
  const out = new Map<string, PairwiseNets>();
  for (const r of rows) {
    let nets = out.get(r.currency);
    if (nets === undefined) {
      nets = new Map();
      out.set(r.currency, nets);
    }
    nets.set(`${r.userLow}:${r.userHigh}` as PairKey, r.netCents as Cents);
  }
  return out;
}

export async function peopleByIds(db: Db, ids: Iterable<number>): Promise<Map<number, Person>> {
  const list = [...new Set(ids)];
  const out = new Map<number, Person>();
  if (list.length === 0) return out;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, list));
  for (const r of rows) out.set(r.id, r);
  return out;
}

/** The amounts (other id → + they owe the caller) of the caller's lines in one group's nets. */
function lineAmounts(
  callerId: number,
  byCurrency: Map<string, PairwiseNets>,
  simplify: boolean,
): { otherId: number; currency: string; netCents: number }[] {
  const out: { otherId: number; currency: string; netCents: number }[] = [];
  for (const [currency, nets] of byCurrency) {
    const stubUsers = new Map<number, { id: number; name: string }>();
    for (const key of nets.keys()) {
      for (const id of key.split(':').map(Number)) stubUsers.set(id, { id, name: '' });
    }
    for (const line of groupLinesForUser(callerId, nets, stubUsers.values(), simplify)) {
      out.push({ otherId: line.otherUser.id, currency, netCents: line.netCents });
    }
  }
  return out;
}

function sortLines(lines: BalanceLineData[]): BalanceLineData[] {
  return lines.sort((a, b) => {
    const byAmount = Math.abs(b.netCents) - Math.abs(a.netCents);
    if (byAmount !== 0) return byAmount;
    const an = a.otherUser.name.toLowerCase();
    const bn = b.otherUser.name.toLowerCase();
    if (an !== bn) return an < bn ? -1 : 1;
    return (
      a.otherUser.id - b.otherUser.id ||
      (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0)
    );
  });
}

/** The caller's balance lines in a group, as GET /balances/group/{id} lists them. */
export async function groupLines(
  db: Db,
  group: GroupSettings,
  callerId: number,
): Promise<BalanceLineData[]> {
  const rows = await groupPairRows(db, group.id);
  const amounts = lineAmounts(callerId, netsByCurrency(rows), group.simplifyDebts);
  const people = await peopleByIds(
    db,
    amounts.map((a) => a.otherId),
  );
  return sortLines(
    amounts.map((a) => ({
      otherUser: people.get(a.otherId) as Person,
      netCents: a.netCents,
      currency: a.currency,
    })),
  );
}

/** Lines of the caller in several groups at once (GET /groups/my). */
export async function linesOfGroups(
  db: Db,
  groupList: readonly GroupSettings[],
  callerId: number,
): Promise<Map<number, BalanceLineData[]>> {
  const rows = await pairRowsOfGroups(
    db,
    groupList.map((g) => g.id),
  );
  const rowsByGroup = new Map<number, PairBalanceRow[]>();
  for (const r of rows) {
    const list = rowsByGroup.get(r.groupId) ?? [];
    list.push(r);
    rowsByGroup.set(r.groupId, list);
  }
  const amountsByGroup = new Map<number, ReturnType<typeof lineAmounts>>();
  const ids = new Set<number>();
  for (const g of groupList) {
    const amounts = lineAmounts(
      callerId,
      netsByCurrency(rowsByGroup.get(g.id) ?? []),
      g.simplifyDebts,
    );
    amountsByGroup.set(g.id, amounts);
    for (const a of amounts) ids.add(a.otherId);
  }
  const people = await peopleByIds(db, ids);
  const out = new Map<number, BalanceLineData[]>();
  for (const g of groupList) {
    const amounts = amountsByGroup.get(g.id) ?? [];
    out.set(
      g.id,
      sortLines(
        amounts.map((a) => ({
          otherUser: people.get(a.otherId) as Person,
          netCents: a.netCents,
          currency: a.currency,
        })),
      ),
    );
  }
  return out;
}

/** §5.5: a person is settled in a group when all their lines, as the group shows them, are zero. */
export async function isSettledInGroup(
  db: Db,
  group: GroupSettings,
  userId: number,
): Promise<boolean> {
  const rows = await groupPairRows(db, group.id);
  return lineAmounts(userId, netsByCurrency(rows), group.simplifyDebts).length === 0;
}

/** Everyone is settled in the group (required to delete it). */
export async function everyoneSettled(db: Db, group: GroupSettings): Promise<boolean> {
  const rows = await groupPairRows(db, group.id);
  if (rows.length === 0) return true;
  if (!group.simplifyDebts) return false;
  for (const nets of netsByCurrency(rows).values()) {
    for (const net of personNets(nets).values()) if (net !== 0) return false;
  }
  return true;
}

/** The debt-simplification plan of a group per currency (settle-suggestions). */
export async function groupPlan(
  db: Db,
  groupId: number,
): Promise<{ currency: string; transfers: Transfer[] }[]> {
  const rows = await groupPairRows(db, groupId);
  const out: { currency: string; transfers: Transfer[] }[] = [];
  for (const [currency, nets] of [...netsByCurrency(rows)].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const transfers = simplifyDebts(
      [...personNets(nets)].map(([userId, netCents]) => ({ userId, netCents })),
    );
    if (transfers.length > 0) out.push({ currency, transfers });
  }
  return out;
}

export interface CounterpartyFigures {
  /** currency → { net: everything, nonGroup: outside groups }; + = they owe the user. */
  byCurrency: Map<string, { net: number; nonGroup: number }>;
  /** Non-zero group lines with that person. */
  groups: { groupId: number; currency: string; netCents: number }[];
}

/**
 * For every other person the user has a non-zero figure with: group lines as each group shows
 * them (simplified where on) plus the non-group net, per currency (§5.3 "per counterparty").
 */
export async function counterpartyFigures(
  db: Db,
  userId: number,
): Promise<Map<number, CounterpartyFigures>> {
  const own = await pairRowsOfUserWithSettings(db, userId);
  const out = new Map<number, CounterpartyFigures>();
  const entry = (otherId: number): CounterpartyFigures => {
    let e = out.get(otherId);
    if (e === undefined) {
      e = { byCurrency: new Map(), groups: [] };
      out.set(otherId, e);
    }
    return e;
  };
  const add = (otherId: number, currency: string, amount: number, nonGroup: boolean) => {
    const e = entry(otherId);
    const c = e.byCurrency.get(currency) ?? { net: 0, nonGroup: 0 };
    c.net += amount;
    if (nonGroup) c.nonGroup += amount;
    e.byCurrency.set(currency, c);
  };

  // One round trip in the common case: the user's own pairs with each group's setting. Groups
  // that simplify need all their pairs (the plan depends on everyone's nets): a second query.
  const simplified = new Set<number>();
  const rowsByGroup = new Map<number, PairBalanceRow[]>();
  for (const r of own) {
    if (r.groupId === NON_GROUP_SCOPE) {
      const other = r.userLow === userId ? r.userHigh : r.userLow;
      add(other, r.currency, r.userLow === userId ? r.netCents : -r.netCents, true);
      continue;
    }
    if (r.simplifyDebts === true) {
      simplified.add(r.groupId);
      continue;
    }
    const list = rowsByGroup.get(r.groupId) ?? [];
    list.push(r);
    rowsByGroup.set(r.groupId, list);
  }
  for (const r of await pairRowsOfGroups(db, [...simplified])) {
    const list = rowsByGroup.get(r.groupId) ?? [];
    list.push(r);
    rowsByGroup.set(r.groupId, list);
  }
  for (const [groupId, rows] of rowsByGroup) {
    const amounts = lineAmounts(userId, netsByCurrency(rows), simplified.has(groupId));
    for (const a of amounts) {
      add(a.otherId, a.currency, a.netCents, false);
      entry(a.otherId).groups.push({ groupId, currency: a.currency, netCents: a.netCents });
    }
  }
  for (const e of out.values()) e.groups.sort((a, b) => a.groupId - b.groupId);
  return out;
}
