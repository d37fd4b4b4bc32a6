// Writing Splitwise's group CSV format (issue #14) with Evenly's original-cost columns (#31): header, rows and closing totals, each line
// CRLF-terminated. No I/O here. Text cells go through safeCell (no formula injection, #30).
import { stringify } from 'csv-stringify/sync';
import { formatMinor } from '@evenly/core';
import { QUOTED_CELLS, safeCell } from './csv-cells.js';
import { EVENLY_COLUMNS, TOTAL_BALANCE } from './splitwise-format.js';
import type { OriginalCost } from './splitwise-format.js';

/**
 * The header line (CRLF-terminated, as every line written), with the original-cost columns.
 * `fixed`: the seven fixed columns' words (the reader's language); Splitwise's English by default.
 */
export function csvHeader(
  people: readonly string[],
  fixed: readonly string[] = EVENLY_COLUMNS,
): string {
  return stringify([[...fixed, ...people.map(safeCell)]], {
    record_delimiter: '\r\n',
    quoted_match: QUOTED_CELLS,
  });
}

export interface CsvEntry {
  date: string;
  description: string;
  categoryName: string;
  costCents: number;
  currency: string;
  /** What a converted entry was entered as; null when it was not converted. */
  original: OriginalCost | null;
  effects: readonly number[];
}

function csvRecord(e: CsvEntry): string[] {
  return [
    e.date,
    safeCell(e.description),
    safeCell(e.categoryName),
    formatMinor(e.costCents, e.currency),
    e.currency,
    e.original === null ? '' : formatMinor(e.original.costCents, e.original.currency),
    e.original?.currency ?? '',
    ...e.effects.map((v) => formatMinor(v, e.currency)),
  ];
}

export function csvRow(e: CsvEntry): string {
  return csvRows([e]);
}

/** Several rows at once (one pass of the writer, for batches). */
export function csvRows(entries: readonly CsvEntry[]): string {
  return stringify(entries.map(csvRecord), {
    record_delimiter: '\r\n',
    quoted_match: QUOTED_CELLS,
  });
}

/** The closing lines: a blank line, then one total row per currency (`label`: "Total balance"). */
export function csvTotals(
  date: string,
  totals: ReadonlyMap<string, readonly number[]>,
  label: string = TOTAL_BALANCE,
): string {
  const rows = [...totals.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([currency, values]) => [
      date,
      label,
      ' ',
      ' ',
      currency,
      '',
      '',
      ...values.map((v) => formatMinor(v, currency)),
    ]);
  return '\r\n' + stringify(rows, { record_delimiter: '\r\n', quoted_match: QUOTED_CELLS });
}
