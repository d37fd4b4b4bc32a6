// What the REGISTRATION=invite policy (registration-policy.ts) looks up.
import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { groupInviteLinks, invitations, users } from '../../db/schema.js';

/** True when `token` is an account's friend link. */
export async function isFriendLinkToken(db: Db, token: string): Promise<boolean> {
  const friend = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.friendLinkToken, token), eq(users.kind, 'ACCOUNT')))
    .limit(1);
  return friend.length > 0;
}

/** True when `token` is a group invite link neither revoked nor expired at `now`. */
export async function isLiveGroupInviteToken(db: Db, token: string, now: Date): Promise<boolean> {
  const link = await db
    .select({ id: groupInviteLinks.id })
    .from(groupInviteLinks)
    .where(
      and(
        eq(groupInviteLinks.token, token),
        isNull(groupInviteLinks.revokedAt),
        or(isNull(groupInviteLinks.expiresAt), gt(groupInviteLinks.expiresAt, now)),
      ),
    )
    .limit(1);
  return link.length > 0;
}

export async function hasPendingInvitation(db: Db, email: string): Promise<boolean> {
  const invited = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.email, email), isNull(invitations.convertedAt)))
    .limit(1);
  return invited.length > 0;
}

/** True when a guest still in a group has this (lower-case) address. */
export async function isUnclaimedGuestAddress(db: Db, lowerEmail: string): Promise<boolean> {
  const guest = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.kind, 'GUEST'), eq(users.guestEmail, lowerEmail), isNotNull(users.guestGroupId)),
    )
    .limit(1);
  return guest.length > 0;
}
