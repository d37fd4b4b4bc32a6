// Records one change in the writing transaction, in one round trip (§5.8, §5.9): an activity row
// per recipient (with that recipient's myShare), the group's lastActivityAt, and the change
// notification (delivered on commit; see change-notifier.ts).
//
// lastActivityAt is moved forward only when no other transaction is touching the group at the
// same moment (SKIP LOCKED): under concurrent writes to one group the row lock on `groups` would
// otherwise queue every writer behind the others' commits, and the concurrent writer that holds
// it is setting the same moment anyway.
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';
import { noteChange } from '../../db/transaction.js';
import type { Change } from '../events/change-notifier.js';
import { CHANGES_CHANNEL, notificationPayloads } from '../events/change-notifier.js';
import type { ActivityType } from './activity.repository.js';

export interface ChangeRecord {
  type: ActivityType;
  actorId: number;
  group: { id: number; name: string } | null;
  expenseId?: number | null;
  paymentId?: number | null;
  commentId?: number | null;
  description: string;
  /** Integer cents; null when the type carries no amount. */
  amountCents: number | null;
  currency: string | null;
  /** Who receives the activity and the notification. */
  recipients: readonly number[];
  /** Change of each recipient's balance in cents (+ = gets back). */
  myShare: (recipientId: number) => number;
  notification: Omit<Change, 'recipients'>;
  at?: Date;
}

const recordChangeStatement = statement<{ notified: number }>(
  'changes.record',
  `with act as (
     insert into activities (recipient_id, type, actor_id, group_id, group_name, expense_id,
                             payment_id, comment_id, description, amount_cents, currency,
                             my_share_cents, created_at)
     select r.recipient, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, r.share, $13
       from unnest($1::int[], $2::bigint[]) as r(recipient, share)
     returning 1),
   touched as (
     update groups set last_activity_at = greatest(last_activity_at, $13)
      where id = (select id from groups where id = $5 for no key update skip locked)
     returning 1)
   select (select count(*) from act)::int
        + (select count(*) from touched)::int
        + (select count(*) from (select pg_notify('${CHANGES_CHANNEL}', p)
                                   from unnest($14::text[]) as p) n)::int as notified`,
);

export async function recordChange(tx: Db, c: ChangeRecord): Promise<void> {
  const at = c.at ?? new Date();
  const recipients = [...new Set(c.recipients)];
  await run(tx, recordChangeStatement, [
    recipients,
    recipients.map((r) => c.myShare(r)),
    c.type,
    c.actorId,
    c.group?.id ?? null,
    c.group?.name ?? null,
    c.expenseId ?? null,
    c.paymentId ?? null,
    c.commentId ?? null,
    c.description,
    c.amountCents,
    c.currency,
    at.toISOString(),
    notificationPayloads({ ...c.notification, recipients }, at),
  ]);
  noteChange(tx, { ...c.notification, recipients });
}
