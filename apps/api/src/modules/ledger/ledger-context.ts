// Everything an expense or payment write checks against the database (§4.4 rules 4–6, §4.5 and
// the group checks), read in one round trip: the group and the caller's membership, the named
// people, the group's current members and the caller's accepted friends among the named people.
// Read after the write has taken its locks (ledger-locks.ts), so the facts hold until it commits.
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';
import type { Person, PersonTuple } from '../balances/balance-reader.js';
import { peopleMap } from '../balances/balance-reader.js';
import type { GroupRow, GroupTuple } from '../groups/membership.repository.js';
import { groupRowOf, groupTupleSql } from '../groups/membership.repository.js';

/** $1 caller, $2 group id or null, $3 the people named in the request. */
const contextStatement = statement<{
  grp: GroupTuple | null;
  member: boolean;
  people: PersonTuple[];
  members: number[];
  friends: number[];
}>(
  'ledger.context',
  `select (select ${groupTupleSql('g')} from groups g where g.id = $2) as grp,
          exists (select 1 from group_members where group_id = $2 and user_id = $1
                    and left_at is null) as member,
          coalesce((select json_agg(json_build_array(u.id, u.name, u.email)) from users u
                     where u.id = any($3::int[])), '[]') as people,
          coalesce((select json_agg(gm.user_id order by gm.join_seq) from group_members gm
                     where gm.group_id = $2 and gm.left_at is null), '[]') as members,
          coalesce((select json_agg(case when f.user_low = $1 then f.user_high else f.user_low end)
                      from friendships f
                     where f.status = 'ACCEPTED'
                       and (f.user_low, f.user_high) in
                           (select least($1, x), greatest($1, x) from unnest($3::int[]) as x)),
                   '[]') as friends`,
);

export interface LedgerContext {
  /** The group named by the request (or the entry's group), when it exists. */
  group: GroupRow | null;
  /** The caller is a current member of that group. */
  callerIsMember: boolean;
  /** The named people that exist. */
  people: Map<number, Person>;
  /** Current members of the group in joining order (empty outside groups). */
  memberIds: number[];
  /** The caller's accepted friends among the named people. */
  friendIds: Set<number>;
}

/** The context of a write by `callerId` in `groupId` (null: outside groups) naming `personIds`. */
export async function readLedgerContext(
  db: Db,
  callerId: number,
  groupId: number | null,
  personIds: readonly number[],
): Promise<LedgerContext> {
  const ids = [...new Set(personIds)];
  const [row] = await run(db, contextStatement, [callerId, groupId, ids]);
  const g = row?.grp ?? null;
  return {
    group: g === null ? null : groupRowOf(g),
    callerIsMember: row?.member ?? false,
    people: peopleMap(row?.people ?? []),
    memberIds: row?.members ?? [],
    friendIds: new Set(row?.friends ?? []),
  };
}
