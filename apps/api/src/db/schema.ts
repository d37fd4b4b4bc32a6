// The one database schema, for PostgreSQL and embedded PGlite alike.
// Migrations are generated from this file by drizzle-kit (`npm run db:generate`) and committed.

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /**
     * Stored lower-cased; unique. The sign-in address of an ACCOUNT; null for a GUEST (whose
     * address, if known, is `guestEmail`) and for a DELETED user (erased).
     */
    email: text('email'),
    /** argon2id encoded hash; null for GUEST and DELETED users, who cannot sign in. */
    passwordHash: text('password_hash'),
    /**
     * ACCOUNT: a person who signs in. GUEST: a person without an account, added to one group by
     * name (`guestGroupId`); takes part in expenses and payments, has no login, sees nothing,
     * gets no activity or mail; claimed (merged into an ACCOUNT) later. DELETED: an erased
     * account whose shared history stays under the name "Deleted user".
     */
    kind: text('kind', { enum: ['ACCOUNT', 'GUEST', 'DELETED'] })
      .notNull()
      .default('ACCOUNT'),
    /** GUEST only: the group the guest was added to (null once that group is deleted). */
    guestGroupId: integer('guest_group_id').references((): AnyPgColumn => groups.id, {
      onDelete: 'set null',
    }),
    /** GUEST only: the address given when adding them, lower-cased; not unique. */
    guestEmail: text('guest_email'),
    /** GUEST only: the member who added them. */
    guestAddedById: integer('guest_added_by_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** Storage key of the profile picture (resized on the server); null = initials. */
    avatarKey: text('avatar_key'),
    /** Bumped on every picture change so picture URLs change with it. */
    avatarVersion: integer('avatar_version').notNull().default(0),
    /** The personal "add me as a friend" link token (random, URL-safe); null until first asked. */
    friendLinkToken: text('friend_link_token'),
    /** When a DELETED user's account was erased. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * Bumped by a password reset or change. Every JWT carries the version it was issued
     * under, so bumping it invalidates every earlier token at once.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Preferred currency for approximate totals (ISO 4217); null = none chosen. */
    homeCurrency: text('home_currency'),
    /**
     * Notifications (the person's activity rows by others) up to this activity id are read:
     * "mark all read" moves it; rows above it are read one by one (activities.read_at). Set to
     * the latest activity when the column was added, so history is not suddenly unread.
     */
    notificationsReadThrough: bigint('notifications_read_through', { mode: 'number' })
      .notNull()
      .default(0),
    /** The daily e-mail digest covered activity up to this id. */
    emailDigestThrough: bigint('email_digest_through', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_friend_link_token_key').on(t.friendLinkToken),
    index('users_guest_email_idx')
      .on(t.guestEmail)
      .where(sql`${t.kind} = 'GUEST'`),
    index('users_guest_group_idx')
      .on(t.guestGroupId)
      .where(sql`${t.kind} = 'GUEST'`),
    check(
      'users_account_can_sign_in',
      sql`${t.kind} <> 'ACCOUNT' or (${t.email} is not null and ${t.passwordHash} is not null)`,
    ),
  ],
);

/** Single-use e-mail links (verification, password reset). Only a SHA-256 of the token is kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'reset_password', 'change_email'],
    }).notNull(),
    /** change_email only: the new address (lower-cased) that takes effect when the link is opened. */
    newEmail: text('new_email'),
    /** hex SHA-256 of the random token sent by e-mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Fixed-window request counters for rate limits. Kept in the database so every server
 * process shares them (api-contract §1.11). `windowStart` is the start of the window.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The durable job queue (src/jobs): work done after a request has answered, such as sending an
 * e-mail. A job is inserted in the transaction of the write that wants it, so it exists exactly
 * when that write committed. A worker claims a due job by taking a lease (`lockedUntil`,
 * `lockedBy`) in one statement and holds no transaction while it runs; a finished job is
 * deleted; a failed attempt sets `lastError` and a later `runAfter`; after the last attempt the
 * job stays with `failedAt` set.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Which handler runs it (src/jobs/job-registry.ts). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Not claimed before this time (creation, or the backoff after a failed attempt). */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Attempts started so far, counting the running one. */
    attempts: integer('attempts').notNull().default(0),
    /** End of the current lease; a job whose lease has passed may be claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** The lease holder (worker and claim); finishing a job requires holding its lease. */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Set when the last attempt failed: the job is kept for inspection and never run again. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.failedAt} is null`),
    // "Unless one of its kind is waiting" (insertJobUnlessWaiting) without reading every job.
    index('jobs_waiting_kind_idx')
      .on(t.kind, t.runAfter)
      .where(sql`${t.failedAt} is null and ${t.lockedBy} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Ledger. Money columns are integer cents (bigint, read as JS numbers: safe up to 2^53 cents).
