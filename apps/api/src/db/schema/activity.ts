// What people are told: the activity feed, their notification settings and their Web Push
// subscriptions.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, cents } from './columns.js';
import { users } from './people.js';

/** Activity feed rows, one per recipient, recorded in the same transaction as the change (§5.8). */
export const activities = pgTable(
  'activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    /** Kept as plain ids (no foreign keys): the feed outlives deleted groups and expenses. */
    groupId: integer('group_id'),
    groupName: text('group_name'),
    expenseId: integer('expense_id'),
    paymentId: integer('payment_id'),
    commentId: integer('comment_id'),
    description: text('description').notNull(),
    amountCents: cents('amount_cents'),
    currency: text('currency'),
    /** Change of the recipient's balance, computed when recorded (+ = gets back). */
    myShareCents: cents('my_share_cents').notNull().default(0),
    /** When the recipient read it as a notification (see users.notifications_read_through). */
    readAt: ts('read_at'),
    /** The person the row is about, where it is not the actor (member_added: who was added). */
    subjectId: integer('subject_id'),
    /**
     * expense_* rows: the expense's category when recorded (null on rows recorded before
     * categories existed, read as general).
     */
    category: text('category'),
    createdAt: createdAt(),
  },
  (t) => [
    // Ascending, read backwards for "newest first" (ORDER BY id DESC, i.e. NULLS FIRST): an index
    // declared DESC NULLS LAST does not give that order, and the planner then walked the whole
    // table's primary key backwards for users with a long history.
    index('activities_recipient_idx').on(t.recipientId, t.id),
    // The latest activity of a group is its lastActivityAt for ledger writes (see
    // groupLastActivitySql): read backwards, one index entry. Only the actor's own row of each
    // change is indexed (the actor always receives their change), one entry per change.
    index('activities_group_idx')
      .on(t.groupId, t.createdAt)
      .where(sql`${t.recipientId} = ${t.actorId}`),
  ],
);

/**
 * A person's choice per kind of notification; a kind without a row uses the default
 * (src/modules/notifications). `email`: IMMEDIATE, DIGEST (daily) or OFF.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'GROUP_ADDED',
        'EXPENSE',
        'PAYMENT',
        'COMMENT',
        'FRIEND_REQUEST',
        'REMINDER',
        'BUDGET',
      ],
    }).notNull(),
    email: text('email', { enum: ['IMMEDIATE', 'DIGEST', 'OFF'] }).notNull(),
    push: boolean('push').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Web Push subscriptions, one per device (browser endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The subscription's keys (base64url), as the browser gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: ts('last_success_at'),
    /** The last refused or failed delivery and the push service's answer (the admin area). */
    lastFailureAt: ts('last_failure_at'),
    lastFailure: text('last_failure'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
