// The ledger: expenses with their payers and splits, payments, comments, and the pairwise
// balances kept from them. Money columns are integer cents (bigint, read as JS numbers: safe up
// to 2^53 cents).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cents, conversionColumns, createdAt, ts } from './columns.js';
import { groups, users } from './people.js';
import { expenseSeries } from './recurring.js';

// Search (modules/search) adds, by hand in migration 0015_search: the extensions pg_trgm,
// unaccent and btree_gin; the IMMUTABLE function evenly_search_norm (lower case, accents
// removed); generated columns `search_text` on expenses (description + notes) and comments
// (content), normalised by it; GIN indexes on them (expenses_scope_search_trgm_idx, 0026: the
// scope, group id or 0, and trigrams of live rows; expenses_nongroup_search_idx: people and
// trigrams of live non-group rows; comments_group_search_trgm_idx, 0025); and, from migration
// 0017_search_scoped_words, the tables search_words (per group) and search_person_words (per
// person, non-group texts) of the words of live texts, kept and pruned by triggers. Not declared
// here: reads through this schema never need them.
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
    // A group's live expenses in page order. Ascending, read backwards for "newest first" (date
    // desc, created_at desc, id desc): the scan order of an ascending index reversed is exactly
    // ORDER BY … DESC (NULLS FIRST). Partial on `deleted_at is null` so that the plan does not
    // depend on statistics: without them the planner guesses 0.5 % for `deleted_at is null` and,
    // with a full index, chose a bitmap scan of the whole group plus a sort (24 ms for a
    // 20,000-expense group against 0.05 ms; issue #36). With the predicate in the index there
    // is nothing left to guess.
    index('expenses_group_live_order_idx')
      .on(t.groupId, t.date, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Every expense of a group, deleted ones included: the cascade of a group's deletion.
    index('expenses_group_idx').on(t.groupId),
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

/**
 * The receipt's items of an expense split by item (issue #31 point 2), in the order entered:
 * each line's total in minor units of the currency the expense was entered in (negative for a
 * discount) and who had it. Replaced whole by every write that changes them; an expense without
 * items has no rows here.
 */
export const expenseItems = pgTable(
  'expense_items',
  {
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** Who had it (people in the expense's split), in the order given. */
    userIds: integer('user_ids').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.expenseId, t.position] })],
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
    // As expenses_group_live_order_idx and expenses_group_idx.
    index('payments_group_live_order_idx')
      .on(t.groupId, t.date, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('payments_group_idx').on(t.groupId),
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
