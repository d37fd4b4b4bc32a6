// Splitwise's group CSV export, read and written (issue #14). No I/O here.
//
// Format: a header `Date,Description,Category,Cost,Currency,<Person 1>,<Person 2>,...`; one row
// per expense or payment (payments have Category "Payment") whose person columns hold each
// person's net effect (paid minus owed; + = is owed), summing to 0; a blank line; then one
// `<date>,Total balance, , ,<currency>,<p1 total>,...` row per currency.
//
// Amounts are read into and written from integer minor units with core's money functions.
import type { Cents, CategoryId } from '@evenly/core';

export const FIXED_COLUMNS = ['Date', 'Description', 'Category', 'Cost', 'Currency'] as const;
/**
 * Evenly's own export adds, beside the cost, what a converted entry was entered as (issue #31
 * point 6): `Original cost` and `Original currency`, both empty when nothing was converted.
 * Cost and Currency stay the figure the balances use, so the person columns still add up.
 */
export const ORIGINAL_COLUMNS = ['Original cost', 'Original currency'] as const;
export const EVENLY_COLUMNS = [...FIXED_COLUMNS, ...ORIGINAL_COLUMNS] as const;
export const TOTAL_BALANCE = 'Total balance';
export const PAYMENT_CATEGORY = 'Payment';
/** Rows one import may hold (each becomes an entry written in one transaction). */
export const MAX_IMPORT_ROWS = 20_000;
/** Person columns one import may hold (each becomes a member or guest of the new group). */
export const MAX_IMPORT_COLUMNS = 200;
/** `Total balance` rows a file may hold (one per currency; fewer currencies exist). */
export const MAX_TOTAL_ROWS = 300;

export interface SplitwiseRow {
  /** 1-based line of the file where the row ends. */
  line: number;
  date: string;
  description: string;
  /** Splitwise's category name as written. */
  categoryName: string;
  category: CategoryId;
  isPayment: boolean;
  /** |Cost| in minor units of `currency`. */
  costCents: Cents;
  currency: string;
  /** Net effect per person column (+ = is owed), summing to 0. */
  effects: Cents[];
  /** What a converted entry was entered as (Evenly's own export); null otherwise. */
  original: OriginalCost | null;
  /**
   * Who paid, when the source says so (the other apps' files, issue #33): the person column
   * that pays what someone paid for themselves. Splitwise's file does not say; the importer's
   * own column is used then.
   */
  payerIndex?: number;
}

export interface OriginalCost {
  /** In minor units of `currency`. */
  costCents: Cents;
  currency: string;
}

export interface SplitwiseFile {
  people: string[];
  rows: SplitwiseRow[];
  /** Per currency, the sum of each person column over the rows. */
  totals: Map<string, Cents[]>;
  /** SHA-256 of the normalised content (header and rows; not the export date). */
  hash: string;
}

export interface CsvProblem {
  line: number;
  message: string;
}
