// Activity rows (contract §4.8, §5.8): one per recipient, written in the change's transaction.
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { activities, users } from '../../db/schema.js';

export type ActivityType =
  | 'expense_added'
  | 'expense_updated'
  | 'expense_deleted'
  | 'payment_added'
  | 'payment_updated'
  | 'payment_deleted'
  | 'group_created'
  | 'member_added'
  | 'member_left'
  | 'comment_added';

export interface NewActivity {
  recipientId: number;
  type: ActivityType;
  actorId: number;
  groupId: number | null;
  groupName: string | null;
  expenseId?: number | null;
  paymentId?: number | null;
  commentId?: number | null;
  description: string;
  /** Integer cents; null when the type carries no amount. */
  amountCents: number | null;
  currency: string | null;
  /** Change of the recipient's balance in cents (+ = gets back). */
  myShareCents: number;
}

export async function insertActivities(db: Db, rows: readonly NewActivity[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(activities).values(
    rows.map((r) => ({
      ...r,
      expenseId: r.expenseId ?? null,
      paymentId: r.paymentId ?? null,
      commentId: r.commentId ?? null,
    })),
  );
}

export interface ActivityRow {
  id: number;
  type: string;
  createdAt: Date;
  actor: { id: number; name: string; email: string };
  groupId: number | null;
  groupName: string | null;
  expenseId: number | null;
  paymentId: number | null;
  commentId: number | null;
  description: string;
  amountCents: number | null;
  currency: string | null;
  myShareCents: number;
}

/** The recipient's events newest first (by id), strictly older than `beforeId` when given. */
export async function listActivities(
  db: Db,
  recipientId: number,
  limit: number,
  beforeId: number | null,
): Promise<ActivityRow[]> {
  return db
    .select({
      id: activities.id,
      type: activities.type,
      createdAt: activities.createdAt,
      actor: { id: users.id, name: users.name, email: users.email },
      groupId: activities.groupId,
      groupName: activities.groupName,
      expenseId: activities.expenseId,
      paymentId: activities.paymentId,
      commentId: activities.commentId,
      description: activities.description,
      amountCents: activities.amountCents,
      currency: activities.currency,
      myShareCents: activities.myShareCents,
    })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.actorId))
    .where(
      beforeId === null
        ? eq(activities.recipientId, recipientId)
        : and(eq(activities.recipientId, recipientId), lt(activities.id, beforeId)),
    )
    .orderBy(desc(activities.id))
    .limit(limit);
}
