// The one statement that takes a ledger write's locks (the order and why: ledger-locks.ts).
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';

const lockStatement = statement<{ groups: number; friends: number }>(
  'ledger.lock',
  `select (select count(*) from (select 1 from groups where id = any($1::int[])
             order by id for key share) g)::int as groups,
          (select count(*) from (select 1 from friendships f
             where f.status = 'ACCEPTED'
               and (f.user_low, f.user_high) in
                   (select least($2::int, x), greatest($2::int, x) from unnest($3::int[]) as x)
             order by f.user_low, f.user_high for share) f)::int as friends`,
);

/**
 * Locks the groups (FOR KEY SHARE, in id order) and the caller's accepted friendships with
 * `friendIds` (FOR SHARE, in key order). Ids must be distinct and fit the integer columns.
 */
export async function lockGroupsAndFriendships(
  tx: Db,
  groupIds: number[],
  callerId: number,
  friendIds: number[],
): Promise<void> {
  await run(tx, lockStatement, [groupIds, callerId, friendIds]);
}
