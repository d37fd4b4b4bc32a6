// Records one change in the writing transaction (§5.8, §5.9): an activity row per recipient (with
// that recipient's myShare), in one round trip, and the change noted for the change feed (its row
// is written just before the transaction commits: db/transaction.ts). The group's lastActivityAt follows
// from the activity rows (groupLastActivitySql), so ledger writes never update — and lock — the
// groups row: under concurrent writes to one group that row lock queued every writer behind the
// others' commits, and together with the foreign-key locks on it, deadlocked them.
import type { Change } from '../../db/change-feed.js';
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';
import { noteChange } from '../../db/transaction.js';
import type { NewActivity } from './activity.repository.js';

/** One change: its activity (as NewActivity, but for every recipient) and its notification. */
export interface ChangeRecord extends Omit<
  NewActivity,
  'recipientId' | 'groupId' | 'groupName' | 'myShareCents'
> {
  group: { id: number; name: string } | null;
  /** Who receives the activity and the notification. */
  recipients: readonly number[];
  /** Change of each recipient's balance in cents (+ = gets back). */
  myShare: (recipientId: number) => number;
  notification: Omit<Change, 'recipients'>;
  at?: Date;
  /** expense_* changes: the expense's category. */
  category?: string | null;
}

/** SQL expressions (parameters, casts or `null`) for the parts of a change record. */
export interface ChangeSqlArgs {
  recipients: string;
  shares: string;
  type: string;
  actorId: string;
  groupId: string;
  groupName: string;
  expenseId: string;
  paymentId: string;
  commentId: string;
  description: string;
  amountCents: string;
  currency: string;
  at: string;
  /** The expense's category (expense_* rows); default null. */
  category?: string;
  /** SQL condition for writing the rows at all (default: always). */
  when?: string;
}

/** SQL: the CTE `act` (activity rows) of one change, and an expression that counts them. */
export function changeCtes(a: ChangeSqlArgs): { ctes: string; changeCount: string } {
  return {
    ctes: `act as (
     insert into activities (recipient_id, type, actor_id, group_id, group_name, expense_id,
                             payment_id, comment_id, description, amount_cents, currency,
                             my_share_cents, created_at, category)
     select r.recipient, ${a.type}, ${a.actorId}, ${a.groupId}, ${a.groupName}, ${a.expenseId},
            ${a.paymentId}, ${a.commentId}, ${a.description}, ${a.amountCents}, ${a.currency},
            r.share, ${a.at}, ${a.category ?? 'null'}
       from unnest(${a.recipients}::int[], ${a.shares}::bigint[]) as r(recipient, share)
      where ${a.when ?? 'true'}
        -- guests (people without an account) never receive activity
        and exists (select 1 from users ru where ru.id = r.recipient and ru.kind = 'ACCOUNT')
     returning 1)`,
    changeCount: `(select count(*) from act)::int`,
  };
}

const recordCtes = changeCtes({
  recipients: '$1',
  shares: '$2',
  type: '$3',
  actorId: '$4',
  groupId: '$5::int',
  groupName: '$6',
  expenseId: '$7::int',
  paymentId: '$8::int',
  commentId: '$9::int',
  description: '$10',
  amountCents: '$11::bigint',
  currency: '$12',
  at: '$13::timestamptz',
  category: '$14::text',
});

const recordChangeStatement = statement<{ notified: number }>(
  'changes.record',
  `with ${recordCtes.ctes} select ${recordCtes.changeCount} as notified`,
);

/** The per-recipient arguments of a change: recipients (deduplicated) and their shares. */
export function changeArrays(c: Pick<ChangeRecord, 'recipients' | 'myShare'>): {
  recipients: number[];
  shares: number[];
} {
  const recipients = [...new Set(c.recipients)];
  return { recipients, shares: recipients.map((r) => c.myShare(r)) };
}

export async function recordChange(tx: Db, c: ChangeRecord): Promise<void> {
  const at = c.at ?? new Date();
  const { recipients, shares } = changeArrays(c);
  await run(tx, recordChangeStatement, [
    recipients,
    shares,
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
    c.category ?? null,
  ]);
  noteChange(tx, { ...c.notification, recipients, at });
}
