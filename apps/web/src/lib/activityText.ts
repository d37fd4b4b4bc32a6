// How an activity row reads (the activity feed and the notifications): who did what, and where
// it leads.
import type { ActivityItem } from '../api/types';

/**
 * Server texts name people ("{payer} paid {recipient}", "{actor} added {name}"): the current
 * user reads "You"/"you" instead, placed by the actor or by the sign of `myShare`.
 */
function personalise(item: ActivityItem, me: { id: number; name: string }): string {
  const text = item.description;
  if (item.type === 'payment_added') {
    if (item.myShare > 0 && text.startsWith(`${me.name} paid `)) {
      return `You${text.slice(me.name.length)}`;
    }
    if (item.myShare < 0 && text.endsWith(` paid ${me.name}`)) {
      return `${text.slice(0, text.length - me.name.length)}you`;
    }
    return text;
  }
  if (
    (item.type === 'member_added' || item.type === 'member_left') &&
    item.actor?.id === me.id &&
    text.startsWith(`${me.name} `)
  ) {
    return `You${text.slice(me.name.length)}`;
  }
  return text;
}

export function describe(item: ActivityItem, me: { id: number; name: string }): string {
  const myId = me.id;
  const actor = item.actor ? (item.actor.id === myId ? 'You' : item.actor.name) : 'Someone';
  const where = item.group ? ` in "${item.group.name}"` : '';
  switch (item.type) {
    case 'expense_added':
      return `${actor} added "${item.description}"${where}`;
    case 'expense_updated':
      return `${actor} updated "${item.description}"${where}`;
    case 'expense_deleted':
      return `${actor} deleted "${item.description}"${where}`;
    case 'expense_restored':
      return `${actor} restored "${item.description}"${where}`;
    case 'group_created':
      return `${actor} created the group "${item.description}"`;
    case 'payment_added':
      return `${personalise(item, me)}${where}`;
    case 'payment_updated':
      return `${actor} updated a payment: ${item.description}${where}`;
    case 'payment_deleted':
      return `${actor} deleted a payment: ${item.description}${where}`;
    case 'payment_restored':
      return `${actor} restored a payment: ${item.description}${where}`;
    case 'comment_added':
      return `${actor} commented: "${item.description}"`;
    case 'friend_request':
      return `${actor} sent you a friend request`;
    case 'reminder':
      return `${actor} reminded you to settle up${where}`;
    case 'budget_alert':
      return item.description;
    default:
      return `${personalise(item, me)}${where}`;
  }
}

/**
 * Where an item leads: a group's expense opens in its group (`?expense=` opens its details unless
 * it was deleted), other group items open the group, expenses and payments outside groups and
 * friend requests open the friends page.
 */
export function target(item: ActivityItem): string | null {
  if (item.groupId) {
    const open =
      item.expenseId !== null && item.type !== 'expense_deleted'
        ? `?expense=${item.expenseId}`
        : '';
    return `/app/group/${item.groupId}${open}`;
  }
  if (item.expenseId !== null || item.paymentId !== null) return '/app/friends';
  if (item.type === 'friend_request' || item.type === 'reminder') return '/app/friends';
  if (item.type === 'budget_alert') return '/app/reports';
  return null;
}
