// "How to pay me" (issue #33 point 1): the ways a person can be paid outside Evenly.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users } from './people.js';

/**
 * One row per account that offers a way to be paid; no row = none. Values are stored as
 * @evenly/core's validatePayMethods normalises them (pay-methods.ts); null = not offered. Only
 * the person writes them; people who share a group or a friendship with them read them
 * (modules/pay-methods). Removed with the account (account deletion keeps the users row).
 */
export const payMethods = pgTable('pay_methods', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Upper-case, no spaces; `iban_bic` and `iban_holder` go with it (holder set when IBAN is). */
  iban: text('iban'),
  ibanBic: text('iban_bic'),
  ibanHolder: text('iban_holder'),
  paypal: text('paypal'),
  venmo: text('venmo'),
  revolut: text('revolut'),
  monzo: text('monzo'),
  upi: text('upi'),
  swish: text('swish'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
