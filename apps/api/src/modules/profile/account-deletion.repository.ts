// The statements of account deletion (account-deletion.ts): what it reads about the user's
// groups and friends, and what it removes or blanks.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  apiTokens,
  emailTokens,
  friendships,
  groupMembers,
  idempotencyKeys,
  invitations,
  notificationSettings,
  oidcHandoffs,
  oidcIdentities,
  payMethods,
  budgetAlerts,
  budgets,
  pushSubscriptions,
  users,
} from '../../db/schema.js';

/** Groups the user is a current member of. */
export async function currentGroupIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), isNull(groupMembers.leftAt)))
    .orderBy(groupMembers.groupId);
  return rows.map((r) => r.groupId);
}

/** Which of `ids` are accounts (not guests, not deleted users). */
export async function accountIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.kind, 'ACCOUNT')));
  return new Set(rows.map((r) => r.id));
}

/**
 * Removes the user's own rows: invitations they sent or that went to their address, notification
 * settings, push subscriptions, budgets and their alerts, e-mail links, idempotency keys, API
 * tokens, the ways to pay them.
 */
export async function deletePersonalRows(tx: Db, userId: number, email: string): Promise<void> {
  await tx
    .delete(invitations)
    .where(or(eq(invitations.inviterId, userId), eq(invitations.email, email)));
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(budgets).where(eq(budgets.userId, userId));
  await tx.delete(budgetAlerts).where(eq(budgetAlerts.userId, userId));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  // The provider link names the person (issuer + subject): erased with the account.
  await tx.delete(oidcIdentities).where(eq(oidcIdentities.userId, userId));
  await tx.delete(oidcHandoffs).where(eq(oidcHandoffs.userId, userId));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
  await tx.delete(payMethods).where(eq(payMethods.userId, userId));
}

/**
 * Turns the user row into a DELETED user named `name`: everything personal blanked, the picture
 * and token versions moved on (so cached pictures and every token stop working).
 */
export async function markUserDeleted(
  tx: Db,
  userId: number,
  name: string,
  at: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({
      kind: 'DELETED',
      name,
      email: null,
      passwordHash: null,
      avatarKey: null,
      avatarVersion: sql`${users.avatarVersion} + 1`,
      friendLinkToken: null,
      homeCurrency: null,
      locale: null,
      timeZone: null,
      emailVerifiedAt: null,
      deletedAt: at,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}

/** Every friendship row (pending or accepted) the user is in. */
export async function friendshipsOfUser(
  tx: Db,
  userId: number,
): Promise<(typeof friendships.$inferSelect)[]> {
  return tx
    .select()
    .from(friendships)
    .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)));
}

export async function deleteFriendshipRow(tx: Db, id: number): Promise<void> {
  await tx.delete(friendships).where(eq(friendships.id, id));
}
