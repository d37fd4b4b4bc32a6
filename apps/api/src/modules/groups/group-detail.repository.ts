// GET /groups/{id} in one round trip: the group, whether the caller is a current member, and
// (for a member only) its current members in joining order, its creator and its open pair nets
// (whether everyone is settled, issue #31 point 4).
import { MAX_ROW_ID } from '../../db/row-id.js';
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';
import type { PairNet, PairNetTuple, Person, PersonTuple } from '../balances/index.js';
import { pairNetOfTuple, pairNetsJson, peopleJson, peopleMap } from '../balances/index.js';
import type { GroupRow, GroupTuple, MemberTuple, MemberUser } from './membership.repository.js';
import {
  groupLastActivitySql,
  groupRowOf,
  groupTupleSql,
  memberOf,
  memberTupleSql,
} from './membership.repository.js';

const groupDetail = statement<{
  group: GroupTuple | null;
  member: boolean;
  members: MemberTuple[] | null;
  creator: PersonTuple[] | null;
  pairs: PairNetTuple[] | null;
}>(
  'groups.one',
  `with g as materialized (
     select g.*, ${groupLastActivitySql('g')} as last_activity from groups g where g.id = $1),
   m as materialized (
     select exists (select 1 from group_members where group_id = $1 and user_id = $2
                      and left_at is null) as member)
   select (select ${groupTupleSql('g', 'g.last_activity')} from g) as "group",
          (select member from m) as member,
          case when (select member from m) then
            coalesce((select json_agg(json_build_array(${memberTupleSql('u')}) order by gm.join_seq)
                        from group_members gm
                        cross join lateral (select u.* from users u
                          where u.id = gm.user_id limit 1) u
                       where gm.group_id = $1 and gm.left_at is null), '[]') end as members,
          case when (select member from m) then
            ${peopleJson('select creator_id from g')} end as creator,
          case when (select member from m) then ${pairNetsJson('group_id = $1')} end as pairs`,
);

export interface GroupDetail {
  group: GroupRow;
  /** Current members in joining order. */
  members: MemberUser[];
  /** The creator (a member or not; undefined only if the row is gone). */
  creator: Person | MemberUser | undefined;
  /** The group's non-zero pair nets, every currency. */
  pairs: PairNet[];
}

/** The group as its member `userId` sees it, or why not: 'not-found' / 'not-member'. */
export async function groupDetailFor(
  db: Db,
  groupId: number,
  userId: number,
): Promise<GroupDetail | 'not-found' | 'not-member'> {
  // Ids beyond the int4 column are well-formed but cannot exist (404, never a database error).
  if (!Number.isSafeInteger(groupId) || groupId > MAX_ROW_ID) return 'not-found';
  const [row] = await run(db, groupDetail, [groupId, userId]);
  if (row === undefined || row.group === null) return 'not-found';
  if (!row.member) return 'not-member';
  const group = groupRowOf(row.group);
  const members = (row.members ?? []).map(memberOf);
  const creator =
    members.find((m) => m.id === group.creatorId) ??
    peopleMap(row.creator ?? []).get(group.creatorId);
  return { group, members, creator, pairs: (row.pairs ?? []).map(pairNetOfTuple) };
}
