// GET /groups/my in one round trip: the caller's current groups, their current members, the
// pair nets behind the caller's lines and the people those lines and the creators name.
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';
import type { Person, PersonTuple } from '../balances/index.js';
import { peopleJson, peopleMap } from '../balances/index.js';
import type { PairNet, PairNetTuple } from '../balances/index.js';
import { pairNetOfTuple, pairNetsJson } from '../balances/index.js';
import type { GroupRow, GroupTuple, MemberTuple, MemberUser } from './membership.repository.js';
import {
  groupLastActivitySql,
  groupRowOf,
  groupTupleSql,
  memberOf,
  memberTupleSql,
} from './membership.repository.js';

/**
 * Pair rows that can give the caller ($1) a line, per group of `my`: their own pairs, and in
 * groups that simplify debts every pair (the plan depends on everyone's nets). LATERAL joins
 * fenced with LIMIT / OFFSET 0 (which the planner cannot flatten) keep every step an index lookup
 * whatever the planner estimates for the tables.
 */
const LINE_PAIRS_FROM = `my cross join lateral (select * from pair_balances x where x.group_id = my.id
  and (x.user_low = $1 or x.user_high = $1 or my.simplify_debts) offset 0) pair_balances`;

const myGroups = statement<{
  groups: GroupTuple[];
  members: [number, ...MemberTuple][];
  pairs: PairNetTuple[];
  people: PersonTuple[];
  home: string | null;
}>(
  'groups.my',
  `with my as materialized (
     select g.id, g.name, g.creator_id, g.simplify_debts, g.default_currency, g.currency_mode,
            g.cover_emoji, g.cover_color,
            g.created_at,
            ${groupLastActivitySql('g')} as last_activity_at
       from group_members m
       cross join lateral (select * from groups g where g.id = m.group_id limit 1) g
      where m.user_id = $1 and m.left_at is null)
   select coalesce((select json_agg(${groupTupleSql('my')}
                      order by my.last_activity_at desc, my.id desc) from my), '[]') as groups,
          coalesce((select json_agg(json_build_array(my.id, ${memberTupleSql('u')})
                      order by my.id, gm.join_seq)
                      from my
                      cross join lateral (select gm.user_id, gm.join_seq from group_members gm
                         where gm.group_id = my.id and gm.left_at is null offset 0) gm
                      cross join lateral (select u.* from users u
                         where u.id = gm.user_id limit 1) u), '[]') as members,
          ${pairNetsJson('true', LINE_PAIRS_FROM)} as pairs,
          ${peopleJson(`select creator_id from my
                        union select pair_balances.user_low from ${LINE_PAIRS_FROM}
                        union select pair_balances.user_high from ${LINE_PAIRS_FROM}`)} as people,
          (select home_currency from users where id = $1) as home`,
);

export interface MyGroupsData {
  /** Newest activity first. */
  groups: GroupRow[];
  /** Current members of each group in joining order. */
  members: Map<number, MemberUser[]>;
  pairs: PairNet[];
  people: Map<number, Person>;
  /** The caller's home currency (null when none is chosen). */
  home: string | null;
}

export async function myGroupsData(db: Db, userId: number): Promise<MyGroupsData> {
  const [row] = await run(db, myGroups, [userId]);
  const members = new Map<number, MemberUser[]>();
  for (const [groupId, ...member] of row?.members ?? []) {
    let list = members.get(groupId);
    if (list === undefined) {
      list = [];
      members.set(groupId, list);
    }
    list.push(memberOf(member));
  }
  return {
    groups: (row?.groups ?? []).map(groupRowOf),
    members,
    pairs: (row?.pairs ?? []).map(pairNetOfTuple),
    people: peopleMap(row?.people ?? []),
    home: row?.home ?? null,
  };
}
