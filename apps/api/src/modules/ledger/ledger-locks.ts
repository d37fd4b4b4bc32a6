// Locks a ledger write takes before it checks who may take part (docs/api.md §5.6), so the checks
// still hold when it commits. Lock order, the same for every writer: group rows in id order, then
// friendship rows in key order, then (edits) the entry's own row.
// - Group rows FOR KEY SHARE: membership and settings changes lock the group FOR UPDATE, so a
//   member cannot leave, be removed, or the currency change between the check and the commit;
//   other ledger writes in the group take the same weak lock and do not wait for each other (the
//   foreign keys of expenses and payments take it anyway).
// - The caller's friendships with the people named, FOR SHARE: unfriending deletes the row and so
//   waits for the write (or the write sees it gone).
// The checks then read in a later statement of the same transaction, whose snapshot is taken
// after the locks were granted.
import type { Db } from '../../db/database.js';
import { lockGroupsAndFriendships } from './ledger-locks.repository.js';

/**
 * Locks the groups `groupIds` and the caller's friendships with `friendIds`. Ids must fit the
 * integer columns.
 */
export async function lockLedger(
  tx: Db,
  groupIds: readonly number[],
  callerId: number,
  friendIds: readonly number[],
): Promise<void> {
  const friends = [...new Set(friendIds)].filter((id) => id !== callerId);
  if (groupIds.length === 0 && friends.length === 0) return;
  await lockGroupsAndFriendships(tx, [...new Set(groupIds)], callerId, friends);
}

/**
 * The locks of a write in one scope: the group, or outside groups the caller's friendships with
 * the people named.
 */
export async function lockLedgerScope(
  tx: Db,
  groupId: number | null,
  callerId: number,
  personIds: readonly number[],
): Promise<void> {
  await lockLedger(
    tx,
    groupId === null ? [] : [groupId],
    callerId,
    groupId === null ? personIds : [],
  );
}