// ---------------------------------------------------------------------------------------------

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * What an entry converted into its ledger currency was entered as: the amount (minor units of
 * `original_currency`), the rate (ledger-currency major units per one original major unit,
 * exact decimal), where the rate came from and, for the rate service, the day it is for.
 */
const conversionColumns = () => ({
  originalCurrency: text('original_currency'),
  originalAmountCents: cents('original_amount_cents'),
  fxRate: numeric('fx_rate'),
  fxSource: text('fx_source', { enum: ['SERVICE', 'MANUAL', 'CHARGED'] }),
  fxDate: date('fx_date', { mode: 'string' }),
});

/**
 * One row per pair of people, whatever the direction: a pending request (requester → addressee)
 * or an accepted friendship. `userLow`/`userHigh` make the pair unique.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: integer('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING', 'ACCEPTED'] }).notNull(),
    userLow: integer('user_low').notNull(),
    userHigh: integer('user_high').notNull(),
    createdAt: createdAt(),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [
    uniqueIndex('friendships_pair_key').on(t.userLow, t.userHigh),
    index('friendships_requester_idx').on(t.requesterId),
    index('friendships_addressee_idx').on(t.addresseeId),
    check('friendships_pair_order', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/** An invitation e-mail to an address with no account yet (contract §5.7). */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased address. */
    email: text('email').notNull(),
    /** Set when the invitation came from adding the address to a group. */
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** When the invitation e-mail was sent; null when rate limits suppressed it. */
    mailedAt: ts('mailed_at'),
    /** When the invitation turned into a friend request. */
    convertedAt: ts('converted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_email_idx').on(t.email),
    index('invitations_inviter_idx').on(t.inviterId, t.createdAt),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Holder of creator rights; passes to the earliest-joined member when the creator leaves. */
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    simplifyDebts: boolean('simplify_debts').notNull().default(false),
    defaultCurrency: text('default_currency').notNull().default('USD'),
    /**
     * CONVERT: entries in another currency are converted into `defaultCurrency`, and balances are
     * kept in it alone. SEPARATE: entries stay in their own currency; balances per currency.
     */
    currencyMode: text('currency_mode', { enum: ['CONVERT', 'SEPARATE'] })
      .notNull()
      .default('CONVERT'),
    /** Cover: one emoji (a grapheme) shown as the group's picture; null = initials. */
    coverEmoji: text('cover_emoji'),
    /** Cover colour: one of the palette names of packages/core (e.g. "teal"); null = default. */
    coverColor: text('cover_color'),
    createdAt: createdAt(),
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
  },
  (t) => [index('groups_last_activity_idx').on(t.lastActivityAt)],
);

/** Membership; a former member keeps the row with `leftAt` set (their entries still count). */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Joining order: a global sequence, so "earliest-joined" is unambiguous. */
    joinSeq: bigint('join_seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    leftAt: ts('left_at'),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_idx').on(t.userId, t.groupId),
  ],
);

/**
 * A group's invite link: anyone signed in who opens `{APP_URL}/join/{token}` may join the group
 * (or claim one of its guests) in one tap. Revocable; optionally expiring. The token is random
 * (URL-safe base64 of 18 bytes) and kept as is, so members can show the link again.
 */
