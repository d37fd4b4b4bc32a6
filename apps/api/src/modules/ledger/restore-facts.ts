// What restoring a deleted entry checks (restore-rules.ts), read under the locks a write of it
// takes (ledger-locks.ts): the group row FOR KEY SHARE (no one leaves, no currency changes until
// the commit), or outside groups the friendships FOR SHARE of the caller and of the entry's
// creator with the people on it (unfriending waits, or the restore sees it gone).
import type { Db } from '../../db/database.js';
import { readLedgerContext } from './ledger-context.js';
import { lockLedgerScope } from './ledger-locks.js';
import type { RestoreFacts } from './restore-rules.js';

export async function readRestoreFacts(
  tx: Db,
  callerId: number,
  entry: { groupId: number | null; createdById: number },
  personIds: readonly number[],
): Promise<RestoreFacts> {
  const viaCreator = entry.groupId === null && entry.createdById !== callerId;
  await lockLedgerScope(tx, entry.groupId, callerId, personIds);
  if (viaCreator) await lockLedgerScope(tx, null, entry.createdById, personIds);
  const ctx = await readLedgerContext(tx, callerId, entry.groupId, personIds);
  const creatorFriends = viaCreator
    ? (await readLedgerContext(tx, entry.createdById, null, personIds)).friendIds
    : ctx.friendIds;
  return {
    group: ctx.group,
    memberIds: ctx.memberIds,
    names: new Map([...ctx.people].map(([id, p]) => [id, p.name])),
    callerFriends: ctx.friendIds,
    creatorFriends,
  };
}
