// Recurring expenses (issue #11): the series and the occurrences skipped ahead of their date.
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { groups, users } from './people.js';

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
