// The machinery behind the API: rate-limit counters, the job queue, Idempotency-Keys, the
// change feed and its followers, cached exchange rates and the data fixups run once.
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { users } from './people.js';

/**
 * Fixed-window request counters for rate limits. Kept in the database so every server
 * process shares them (docs/api.md §1.11). `windowStart` is the start of the window.
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
 * Positions of followers of an append-only table (e.g. the notifier's last activity id):
 * advanced in the same transaction as the work done for the rows it passed.
 */
export const followerCursors = pgTable('follower_cursors', {
  name: text('name').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

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