export const groupInviteLinks = pgTable(
  'group_invite_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** Null = never expires. */
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('group_invite_links_token_key').on(t.token),
    index('group_invite_links_group_idx').on(t.groupId),
  ],
);

// Search (modules/search) adds, by hand in migration 0015_search: the extensions pg_trgm,
// unaccent and btree_gin; the IMMUTABLE function evenly_search_norm (lower case, accents
// removed); generated columns `search_text` on expenses (description + notes) and comments
// (content), normalised by it; GIN indexes on them (expenses_search_trgm_idx: group id and
// trigrams of live rows; expenses_nongroup_search_idx: people and trigrams of live non-group
// rows; comments_search_trgm_idx); the table search_words, kept by triggers. Not declared here:
// reads through this schema never need them.
export const expenses = pgTable(
  'expenses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** Calendar date, YYYY-MM-DD, no time zone. */
    date: date('date', { mode: 'string' }).notNull(),
    splitType: text('split_type', { enum: ['EQUAL', 'EXACT', 'PERCENTAGE', 'SHARE'] }).notNull(),
    notes: text('notes'),
    /**
     * One of the category ids of packages/core (categories.ts), e.g. "dining_out"; "general" for
     * expenses made before categories existed. Not checked here: the set may grow, and reads
     * treat an id they do not know as general.
     */
    category: text('category').notNull().default('general'),
    /** Storage key of the receipt file, and its content type. */
    receiptKey: text('receipt_key'),
    receiptContentType: text('receipt_content_type'),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // A copy of the expense's payers and splits (tables expense_payers and expense_splits, the
    // source for per-person queries), in request order, kept by every write of them, so a page
    // of expenses reads one row per expense instead of two more index lookups and their people.
    payerUserIds: integer('payer_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    payerAmounts: cents('payer_amounts')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** expense_splits.id of each split. */
    splitIds: integer('split_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    splitUserIds: integer('split_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    splitOwed: cents('split_owed')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The typed value of each split (null elements for EQUAL). */
    splitValues: text('split_values')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Number of comments, kept by comment writes. */
    commentCount: integer('comment_count').notNull().default(0),
    // A converted expense (entered in another currency than the one its balances are kept in):
    // `amountCents`, `currency`, the payers' and the splits' amounts above are the converted
    // ones (what balances use); these keep what was entered, in request order, and the rate.
    // All null when the expense was not converted.
    ...conversionColumns(),
    originalPayerAmounts: cents('original_payer_amounts').array(),
    originalSplitOwed: cents('original_split_owed').array(),
    /** The recurring series this expense is an occurrence of, and the occurrence's date. */
    seriesId: integer('series_id').references((): AnyPgColumn => expenseSeries.id, {
      onDelete: 'set null',
    }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }),
    /**
     * Set when the expense was deleted: it is then invisible to every reader (404, gone from
     * lists, no effect on balances) but kept whole (payers, splits, comments, receipt file) so
     * that it can be restored; purged for good some days later (modules/ledger/purge-deleted.ts).
     * A deleted occurrence keeps its (series, date) slot, so the series never makes it again.
     */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    // The final guard of exactly-once occurrences: whatever runs twice, one row per date.
    uniqueIndex('expenses_series_occurrence_key')
      .on(t.seriesId, t.occurrenceDate)
      .where(sql`${t.seriesId} is not null`),
    // Ascending, read backwards for "newest first" (date desc, created_at desc, id desc): the
    // scan order of an ascending index reversed is exactly ORDER BY … DESC (NULLS FIRST).
    index('expenses_group_order_idx').on(t.groupId, t.date, t.createdAt, t.id),
    // A person's latest categorised expenses (category suggestions from their history), read
    // backwards; general ones carry no choice and are left out, which keeps it small.
    index('expenses_creator_category_idx')
      .on(t.createdById, t.id)
      .where(sql`${t.category} <> 'general'`),
    check('expenses_amount_positive', sql`${t.amountCents} > 0`),
    // The purge job's scan: only deleted rows are in it.
    index('expenses_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/** Who paid how much of an expense, in request order (`position`). */
export const expensePayers = pgTable(
  'expense_payers',
  {
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountPaidCents: cents('amount_paid_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.expenseId, t.position] }),
    index('expense_payers_user_idx').on(t.userId, t.expenseId),
  ],
);

/**
 * Each person's share, in request order. `value` keeps what the user typed (exact amount,
 * percentage or share count, as a decimal string; null for EQUAL) beside the computed cents.
 */
export const expenseSplits = pgTable(
  'expense_splits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    value: text('value'),
    owedCents: cents('owed_cents').notNull(),
  },
  (t) => [
    uniqueIndex('expense_splits_position_key').on(t.expenseId, t.position),
    index('expense_splits_user_idx').on(t.userId, t.expenseId),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    paidById: integer('paid_by_id')
      .notNull()
      .references(() => users.id),
    paidToId: integer('paid_to_id')
      .notNull()
      .references(() => users.id),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    ...conversionColumns(),
    /**
     * The two payments of a currency exchange (a pair's balance moved from one currency into
     * another, SEPARATE groups) share this id: that of the first of them. Null otherwise.
     */
    exchangeId: integer('exchange_id'),
    /** Set when deleted: hidden from every reader but restorable until purged (as expenses). */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('payments_group_order_idx').on(t.groupId, t.date, t.createdAt, t.id),
    index('payments_paid_by_idx').on(t.paidById, t.createdAt),
    index('payments_paid_to_idx').on(t.paidToId, t.createdAt),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_distinct_people', sql`${t.paidById} <> ${t.paidToId}`),
    index('payments_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_expense_idx').on(t.expenseId, t.id)],
);

/**
 * Running pairwise balances, maintained in the same transaction as every expense and payment
 * write, so balance reads cost O(people), not O(history). Scope: `groupId` 0 = outside groups.
 * Convention as in @evenly/core: the net of `userLow` with `userHigh` is the SUM of `netCents`
 * over the pair's slots (0 … 63), positive = userHigh owes userLow. Each write adds its change to
 * one slot (pairCtes in db/pair-slots.ts), so concurrent writes in one group rarely wait for
 * each other's row locks; a read sums at most 64 rows per pair, and one once the spilled rows are
 * folded back (PairFolder). Zero rows may remain.
 */
export const pairBalances = pgTable(
  'pair_balances',
  {
    groupId: integer('group_id').notNull(),
    currency: text('currency').notNull(),
    userLow: integer('user_low').notNull(),
    userHigh: integer('user_high').notNull(),
    netCents: cents('net_cents').notNull(),
    slot: smallint('slot').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.currency, t.userLow, t.userHigh, t.slot] }),
    index('pair_balances_low_idx').on(t.userLow),
    index('pair_balances_high_idx').on(t.userHigh),
    check('pair_balances_order', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

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
 * Stored outcomes of POST /expenses, /payments and /payments/settle per Idempotency-Key (§1.10),
 * 24 h. A row is written in the same transaction as the write it answers, so it exists exactly
 * when that write committed. "In progress" is not stored: it is a transaction-scoped advisory
 * lock on the key, which dies with the transaction (and with a crashed process's connection).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path, body and file bytes. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.endpoint, t.key] }),
    index('idempotency_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The change feed (src/db/change-feed.ts): one row per change, written in the change's own
 * transaction. `seq` orders rows as they were written; `pos` is the delivery position, given
 * after the commit by one stamper at a time, so positions become visible in increasing order
 * (followers read `pos > last`). Kept 24 hours (event streams resume from a position).
 */
export const changes = pgTable(
  'changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pos: bigint('pos', { mode: 'number' }),
    entity: text('entity').notNull(),
    action: text('action').notNull(),
    /** The changed row (for `user` changes the user id; 0 = every user). */
    entityId: integer('entity_id').notNull(),
    groupId: integer('group_id'),
    /** Users who can see the change (their event streams get it). */
    recipients: integer('recipients')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Further users whose balances or views it moves. */
    affected: integer('affected')
      .array()
      .notNull()
      .default(sql`'{}'`),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('changes_pos_key').on(t.pos),
    index('changes_unstamped_idx')
      .on(t.seq)
      .where(sql`${t.pos} is null`),
    index('changes_at_idx').on(t.at),
  ],
);

/**
 * Exchange rates looked up from the rate service (FX_RATES_URL), one per currency pair and the
 * day asked for: `rate` is quote major units per one base major unit, as the service gave it;
 * `rateDate` the day the service's rate is from (the last business day on or before `day`).
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    rate: numeric('rate').notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.base, t.quote, t.day] })],
);

/** Data changes that run once after the SQL migrations (src/db/fixups.ts), by name. */
export const dataFixups = pgTable('data_fixups', {
  name: text('name').primaryKey(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Recurring expenses and notifications (issue #11).
// ---------------------------------------------------------------------------------------------

/**
 * A recurring expense: every occurrence is an ordinary expense (expenses.series_id,
 * occurrence_date) created from `template` on its date in `time_zone`. Occurrence n falls on
 * start_date + n periods; monthly and yearly ones keep start_date's day of month, clamped to the
 * month's last day (31 Jan → 28/29 Feb → 31 Mar).
 */
export const expenseSeries = pgTable(
  'expense_series',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    /** The expense each occurrence repeats: the create request's fields without `date`. */
    template: jsonb('template').notNull(),
    frequency: text('frequency', {
      enum: ['DAILY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY', 'YEARLY'],
    }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** IANA time zone name (from the browser) in which an occurrence's date begins. */
    timeZone: text('time_zone').notNull(),
    /** Ends after the occurrence on or before this date (inclusive); null = no end date. */
    endDate: date('end_date', { mode: 'string' }),
    /** Ends after this many occurrences; null = no count. */
    endCount: integer('end_count'),
    /** Occurrences due so far (created or skipped): the index of the next one. */
    nextIndex: integer('next_index').notNull().default(0),
    /** When the next occurrence is due (its date's start in time_zone); null once ended. */
    nextDueAt: ts('next_due_at'),
    endedAt: ts('ended_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('expense_series_due_idx')
      .on(t.nextDueAt)
      .where(sql`${t.nextDueAt} is not null`),
    index('expense_series_group_idx').on(t.groupId),
  ],
);

/** Occurrences of a series skipped ahead of their date (deleted ones keep their expense row). */
export const expenseSeriesSkips = pgTable(
  'expense_series_skips',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => expenseSeries.id, { onDelete: 'cascade' }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.occurrenceDate] })],
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
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Positions of followers of an append-only table (e.g. the notifier's last activity id):
 * advanced in the same transaction as the work done for the rows it passed.
 */
export const followerCursors = pgTable('follower_cursors', {
  name: text('name').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A person's monthly budget for one category of their own share (issue #14 point 4): the sum of
 * their splits (owed_cents) of live expenses in `currency` dated in the calendar month. One per
 * category; expenses in other currencies do not count towards it.
 */
export const budgets = pgTable(
  'budgets',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    currency: text('currency').notNull(),
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.category] }),
    check('budgets_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Budget alerts already sent: one row per (person, category, month, threshold), written by the
 * notifier in the transaction that records the alert, so each threshold fires once a month.
 */
export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    /** The first day of the month, YYYY-MM-01. */
    month: date('month', { mode: 'string' }).notNull(),
    /** Percent of the budget: 80 or 100. */
    threshold: integer('threshold').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category, t.month, t.threshold] })],
);

/**
 * Groups made by importing a Splitwise CSV export (modules/imports). `fileHash` is a SHA-256 of
 * the file's normalised content (its header and expense rows, whatever its line endings, quoting
 * or export date), so importing the same file twice is refused. Deleting the imported group
 * deletes its row, and the file may then be imported again.
 */
export const splitwiseImports = pgTable(
  'splitwise_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileHash: text('file_hash').notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    expenseCount: integer('expense_count').notNull(),
    paymentCount: integer('payment_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('splitwise_imports_user_file_key').on(t.userId, t.fileHash)],
);
