// Balance reads (contract §5.3): group lines (plain or simplified), settled checks and the
// per-counterparty figures behind friendships and the overall summary. Reads the running
// pairwise totals, so every read costs O(people involved), never O(history).
import { groupLinesForUser, personNets, simplifyDebts } from '@evenly/core';
import type { Cents, PairwiseNets, PairKey, Transfer } from '@evenly/core';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { NON_GROUP_SCOPE } from '../../db/pair-slots.js';
import { run, statement } from '../../db/statements.js';
import type { PairNet, PairNetTuple } from './pair-balances.repository.js';
import {
  groupPairRows,
  pairNetOfTuple,
  pairNetsJson,
  pairNetsSql,
} from './pair-balances.repository.js';
import type { Person } from '../people/person.js';

export type { Person } from '../people/person.js';

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
export function netsByCurrency(rows: readonly PairNet[]): Map<string, PairwiseNets> {
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

/**
 * The caller's lines in each group from the groups' pair nets and the people they name, as
 * GET /balances/group/{id} lists them (one group) and GET /groups/my shows them (several).
 */
export function linesOfGroups(
  groupList: readonly GroupSettings[],
  pairs: readonly PairNet[],
  people: ReadonlyMap<number, Person>,
  callerId: number,
): Map<number, BalanceLineData[]> {
  const rowsByGroup = new Map<number, PairNet[]>();
  for (const r of pairs) {
    const list = rowsByGroup.get(r.groupId) ?? [];
    list.push(r);
    rowsByGroup.set(r.groupId, list);
  }
  const out = new Map<number, BalanceLineData[]>();
  for (const g of groupList) {
    const amounts = lineAmounts(
      callerId,
      netsByCurrency(rowsByGroup.get(g.id) ?? []),
      g.simplifyDebts,
    );
    out.set(
      g.id,
      sortLines(
        amounts.map((a) => ({
          otherUser: people.get(a.otherId) ?? { id: a.otherId, name: '', email: '' },
          netCents: a.netCents,
          currency: a.currency,
        })),
      ),
    );
  }
  return out;
}

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

/** People as the JSON array `[id, name, email]` (see peopleJson). */
export type PersonTuple = [number, string, string];

/**
 * SQL: the users whose ids `idsSql` selects (one column, no duplicates), as one JSON array of
 * PersonTuple (never null); one primary-key lookup per id (LIMIT 1 keeps the planner from
 * turning the lookups into a scan of every user).
 */
export function peopleJson(idsSql: string): string {
  return `coalesce((select json_agg(json_build_array(u.id, u.name, u.email))
            from (${idsSql}) as ids(id)
            cross join lateral (select u.id, u.name, u.email from users u where u.id = ids.id limit 1) u),
          '[]')`;
}

export function peopleMap(tuples: readonly PersonTuple[]): Map<number, Person> {
  return new Map(tuples.map(([id, name, email]) => [id, { id, name, email }]));
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
 * SQL: the rows behind the per-counterparty figures of user $1, as one JSON array of
 * `[groupId, currency, userLow, userHigh, net, simplified]`: the user's own non-zero pair nets
 * in every scope, except in groups that simplify debts, which give every pair of the group (the
 * plan depends on everyone's nets). The fenced LATERAL looks the user's few groups up by key:
 * as a semi join the generic plan read every simplifying group (0.26 of 0.45 ms at 3,668 groups,
 * growing with the instance).
 */
export const COUNTERPARTY_ROWS_JSON = `coalesce((
  with mine as (${pairNetsSql('user_low = $1 or user_high = $1')}),
       simplified as (select s.id from (select distinct group_id from mine) x
                       cross join lateral (select g.id from groups g
                                            where g.id = x.group_id and g.simplify_debts
                                           offset 0) s)
  select json_agg(x) from (
    select json_build_array(m.group_id, m.currency, m.user_low, m.user_high, m.net, false) as x
      from mine m where m.group_id not in (select id from simplified)
    union all
    select json_build_array(p.group_id, p.currency, p.user_low, p.user_high, p.net, true)
      from (${pairNetsSql('group_id in (select id from simplified)')}) p) t), '[]')`;

export type CounterpartyTuple = [...PairNetTuple, boolean];

/** User $1's home currency (null when none is chosen), read in the same round trip. */
const HOME_CURRENCY = `(select home_currency from users where id = $1)`;

const counterpartyRows = statement<{ rows: CounterpartyTuple[]; home: string | null }>(
  'balances.counterparty_rows',
  `select ${COUNTERPARTY_ROWS_JSON} as rows, ${HOME_CURRENCY} as home`,
);

/**
 * For every other person the user has a non-zero figure with: group lines as each group shows
 * them (simplified where on) plus the non-group net, per currency (§5.3 "per counterparty").
 */
export function counterpartyFiguresOf(
  userId: number,
  tuples: readonly CounterpartyTuple[],
): Map<number, CounterpartyFigures> {
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

  const simplified = new Set<number>();
  const rowsByGroup = new Map<number, PairNet[]>();
  for (const t of tuples) {
    const r = pairNetOfTuple([t[0], t[1], t[2], t[3], t[4]]);
    if (r.groupId === NON_GROUP_SCOPE) {
      const other = r.userLow === userId ? r.userHigh : r.userLow;
      add(other, r.currency, r.userLow === userId ? r.netCents : -r.netCents, true);
      continue;
    }
    if (t[5]) simplified.add(r.groupId);
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

/** The per-counterparty figures of one user: one round trip. */
export async function counterpartyFigures(
  db: Db,
  userId: number,
): Promise<Map<number, CounterpartyFigures>> {
  return (await counterpartyFiguresAndHome(db, userId)).figures;
}

/** The same, with the user's home currency (null when none is chosen): one round trip. */
export async function counterpartyFiguresAndHome(
  db: Db,
  userId: number,
): Promise<{ figures: Map<number, CounterpartyFigures>; home: string | null }> {
  const [row] = await run(db, counterpartyRows, [userId]);
  return { figures: counterpartyFiguresOf(userId, row?.rows ?? []), home: row?.home ?? null };
}

/** Names of the groups user $1 has pair rows in, as JSON `[[id, name], …]`. */
const PAIR_GROUP_NAMES_JSON = `coalesce((select json_agg(json_build_array(g.id, g.name)) from groups g
  where g.id in (select group_id from pair_balances where user_low = $1 or user_high = $1)), '[]')`;

export interface CounterpartyData {
  figures: Map<number, CounterpartyFigures>;
  groupNames: Map<number, string>;
}

const counterpartyWithNames = statement<{
  rows: CounterpartyTuple[];
  names: [number, string][];
}>(
  'balances.counterparty_with_names',
  `select ${COUNTERPARTY_ROWS_JSON} as rows, ${PAIR_GROUP_NAMES_JSON} as names`,
);

/** The per-counterparty figures of one user with the names of the groups behind them. */
export async function counterpartyData(db: Db, userId: number): Promise<CounterpartyData> {
  const [row] = await run(db, counterpartyWithNames, [userId]);
  return {
    figures: counterpartyFiguresOf(userId, row?.rows ?? []),
    groupNames: new Map(row?.names ?? []),
  };
}

const friendsWithFigures = statement<{
  rows: CounterpartyTuple[];
  names: [number, string][];
  friends: PersonTuple[];
  home: string | null;
}>(
  'balances.friends',
  `select ${COUNTERPARTY_ROWS_JSON} as rows, ${PAIR_GROUP_NAMES_JSON} as names,
          ${HOME_CURRENCY} as home,
          ${peopleJson(`select case when f.requester_id = $1 then f.addressee_id else f.requester_id end
                          from friendships f
                         where f.status = 'ACCEPTED' and (f.requester_id = $1 or f.addressee_id = $1)`)}
            as friends`,
);

/**
 * Every accepted friend of the user, with the per-counterparty data and the user's home
 * currency: one round trip.
 */
export async function friendsWithData(
  db: Db,
  userId: number,
): Promise<CounterpartyData & { friends: Person[]; home: string | null }> {
  const [row] = await run(db, friendsWithFigures, [userId]);
  return {
    figures: counterpartyFiguresOf(userId, row?.rows ?? []),
    groupNames: new Map(row?.names ?? []),
    friends: [...peopleMap(row?.friends ?? []).values()],
    home: row?.home ?? null,
  };
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
