// How an activity row reads (the activity feed and the notifications): who did what, and where
// it leads. Written in the page's language (issue #32): the server's English `description` is
// only a name (an expense's, a group's, a comment) or, for payments and members, a sentence whose
// names are read back into the translated one.
import { t } from '@lingui/core/macro';
import type { ActivityItem } from '../api/types';
import { categoryLabel } from './categories';
import { formatMoney } from './money';

type Me = { id: number; name: string };

/** "{payer} paid {recipient}" with the current user as "You"/"you" (by the sign of `myShare`). */
function paymentSentence(item: ActivityItem, me: Me): string {
  const text = item.description;
  if (item.myShare > 0 && text.startsWith(`${me.name} paid `)) {
    const recipient = text.slice(me.name.length + ' paid '.length);
    return t`You paid ${recipient}`;
  }
  if (item.myShare < 0 && text.endsWith(` paid ${me.name}`)) {
    const payer = text.slice(0, text.length - me.name.length - ' paid '.length);
    return t`${payer} paid you`;
  }
  const at = text.indexOf(' paid ');
  if (at <= 0) return text;
  const payer = text.slice(0, at);
  const recipient = text.slice(at + ' paid '.length);
  return t`${payer} paid ${recipient}`;
}

/** The server's sentences about members, read back into translated ones (unknown: as sent). */
function memberSentence(item: ActivityItem, me: Me): string {
  const text = item.description;
  const mine = item.actor?.id === me.id;
  const name = mine ? me.name : (item.actor?.name ?? '');
  if (name !== '' && text.startsWith(`${name} `)) {
    const rest = text.slice(name.length + 1);
    const added = /^added (.+)$/.exec(rest);
    if (added?.[1] !== undefined) {
      const person = added[1];
      return mine ? t`You added ${person}` : t`${name} added ${person}`;
    }
    const removed = /^removed (.+)$/.exec(rest);
    if (removed?.[1] !== undefined) {
      const person = removed[1];
      return mine ? t`You removed ${person}` : t`${name} removed ${person}`;
    }
    if (rest === 'left the group') return mine ? t`You left the group` : t`${name} left the group`;
    const joined = /^joined as (.+)$/.exec(rest);
    if (joined?.[1] !== undefined) {
      const guest = joined[1];
      return mine ? t`You joined as ${guest}` : t`${name} joined as ${guest}`;
    }
    const merged = /^merged (.+) into (.+)$/.exec(rest);
    if (merged?.[1] !== undefined && merged[2] !== undefined) {
      const guest = merged[1];
      const into = merged[2];
      return mine ? t`You merged ${guest} into ${into}` : t`${name} merged ${guest} into ${into}`;
    }
  }
  const via = / joined the group via the invite link$/.exec(text);
  if (via) {
    const person = text.slice(0, via.index);
    return t`${person} joined the group via the invite link`;
  }
  return text;
}

/** A budget alert from its amounts (amount: my share this month; myShare: the budget). */
function budgetSentence(item: ActivityItem): string {
  const category = categoryLabel(item.category);
  return item.amount !== null && item.amount >= item.myShare
    ? t`Over your ${category} budget`
    : t`80% of your ${category} budget used`;
}

export function describe(item: ActivityItem, me: Me): string {
  const actor = item.actor ? (item.actor.id === me.id ? null : item.actor.name) : t`Someone`;
  const name = item.description;
  const group = item.group?.name ?? null;
  const you = actor === null;
  const sender = actor ?? me.name;
  switch (item.type) {
    case 'expense_added':
      if (group === null) return you ? t`You added "${name}"` : t`${actor} added "${name}"`;
      return you ? t`You added "${name}" in "${group}"` : t`${actor} added "${name}" in "${group}"`;
    case 'expense_updated':
      if (group === null) return you ? t`You updated "${name}"` : t`${actor} updated "${name}"`;
      return you
        ? t`You updated "${name}" in "${group}"`
        : t`${actor} updated "${name}" in "${group}"`;
    case 'expense_deleted':
      if (group === null) return you ? t`You deleted "${name}"` : t`${actor} deleted "${name}"`;
      return you
        ? t`You deleted "${name}" in "${group}"`
        : t`${actor} deleted "${name}" in "${group}"`;
    case 'expense_restored':
      if (group === null) return you ? t`You restored "${name}"` : t`${actor} restored "${name}"`;
      return you
        ? t`You restored "${name}" in "${group}"`
        : t`${actor} restored "${name}" in "${group}"`;
    case 'group_created':
      return you ? t`You created the group "${name}"` : t`${actor} created the group "${name}"`;
    case 'payment_updated':
    case 'payment_deleted':
    case 'payment_restored':
      return paymentChange(item, actor, group);
    case 'comment_added':
      return you ? t`You commented: "${name}"` : t`${actor} commented: "${name}"`;
    case 'friend_request':
      return t`${sender} sent you a friend request`;
    case 'reminder':
      return group === null
        ? t`${sender} reminded you to settle up`
        : t`${sender} reminded you to settle up in "${group}"`;
    case 'budget_alert':
      return budgetSentence(item);
    default: {
      const sentence =
        item.type === 'payment_added' ? paymentSentence(item, me) : memberSentence(item, me);
      return group === null ? sentence : t`${sentence} in "${group}"`;
    }
  }
}

/** "{actor} updated/deleted/restored a payment: {payer} paid {recipient}", in its group. */
function paymentChange(item: ActivityItem, actor: string | null, group: string | null): string {
  const payment = item.description;
  const who = actor ?? '';
  const where = group ?? '';
  const you = actor === null;
  const inGroup = group !== null;
  switch (item.type) {
    case 'payment_updated':
      if (inGroup) {
        return you
          ? t`You updated a payment: ${payment} in "${where}"`
          : t`${who} updated a payment: ${payment} in "${where}"`;
      }
      return you ? t`You updated a payment: ${payment}` : t`${who} updated a payment: ${payment}`;
    case 'payment_deleted':
      if (inGroup) {
        return you
          ? t`You deleted a payment: ${payment} in "${where}"`
          : t`${who} deleted a payment: ${payment} in "${where}"`;
      }
      return you ? t`You deleted a payment: ${payment}` : t`${who} deleted a payment: ${payment}`;
    default:
      if (inGroup) {
        return you
          ? t`You restored a payment: ${payment} in "${where}"`
          : t`${who} restored a payment: ${payment} in "${where}"`;
      }
      return you ? t`You restored a payment: ${payment}` : t`${who} restored a payment: ${payment}`;
  }
}

/** What a budget alert's amounts say ("€85.00 of €100.00 this month"). */
export function budgetProgress(item: ActivityItem): string {
  const currency = item.currency ?? 'USD';
  const spent = formatMoney(item.amount ?? 0, currency);
  const budget = formatMoney(item.myShare, currency);
  return t`${spent} of ${budget} this month`;
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
