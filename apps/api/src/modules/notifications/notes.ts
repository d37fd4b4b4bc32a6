// What a notification says about one activity row: a title, a line of detail and where in the
// app it leads. The same text serves the e-mail, the digest line and the push notification.
import type { NotificationKind } from '@evenly/core';
import { categoryName, formatMoney } from '../../i18n/index.js';
import type { Translator } from '../../i18n/index.js';
import { alertThreshold } from '../budgets/index.js';
import { NOTE_WORDS } from './note-messages.js';

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
  /** The recipient's language (users.locale; null: English). */
  recipientLocale?: string | null;
  /** When it happened. */
  at?: Date | null;
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
  /** When it happened (ISO 8601); the mails show it in the reader's time zone. */
  at?: string | undefined;
}

/** The name of a notification kind in the reader's language (settings, unsubscribe links). */
export function kindLabel(tr: Translator, kind: NotificationKind): string {
  const words = {
    GROUP_ADDED: NOTE_WORDS.kindGroupAdded,
    EXPENSE: NOTE_WORDS.kindExpense,
    PAYMENT: NOTE_WORDS.kindPayment,
    COMMENT: NOTE_WORDS.kindComment,
    FRIEND_REQUEST: NOTE_WORDS.kindFriendRequest,
    REMINDER: NOTE_WORDS.kindReminder,
    BUDGET: NOTE_WORDS.kindBudget,
  }[kind];
  return tr.t(words);
}

/** A note in `tr`'s language (the recipient's: the notifier reads users.locale with the row). */
export function noteFor(row: NotifiableRow, kind: NotificationKind, tr: Translator): Note {
  const money = (cents: number, currency: string) =>
    formatMoney(tr.locale, Math.abs(cents), currency);
  const actor = row.actorName;
  const group = row.groupName;
  const amount =
    row.amountCents === null || row.currency === null ? '' : money(row.amountCents, row.currency);
  /** "{what} in {group}." or "{what}." */
  const where = (what: string) =>
    group === null
      ? tr.t(NOTE_WORDS.sentence, { what })
      : tr.t(NOTE_WORDS.inGroup, { what, group });
  const share =
    row.currency === null || row.myShareCents === 0
      ? ''
      : row.myShareCents > 0
        ? ` ${tr.t(NOTE_WORDS.shareBack, { amount: money(row.myShareCents, row.currency) })}`
        : ` ${tr.t(NOTE_WORDS.shareYours, { amount: money(row.myShareCents, row.currency) })}`;
  const description = tr.t(NOTE_WORDS.quoted, { text: row.description });
  const groupPath = row.groupId === null ? '/app/activity' : `/app/group/${row.groupId}`;
  const base = {
    userId: row.recipientId,
    kind,
    activityId: row.id,
    path: groupPath,
    ...(row.at === null || row.at === undefined ? {} : { at: row.at.toISOString() }),
  };
  switch (row.type) {
    case 'expense_added':
    case 'expense_updated':
    case 'expense_deleted':
    case 'expense_restored': {
      const title = {
        expense_added: NOTE_WORDS.expenseAdded,
        expense_updated: NOTE_WORDS.expenseUpdated,
        expense_deleted: NOTE_WORDS.expenseDeleted,
        expense_restored: NOTE_WORDS.expenseRestored,
      }[row.type];
      return {
        ...base,
        title: tr.t(title, { actor, description }),
        body: `${where(amount === '' ? tr.t(NOTE_WORDS.anExpense) : amount)}${share}`,
      };
    }
    case 'payment_added':
    case 'payment_updated':
    case 'payment_deleted':
    case 'payment_restored': {
      const title = {
        payment_added: NOTE_WORDS.paymentAdded,
        payment_updated: NOTE_WORDS.paymentUpdated,
        payment_deleted: NOTE_WORDS.paymentDeleted,
        payment_restored: NOTE_WORDS.paymentRestored,
      }[row.type];
      return {
        ...base,
        title: tr.t(title, { actor }),
        body: where(`${row.description}${amount === '' ? '' : `: ${amount}`}`),
      };
    }
    case 'comment_added':
      return {
        ...base,
        title:
          group === null
            ? tr.t(NOTE_WORDS.commented, { actor })
            : tr.t(NOTE_WORDS.commentedIn, { actor, group }),
        body: description,
      };
    case 'member_added':
      return {
        ...base,
        title:
          group === null
            ? tr.t(NOTE_WORDS.addedToAGroup, { actor })
            : tr.t(NOTE_WORDS.addedTo, { actor, group }),
        body: tr.t(NOTE_WORDS.addedBody),
      };
    case 'friend_request':
      return {
        ...base,
        path: '/app/friends',
        title: tr.t(NOTE_WORDS.friendRequest, { actor }),
        body: tr.t(NOTE_WORDS.friendRequestBody),
      };
    case 'reminder':
      return {
        ...base,
        path: row.groupId === null ? '/app/settle-up' : groupPath,
        title: tr.t(NOTE_WORDS.reminder, { actor }),
        body:
          amount === ''
            ? tr.t(NOTE_WORDS.reminderBodyNoAmount, { actor })
            : group === null
              ? tr.t(NOTE_WORDS.reminderBody, { actor, amount })
              : tr.t(NOTE_WORDS.reminderBodyIn, { actor, amount, group }),
      };
    case 'budget_alert': {
      // amount: the month's share; myShare: the budget (budgets/budget-alerts.ts).
      const currency = row.currency ?? 'USD';
      const spentCents = row.amountCents ?? 0;
      const values = {
        category: categoryName(tr, row.category),
        spent: money(spentCents, currency),
        budget: money(row.myShareCents, currency),
        percent: new Intl.NumberFormat(tr.locale, { style: 'percent' }).format(0.8),
      };
      const over = alertThreshold(spentCents, row.myShareCents) >= 100;
      return {
        ...base,
        path: '/app/reports',
        title: tr.t(over ? NOTE_WORDS.budgetOver : NOTE_WORDS.budgetNear, values),
        body: tr.t(over ? NOTE_WORDS.budgetOverBody : NOTE_WORDS.budgetNearBody, values),
      };
    }
    default:
      return { ...base, title: `${actor}: ${row.description}`, body: '' };
  }
}
