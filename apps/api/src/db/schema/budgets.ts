// Budgets and the alerts sent when spending crosses them.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, cents } from './columns.js';
import { users } from './people.js';

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
