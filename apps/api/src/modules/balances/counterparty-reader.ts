// The per-counterparty figures behind friendships and the overall summary (docs/api.md §5.3
// "per counterparty"): with every other person, the group lines as each group shows them plus
// the non-group net, per currency. One round trip each.
import type { Db } from '../../db/database.js';
import { NON_GROUP_SCOPE } from '../../db/pair-slots.js';
import { run, statement } from '../../db/statements.js';
import type { Person } from '../people/index.js';
import { lineAmounts, netsByCurrency } from './balance-lines.js';
import type { PairNet, PairNetTuple } from './pair-balances.repository.js';
import { pairNetOfTuple, pairNetsSql } from './pair-balances.repository.js';
import type { PersonTuple } from './people-reader.repository.js';
import { peopleJson, peopleMap } from './people-reader.repository.js';

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
 * growing with the instance). Those groups' pairs are read group by group (a LATERAL by key) for
 * the same reason: as `group_id in (select …)` the planner, without statistics (after an import
 * or restore), guessed 200 simplifying groups and read all of pair_balances (issue #36).
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
      from simplified s cross join lateral (${pairNetsSql('group_id = s.id')}) p) t), '[]')`;

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

/**
 * Names of the groups user $1 has pair rows in, as JSON `[[id, name], …]`. Each group is looked
 * up by key (a fenced LATERAL): as `g.id in (select …)`, without statistics the planner guessed
 * 200 groups and hashed a read of all of them (6.4 ms at 18,565 groups; issue #36).
 */
const PAIR_GROUP_NAMES_JSON = `coalesce((select json_agg(json_build_array(g.id, g.name))
  from (select distinct group_id from pair_balances where user_low = $1 or user_high = $1) x
  cross join lateral (select g.id, g.name from groups g where g.id = x.group_id offset 0) g), '[]')`;

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
