// Which kind of notification (the settings' unit) an activity row is, for its recipient.
import type { NotificationKind } from '@evenly/core';

/** The columns of an activity row the mapping needs. */
export interface KindInput {
  type: string;
  recipientId: number;
  /** The person the row is about (member_added: who was added). */
  subjectId: number | null;
}

/**
 * The kind of a row, or null when no notification is sent for it (group_created, member_left,
 * and types this release does not know). `member_added` rows go to every member, one per person
 * added; only the added person's own row (its subject is its recipient) is GROUP_ADDED.
 */
export function notificationKindOf(row: KindInput): NotificationKind | null {
  switch (row.type) {
    case 'expense_added':
    case 'expense_updated':
    case 'expense_deleted':
    case 'expense_restored':
      return 'EXPENSE';
    case 'payment_added':
    case 'payment_updated':
    case 'payment_deleted':
    case 'payment_restored':
      return 'PAYMENT';
    case 'comment_added':
      return 'COMMENT';
    case 'member_added':
      return row.subjectId === row.recipientId ? 'GROUP_ADDED' : null;
    case 'friend_request':
      return 'FRIEND_REQUEST';
    case 'reminder':
      return 'REMINDER';
    case 'budget_alert':
      return 'BUDGET';
    default:
      return null;
  }
}
