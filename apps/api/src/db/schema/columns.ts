// Column helpers shared by the tables (schema/*.ts).
import { bigint, date, numeric, text, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * What an entry converted into its ledger currency was entered as: the amount (minor units of
 * `original_currency`), the rate (ledger-currency major units per one original major unit,
 * exact decimal), where the rate came from and, for the rate service, the day it is for.
 */
export const conversionColumns = () => ({
  originalCurrency: text('original_currency'),
  originalAmountCents: cents('original_amount_cents'),
  fxRate: numeric('fx_rate'),
  fxSource: text('fx_source', { enum: ['SERVICE', 'MANUAL', 'CHARGED'] }),
  fxDate: date('fx_date', { mode: 'string' }),
});
