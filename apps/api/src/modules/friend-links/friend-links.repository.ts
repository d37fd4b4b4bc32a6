// Friend links: the token on `users`, and the pair's friendship status a preview shows.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { friendships, users } from '../../db/schema.js';

/** The user row whose link this token is, if any. */
export async function findUserByFriendLinkToken(
  db: Db,
  token: string,
): Promise<typeof users.$inferSelect | undefined> {
  const rows = await db.select().from(users).where(eq(users.friendLinkToken, token)).limit(1);
  return rows[0];
}

/** The user's token: null when they have none yet, undefined when there is no such user. */
export async function findFriendLinkToken(
  db: Db,
  userId: number,
): Promise<string | null | undefined> {
  const rows = await db
    .select({ token: users.friendLinkToken })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0]?.token;
}

/** Sets the token only when the user has none (two first calls at once set one). */
export async function setFriendLinkTokenIfNone(
  db: Db,
  userId: number,
  token: string,
): Promise<void> {
  await db
    .update(users)
    .set({ friendLinkToken: token })
    .where(and(eq(users.id, userId), isNull(users.friendLinkToken)));
}

export async function setFriendLinkToken(db: Db, userId: number, token: string): Promise<void> {
  await db.update(users).set({ friendLinkToken: token }).where(eq(users.id, userId));
}

export async function findPairStatus(
  db: Db,
  a: number,
  b: number,
): Promise<'PENDING' | 'ACCEPTED' | undefined> {
  const rows = await db
    .select({ status: friendships.status })
    .from(friendships)
    .where(and(eq(friendships.userLow, Math.min(a, b)), eq(friendships.userHigh, Math.max(a, b))))
    .limit(1);
  return rows[0]?.status;
}
