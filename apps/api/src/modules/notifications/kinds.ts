// Which kind of notification (the settings' unit) an activity row is, for its recipient.
import type { NotificationKind } from '@evenly/core';

/** The columns of an activity row the mapping needs. */
export interface KindInput {
  type: string;
  description: string;
  recipientName: string;
}

/**
 * The kind of a row, or null when no notification is sent for it (group_created, member_left,
 * and types this release does not know). `member_added` rows go to every member, one per person
 * added; only the added person's own row ("Ann added Bob" to Bob) is GROUP_ADDED. The row names
 * the added person only in its description (`{actor} added {name}`, group.service.ts), so a
 * member sharing the added person's name also hears of it — a column naming the subject would
 * make this exact (see the report of issue #11).
 */
export function notificationKindOf(row: KindInput): NotificationKind | null {
  switch (row.type) {
    case 'expense_added':
    case 'expense_updated':
    case 'expense_deleted':
      return 'EXPENSE';
    case 'payment_added':
    case 'payment_updated':
    case 'payment_deleted':
      return 'PAYMENT';
    case 'comment_added':
      return 'COMMENT';
    case 'member_added':
      return row.description.endsWith(` added ${row.recipientName}`) ? 'GROUP_ADDED' : null;
    case 'friend_request':
      return 'FRIEND_REQUEST';
    case 'reminder':
      return 'REMINDER';
    default:
      return null;
  }
}
