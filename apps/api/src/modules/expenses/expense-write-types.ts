// What the expense writes (expense-create.ts, expense-edit.ts) take and hand to the series code.
import type { Db } from '../../db/database.js';
import type { UploadedFile } from '../receipts/index.js';
import type { CheckedExpense } from './expense-rules.js';
import type { OriginalAmounts, SeriesSummary } from './expense.repository.js';

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The date an expense gets: the one given, else today (UTC). */
export function todayOr(v: CheckedExpense): string {
  return v.input.date ?? todayUtc();
}

/** What the request carried: the parsed expenseData and the optional receipt file. */
export interface ExpenseRequest {
  data: unknown;
  file: UploadedFile | null;
}

/** A checked expense in its ledger currency, with what it was entered as when converted. */
export type LedgerExpense = CheckedExpense & { original: OriginalAmounts | null };

/** The series slot a new expense fills (issue #11). */
export interface OccurrenceLink {
  seriesId: number;
  /** YYYY-MM-DD: the occurrence's date (also the expense's date when created). */
  date: string;
  /** What the created expense's view shows of its series. */
  summary: SeriesSummary;
}

/**
 * Called inside a creation's transaction once the expense has passed every rule and before it
 * is written: makes (or names) the series slot it fills. The series code (modules/series)
 * supplies it; it may throw a ValidationError, which rolls the creation back.
 */
export type LinkOccurrence = (tx: Db, v: LedgerExpense, date: string) => Promise<OccurrenceLink>;
