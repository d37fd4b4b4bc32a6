// The reads of the trip report (issue #33 point 3): everyone who belonged to the group, and its
// live expenses and payments dated in a range, each one batch of a keyset walk in
// (date, created_at, id) order. Callers loop until a batch comes back shorter than asked, so a
// report of any size holds one batch at a time.
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { expenses, payments } from '../../db/schema.js';

/** Rows read per statement. */
export const REPORT_BATCH = 250;

/** Dates of the report, inclusive; null = open. */
export interface DateRange {
  from: string | null;
  to: string | null;
}

/** Where the last batch ended: (date, created_at as PostgreSQL text, id). */
export type WalkKey = [string, string, number];

interface WalkColumns {
  groupId: AnyPgColumn;
  deletedAt: AnyPgColumn;
  date: AnyPgColumn;
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
}

/** The group's live rows in the range after `key`, and the order that walks them. */
function walk(t: WalkColumns, groupId: number, range: DateRange, key: WalkKey | null) {
  return {
    where: and(
      eq(t.groupId, groupId),
      isNull(t.deletedAt),
      range.from === null ? undefined : gte(t.date, range.from),
      range.to === null ? undefined : lte(t.date, range.to),
      key === null
        ? undefined
        : sql`(${t.date}, ${t.createdAt}, ${t.id}) > (${key[0]}::date, ${key[1]}::timestamptz, ${key[2]}::int)`,
    ),
    order: [asc(t.date), asc(t.createdAt), asc(t.id)],
  };
}

/** Everyone who ever belonged to the group, as the group exports list them. */
export { everyoneWhoBelonged as reportPeople } from '../exports/index.js';
export type { BelongedPerson as ReportPerson } from '../exports/index.js';

export interface ReportExpenseRow {
  id: number;
  date: string;
  createdAt: string;
  description: string;
  category: string;
  splitType: 'EQUAL' | 'EXACT' | 'PERCENTAGE' | 'SHARE';
  /** In the currency the balances are kept in (converted when entered in another). */
  amountCents: number;
  currency: string;
  /** What a converted expense was entered as; null when not converted. */
  originalCurrency: string | null;
  originalAmountCents: number | null;
  payerUserIds: number[];
  payerAmounts: number[];
  splitUserIds: number[];
  splitOwed: number[];
  receiptKey: string | null;
  receiptContentType: string | null;
}

/** The group's live expenses dated in `range` after `key`, at most `limit`. */
export async function reportExpenseBatch(
  db: Db,
  groupId: number,
  range: DateRange,
  key: WalkKey | null,
  limit: number,
): Promise<ReportExpenseRow[]> {
  const w = walk(expenses, groupId, range, key);
  const rows = await db
    .select({
      id: expenses.id,
      date: expenses.date,
      createdAt: sql<string>`${expenses.createdAt}::text`,
      description: expenses.description,
      category: expenses.category,
      splitType: expenses.splitType,
      amountCents: expenses.amountCents,
      currency: expenses.currency,
      originalCurrency: expenses.originalCurrency,
      originalAmountCents: expenses.originalAmountCents,
      payerUserIds: expenses.payerUserIds,
      payerAmounts: expenses.payerAmounts,
      splitUserIds: expenses.splitUserIds,
      splitOwed: expenses.splitOwed,
      receiptKey: expenses.receiptKey,
      receiptContentType: expenses.receiptContentType,
    })
    .from(expenses)
    .where(w.where)
    .orderBy(...w.order)
    .limit(limit);
  // int8 arrays may arrive as strings; the report counts in numbers of minor units.
  return rows.map((r) => ({
    ...r,
    amountCents: Number(r.amountCents),
    originalAmountCents: r.originalAmountCents === null ? null : Number(r.originalAmountCents),
    payerAmounts: r.payerAmounts.map(Number),
    splitOwed: r.splitOwed.map(Number),
  }));
}

export interface ReportPaymentRow {
  id: number;
  date: string;
  createdAt: string;
  paidById: number;
  paidToId: number;
  amountCents: number;
  currency: string;
  originalCurrency: string | null;
  originalAmountCents: number | null;
}

/** The group's live payments dated in `range` after `key`, at most `limit`. */
export async function reportPaymentBatch(
  db: Db,
  groupId: number,
  range: DateRange,
  key: WalkKey | null,
  limit: number,
): Promise<ReportPaymentRow[]> {
  const w = walk(payments, groupId, range, key);
  const rows = await db
    .select({
      id: payments.id,
      date: payments.date,
      createdAt: sql<string>`${payments.createdAt}::text`,
      paidById: payments.paidById,
      paidToId: payments.paidToId,
      amountCents: payments.amountCents,
      currency: payments.currency,
      originalCurrency: payments.originalCurrency,
      originalAmountCents: payments.originalAmountCents,
    })
    .from(payments)
    .where(w.where)
    .orderBy(...w.order)
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    amountCents: Number(r.amountCents),
    originalAmountCents: r.originalAmountCents === null ? null : Number(r.originalAmountCents),
  }));
}
