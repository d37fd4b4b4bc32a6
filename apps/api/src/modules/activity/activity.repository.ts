// Activity rows (docs/api.md §4.8, §5.8): one per recipient, written in the change's transaction.
import type { Db } from '../../db/database.js';
import { activities } from '../../db/schema.js';
import { microsSql, run, statement } from '../../db/statements.js';
import type { PersonTuple } from '../balances/index.js';
import { peopleJson, peopleMap } from '../balances/index.js';

/**
 * The types GET /api/activity lists (docs/api.md §4.8, plus `expense_restored` and
 * `payment_restored`: a deleted entry put back, read like `…_added`); no other row reaches it.
 */
export const FEED_ACTIVITY_TYPES = [
  'expense_added',
  'expense_updated',
  'expense_deleted',
  'expense_restored',
  'payment_added',
  'payment_updated',
  'payment_deleted',
  'payment_restored',
  'group_created',
  'member_added',
  'member_left',
  'comment_added',
] as const;

/** Rows kept for the recipient's notifications only (GET /api/notifications), not the feed. */
export const NOTIFICATION_ONLY_TYPES = ['friend_request', 'reminder', 'budget_alert'] as const;

export type ActivityType =
  (typeof FEED_ACTIVITY_TYPES)[number] | (typeof NOTIFICATION_ONLY_TYPES)[number];

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
  /** The person the row is about (member_added: who was added). */
  subjectId?: number | null;
  /** expense_* and budget_alert rows: the category. */
  category?: string | null;
  /** When it happened (default: now). */
  at?: Date;
}

export async function insertActivities(db: Db, rows: readonly NewActivity[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(activities).values(
    rows.map(({ at, ...r }) => ({
      ...r,
      ...(at === undefined ? {} : { createdAt: at }),
      expenseId: r.expenseId ?? null,
      paymentId: r.paymentId ?? null,
      commentId: r.commentId ?? null,
      category: r.category ?? null,
    })),
  );
}

export interface ActivityRow {
  id: number;
  type: string;
  createdAt: Date;
  actor: { id: number; name: string; email: string | null };
  groupId: number | null;
  groupName: string | null;
  expenseId: number | null;
  paymentId: number | null;
  commentId: number | null;
  description: string;
  amountCents: number | null;
  currency: string | null;
  myShareCents: number;
  /**
   * Read as a notification: at or below users.notifications_read_through, or read_at set
   * (notifications only; the feed reads no read state and says false).
   */
  read: boolean;
  /** expense_* rows: the expense's category when recorded (null before categories existed). */
  category: string | null;
}

type ActivityTuple = [
  number | string,
  string,
  number,
  number,
  number | null,
  string | null,
  number | null,
  number | null,
  number | null,
  string,
  number | string | null,
  string | null,
  number | string,
  boolean,
  string | null,
];

/**
 * SQL literal list of the types the feed leaves out (constants, so the statement stays
 * prepared). The feed is written as "not these" rather than "one of FEED_ACTIVITY_TYPES", the
 * same rows since every row has one of the two lists' types: without statistics the planner
 * guesses 0.5 % per listed value, so "one of 12" made it expect 5 of a person's rows to match
 * and read all of them by bitmap and sort (1.1 ms for 667 rows, growing with the history),
 * where "none of 3" keeps the backward index range that stops after one page (0.09 ms).
 */
const notFeedTypesSql = NOTIFICATION_ONLY_TYPES.map((t) => `'${t}'`).join(', ');

/**
 * $1 recipient, $2 rows; after a cursor $3 the id to stay below. `which` narrows the rows: the
 * activity feed keeps the contract's types, notifications keep other people's actions. Either
 * way one backward range of the (recipient_id, id) index, the filter applied on the way.
 */
function pageSql(which: 'feed' | 'notifications', after: string): string {
  // Notifications: other people's actions, and the budget alerts the notifier records for the
  // person themselves (their own spending crossed a budget).
  const filter =
    which === 'feed'
      ? `and type not in (${notFeedTypesSql})`
      : `and (actor_id <> $1 or type = 'budget_alert')`;
  // The feed has no read state: it skips the watermark lookup (the hot read stays as it was).
  const read =
    which === 'feed'
      ? 'false'
      : 'a.read_at is not null or a.id <= coalesce((select notifications_read_through from users where id = $1), 0)';
  return `with a as materialized (select * from activities where recipient_id = $1 ${filter} ${after}
                                   order by id desc limit $2)
    select coalesce((select json_agg(json_build_array(a.id, a.type, ${microsSql('a.created_at')},
              a.actor_id, a.group_id, a.group_name, a.expense_id, a.payment_id, a.comment_id,
              a.description, a.amount_cents, a.currency, a.my_share_cents,
              ${read}, a.category)
              order by a.id desc)
              from a), '[]') as rows,
           ${peopleJson('select distinct actor_id from a')} as people`;
}

type PageResult = { rows: ActivityTuple[]; people: PersonTuple[] };

const pages = {
  feed: {
    first: statement<PageResult>('activity.first', pageSql('feed', '')),
    after: statement<PageResult>('activity.after', pageSql('feed', 'and id < $3')),
  },
  notifications: {
    first: statement<PageResult>('notifications.first', pageSql('notifications', '')),
    after: statement<PageResult>('notifications.after', pageSql('notifications', 'and id < $3')),
  },
};

async function listPage(
  db: Db,
  which: keyof typeof pages,
  recipientId: number,
  limit: number,
  beforeId: number | null,
): Promise<ActivityRow[]> {
  const [row] =
    beforeId === null
      ? await run(db, pages[which].first, [recipientId, limit])
      : await run(db, pages[which].after, [recipientId, limit, beforeId]);
  const people = peopleMap(row?.people ?? []);
  return (row?.rows ?? []).map((t) => ({
    id: Number(t[0]),
    type: t[1],
    createdAt: new Date(Math.floor(t[2] / 1000)),
    actor: people.get(t[3]) ?? { id: t[3], name: '', email: '' },
    groupId: t[4],
    groupName: t[5],
    expenseId: t[6],
    paymentId: t[7],
    commentId: t[8],
    description: t[9],
    amountCents: t[10] === null ? null : Number(t[10]),
    currency: t[11],
    myShareCents: Number(t[12]),
    read: t[13],
    category: t[14],
  }));
}

/**
 * The recipient's feed events (the contract's types) newest first (by id), strictly older than
 * `beforeId` when given.
 */
export async function listActivities(
  db: Db,
  recipientId: number,
  limit: number,
  beforeId: number | null,
): Promise<ActivityRow[]> {
  return listPage(db, 'feed', recipientId, limit, beforeId);
}

/** The recipient's notifications: their rows of other people's actions, newest first. */
export async function listNotifications(
  db: Db,
  recipientId: number,
  limit: number,
  beforeId: number | null,
): Promise<ActivityRow[]> {
  return listPage(db, 'notifications', recipientId, limit, beforeId);
}
