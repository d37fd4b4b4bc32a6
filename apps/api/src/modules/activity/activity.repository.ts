// Activity rows (contract §4.8, §5.8): one per recipient, written in the change's transaction.
import type { Db } from '../../db/database.js';
import { activities } from '../../db/schema.js';

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
