// A new pending friend request is a notification for its addressee: an activity row of type
// `friend_request`, written in the request's transaction like every other activity row. It is
// not in the activity feed (GET /api/activity lists only the contract's types, §4.8).
import type { Db } from '../../db/database.js';
import { insertActivities } from '../activity/index.js';

export async function recordFriendRequest(
  tx: Db,
  requester: { id: number; name: string },
  addresseeId: number,
  at: Date,
): Promise<void> {
  await insertActivities(tx, [
    {
      recipientId: addresseeId,
      type: 'friend_request',
      actorId: requester.id,
      groupId: null,
      groupName: null,
      description: `${requester.name} sent you a friend request`,
      amountCents: null,
      currency: null,
      myShareCents: 0,
      at,
    },
  ]);
}
