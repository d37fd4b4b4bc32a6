// What a notification says about one activity row: a title, a line of detail and where in the
// app it leads. The same text serves the e-mail, the digest line and the push notification.
import { formatMinor } from '@evenly/core';
import type { NotificationKind } from '@evenly/core';
import { budgetAlertText } from '../budgets/index.js';

/** An activity row as the notifier reads it, with the names it needs. */
export interface NotifiableRow {
  id: number;
  recipientId: number;
  recipientName: string;
  actorId: number;
  actorName: string;
  type: string;
  groupId: number | null;
  groupName: string | null;
  description: string;
  /** Minor units; null when the type has no amount. */
  amountCents: number | null;
  currency: string | null;
  /** Change of the recipient's balance in minor units (+ = gets back). */
  myShareCents: number;
  /** The person the row is about (member_added: who was added), or null. */
  subjectId: number | null;
  /** expense_* and budget_alert rows: the category (the notifier reads it; others may not). */
  category?: string | null;
}

/** One notification for one recipient, before a channel delivers it. */
export interface Note {
  userId: number;
  kind: NotificationKind;
  activityId: number;
  title: string;
  body: string;
  /** Path in the web app (channels make it absolute where needed), e.g. `/app/group/7`. */
  path: string;
}

function money(cents: number, currency: string): string {
  return `${formatMinor(Math.abs(cents), currency)} ${currency}`;
}

function quoted(text: string): string {
  return `“${text}”`;
}

export function noteFor(row: NotifiableRow, kind: NotificationKind): Note {
  const who = row.actorName;
  const where = row.groupName === null ? '' : ` in ${row.groupName}`;
  const amount =
    row.amountCents === null || row.currency === null ? '' : money(row.amountCents, row.currency);
  const share =
    row.currency === null || row.myShareCents === 0
      ? ''
      : row.myShareCents > 0
        ? ` You get back ${money(row.myShareCents, row.currency)}.`
        : ` Your share: ${money(row.myShareCents, row.currency)}.`;
  const groupPath = row.groupId === null ? '/app/activity' : `/app/group/${row.groupId}`;
  const base = { userId: row.recipientId, kind, activityId: row.id, path: groupPath };
  switch (row.type) {
    case 'expense_added':
    case 'expense_updated':
    case 'expense_deleted':
    case 'expense_restored': {
      const verb = {
        expense_added: 'added',
        expense_updated: 'edited',
        expense_deleted: 'deleted',
        expense_restored: 'restored',
      }[row.type];
      return {
        ...base,
        title: `${who} ${verb} ${quoted(row.description)}`,
        body: `${amount === '' ? 'An expense' : amount}${where}.${share}`,
      };
    }
    case 'payment_added':
    case 'payment_updated':
    case 'payment_deleted':
    case 'payment_restored': {
      const verb = {
        payment_added: 'recorded',
        payment_updated: 'edited',
        payment_deleted: 'deleted',
        payment_restored: 'restored',
      }[row.type];
      return {
        ...base,
        title: `${who} ${verb} a payment`,
        body: `${row.description}${amount === '' ? '' : `: ${amount}`}${where}.`,
      };
    }
    case 'comment_added':
      return { ...base, title: `${who} commented${where}`, body: quoted(row.description) };
    case 'member_added':
      return {
        ...base,
        title: `${who} added you to ${row.groupName ?? 'a group'}`,
        body: 'Open the group to see its expenses and balances.',
      };
    case 'friend_request':
      return {
        ...base,
        path: '/app/friends',
        title: `${who} sent you a friend request`,
        body: 'Accept it to split expenses with them.',
      };
    case 'reminder':
      return {
        ...base,
        path: row.groupId === null ? '/app/settle-up' : groupPath,
        title: `${who} reminded you to settle up`,
        body: `You owe ${who} ${amount === '' ? 'money' : amount}${where}.`,
      };
    case 'budget_alert': {
      // amount: the month's share; myShare: the budget (budgets/budget-alerts.ts).
      const text = budgetAlertText(
        row.category ?? 'general',
        row.amountCents ?? 0,
        row.myShareCents,
        row.currency ?? 'USD',
      );
      return { ...base, path: '/app/reports', ...text };
    }
    default:
      return { ...base, title: `${who}: ${row.description}`, body: '' };
  }
}
