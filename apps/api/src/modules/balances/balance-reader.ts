// Balance reads (docs/api.md §5.3): group lines (plain or simplified), settled checks and the
// per-counterparty figures behind friendships and the overall summary. Reads the running
// pairwise totals, so every read costs O(people involved), never O(history). The lines are
// computed in balance-lines.ts, the per-counterparty figures read in counterparty-reader.ts,
// people in people-reader.repository.ts; all are re-exported here.
import { personNets, simplifyDebts } from '@evenly/core';
import type { Transfer } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';
import type { BalanceLineData, GroupSettings } from './balance-lines.js';
import { lineAmounts, linesOfGroups, netsByCurrency } from './balance-lines.js';
import type { PairNet, PairNetTuple } from './pair-balances.repository.js';
import { groupPairRows, pairNetOfTuple, pairNetsJson } from './pair-balances.repository.js';
import type { PersonTuple } from './people-reader.repository.js';
import { peopleByIds, peopleJson, peopleMap } from './people-reader.repository.js';

export type { Person } from '../people/index.js';
export type { BalanceLineData, GroupSettings } from './balance-lines.js';
export { linesOfGroups, netsByCurrency } from './balance-lines.js';
export type { PersonTuple } from './people-reader.repository.js';
export { peopleByIds, peopleJson, peopleMap } from './people-reader.repository.js';
export type {
  CounterpartyData,
  CounterpartyFigures,
  CounterpartyTuple,
} from './counterparty-reader.js';
export {
  COUNTERPARTY_ROWS_JSON,
  counterpartyData,
  counterpartyFigures,
  counterpartyFiguresAndHome,
  counterpartyFiguresOf,
  friendsWithData,
} from './counterparty-reader.js';

/** The caller's lines in one group whose membership was already checked (writes). */
export async function groupLines(
  db: Db,
  group: GroupSettings,
  callerId: number,
): Promise<BalanceLineData[]> {
  const pairs = await groupPairRows(db, group.id);
  const people = await peopleByIds(
    db,
    pairs.flatMap((p) => [p.userLow, p.userHigh]),
  );
  return linesOfGroups([group], pairs, people, callerId).get(group.id) ?? [];
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

/**
 * Nobody in a group owes anybody, from its non-zero pair nets: with simplified debts every person
 * nets to zero in every currency; without, every pair is settled (a circle of debts that nets to
 * zero per person is still paid pair by pair).
 */
export function everyoneSettledIn(rows: readonly PairNet[], simplified: boolean): boolean {
  if (rows.length === 0) return true;
  if (!simplified) return false;
  for (const nets of netsByCurrency(rows).values()) {
    for (const net of personNets(nets).values()) if (net !== 0) return false;
  }
  return true;
}

/** Everyone is settled in the group (required to delete it). */
export async function everyoneSettled(db: Db, group: GroupSettings): Promise<boolean> {
  return everyoneSettledIn(await groupPairRows(db, group.id), group.simplifyDebts);
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

/** GET /balances/group/{id}: the group's setting, the caller's membership, its pairs, people. */
const groupBalanceData = statement<{
  simplify: boolean;
  member: boolean;
  pairs: PairNetTuple[] | null;
  people: PersonTuple[] | null;
}>(
  'balances.group',
  `select g.simplify_debts as simplify, m.member,
          case when m.member then ${pairNetsJson('group_id = $1')} end as pairs,
          case when m.member then ${peopleJson(
            `select user_low from pair_balances where group_id = $1
             union select user_high from pair_balances where group_id = $1`,
          )} end as people
     from groups g
     cross join lateral (select exists (select 1 from group_members gm
        where gm.group_id = g.id and gm.user_id = $2 and gm.left_at is null) as member) m
    where g.id = $1`,
);

/**
 * The caller's balance lines in one group, or 'not-found' / 'not-member': one round trip.
 * `groupId` must fit the id column (callers check).
 */
export async function groupBalanceLines(
  db: Db,
  groupId: number,
  callerId: number,
): Promise<BalanceLineData[] | 'not-found' | 'not-member'> {
  const [row] = await run(db, groupBalanceData, [groupId, callerId]);
  if (row === undefined) return 'not-found';
  if (!row.member) return 'not-member';
  const lines = linesOfGroups(
    [{ id: groupId, simplifyDebts: row.simplify }],
    (row.pairs ?? []).map(pairNetOfTuple),
    peopleMap(row.people ?? []),
    callerId,
  );
  return lines.get(groupId) ?? [];
}
