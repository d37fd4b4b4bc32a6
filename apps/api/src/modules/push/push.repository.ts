// Push subscription rows (table push_subscriptions): one per device, keyed by its endpoint.
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { pushSubscriptions } from '../../db/schema.js';
import { run, statement } from '../../db/statements.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/**
 * Saves a device's subscription. The endpoint identifies the device: subscribing again replaces
 * the row rather than adding one, when it is the same person (new keys), or another person
 * signed in on the same browser, who sends the same keys (its `auth` secret never leaves the
 * browser and the server). A subscription of another account with other keys is left alone:
 * undefined (the caller answers 409), so knowing someone's endpoint takes nothing over.
 */
export async function upsertSubscription(
  db: Db,
  value: NewSubscription,
): Promise<PushSubscriptionRow | undefined> {
  const rows = await db
    .insert(pushSubscriptions)
    .values(value)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      setWhere: sql`${pushSubscriptions.userId} = ${value.userId}
                 or (${pushSubscriptions.p256dh} = ${value.p256dh}
                     and ${pushSubscriptions.auth} = ${value.auth})`,
      set: {
        userId: value.userId,
        p256dh: value.p256dh,
        auth: value.auth,
        userAgent: value.userAgent,
        createdAt: sql`now()`,
        lastSuccessAt: null,
      },
    })
    .returning();
  return rows[0];
}

/** Keeps a person's newest `keep` subscriptions and deletes the rest; returns how many went. */
export async function trimSubscriptions(db: Db, userId: number, keep: number): Promise<number> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(sql`${pushSubscriptions.createdAt} desc`, sql`${pushSubscriptions.id} desc`)
    .limit(keep);
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** Deletes the caller's own subscription for `endpoint`; false when they have none there. */
export async function deleteOwnSubscription(
  db: Db,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function subscriptionsOf(db: Db, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
}

/** Which of `userIds` have at least one subscription (the index on user_id answers). */
/** Which of some users have a subscribed device: one plan for any number of them. */
const subscribedUsers = statement<{ userId: number }>(
  'push.subscribed-users',
  `select distinct user_id as "userId" from push_subscriptions where user_id = any($1::int[])`,
);

export async function usersWithSubscriptions(
  db: Db,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await run(db, subscribedUsers, [[...userIds]]);
  return new Set(rows.map((r) => r.userId));
}

/**
 * Deletes a subscription the push service no longer knows (404/410). Matched on id and keys:
 * if the device subscribed again meanwhile (same endpoint, so the same row), the row holds new
 * keys and stays.
 */
export async function deleteExpired(db: Db, row: PushSubscriptionRow): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.id, row.id),
        eq(pushSubscriptions.p256dh, row.p256dh),
        eq(pushSubscriptions.auth, row.auth),
      ),
    );
}

export async function markDelivered(db: Db, id: number, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}

/** Keeps the last failed delivery and the push service's answer, for the admin area's health. */
export async function markFailed(db: Db, id: number, at: Date, answer: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastFailureAt: at, lastFailure: answer.slice(0, 500) })
    .where(eq(pushSubscriptions.id, id));
}
