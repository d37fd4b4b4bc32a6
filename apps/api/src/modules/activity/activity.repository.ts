// Activity rows (contract §4.8, §5.8): one per recipient, written in the change's transaction.
import type { Db } from '../../db/database.js';
import { activities } from '../../db/schema.js';
import { microsSql, run, statement } from '../../db/statements.js';
import type { PersonTuple } from '../balances/balance-reader.js';
import { peopleJson, peopleMap } from '../balances/balance-reader.js';

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
  | 'comment_added'
  // Not in the contract's feed: notifications only (issue #11), filtered out of /api/activity.
  | 'reminder';

/** The types GET /api/activity shows (contract §4.8); other rows are notifications only. */
export const FEED_TYPES: readonly ActivityType[] = [
  'expense_added',
  'expense_updated',
  'expense_deleted',
  'payment_added',
  'payment_updated',
  'payment_deleted',
  'group_created',
  'member_added',
  'member_left',
  'comment_added',
];
const feedTypesSql = FEED_TYPES.map((t) => `'${t}'`).join(', ');

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
];

/** $1 recipient, $2 rows; after a cursor $3 the id to stay below. */
function pageSql(after: string): string {
  return `with a as materialized (select * from activities where recipient_id = $1 and type in (${feedTypesSql}) ${after}
                                   order by id desc limit $2)
    select coalesce((select json_agg(json_build_array(a.id, a.type, ${microsSql('a.created_at')},
              a.actor_id, a.group_id, a.group_name, a.expense_id, a.payment_id, a.comment_id,
              a.description, a.amount_cents, a.currency, a.my_share_cents) order by a.id desc)
              from a), '[]') as rows,
           ${peopleJson('select distinct actor_id from a')} as people`;
}

const firstPage = statement<{ rows: ActivityTuple[]; people: PersonTuple[] }>(
  'activity.first',
  pageSql(''),
);
const nextPage = statement<{ rows: ActivityTuple[]; people: PersonTuple[] }>(
  'activity.after',
  pageSql('and id < $3'),
);

/**
 * The recipient's events newest first (by id), strictly older than `beforeId` when given: one
 * backward range of the (recipient_id, id) index, the actors looked up once each.
 */
export async function listActivities(
  db: Db,
  recipientId: number,
  limit: number,
  beforeId: number | null,
): Promise<ActivityRow[]> {
  const [row] =
    beforeId === null
      ? await run(db, firstPage, [recipientId, limit])
      : await run(db, nextPage, [recipientId, limit, beforeId]);
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
  }));
}
