// The CSV export's header words in the reader's language (issue #32). Splitwise recognises the
// file by its English headers, so the export's `?headers=splitwise` keeps those; our importer
// reads either (a file exported in German imports back here too). Cell values (descriptions,
// categories, "Payment") are data and stay as stored.
import { SUPPORTED_LOCALES } from '@evenly/core';
import { translatorFor } from '../../i18n/index.js';
import type { Translator } from '../../i18n/index.js';
import { EVENLY_COLUMNS, TOTAL_BALANCE } from './splitwise-format.js';

const WORDS = {
  date: /*i18n*/ { id: 'csv.date', message: 'Date' },
  description: /*i18n*/ { id: 'csv.description', message: 'Description' },
  category: /*i18n*/ { id: 'csv.category', message: 'Category' },
  cost: /*i18n*/ { id: 'csv.cost', message: 'Cost' },
  currency: /*i18n*/ { id: 'csv.currency', message: 'Currency' },
  originalCost: /*i18n*/ { id: 'csv.originalCost', message: 'Original cost' },
  originalCurrency: /*i18n*/ { id: 'csv.originalCurrency', message: 'Original currency' },
  totalBalance: /*i18n*/ { id: 'csv.totalBalance', message: 'Total balance' },
} as const;

/** What the header line and the totals rows say instead of Splitwise's English. */
export interface CsvWords {
  columns: readonly string[];
  totalBalance: string;
}

/** The words in `tr`'s language, in the order of the file's fixed columns. */
export function csvWords(tr: Translator): CsvWords {
  return {
    columns: [
      tr.t(WORDS.date),
      tr.t(WORDS.description),
      tr.t(WORDS.category),
      tr.t(WORDS.cost),
      tr.t(WORDS.currency),
      tr.t(WORDS.originalCost),
      tr.t(WORDS.originalCurrency),
    ],
    totalBalance: tr.t(WORDS.totalBalance),
  };
}

/** Every language's words but English, lower-cased, made once. */
let translated: { columns: string[]; totalBalance: string }[] | null = null;

function translatedWords(): { columns: string[]; totalBalance: string }[] {
  translated ??= SUPPORTED_LOCALES.filter((l) => l !== 'en').map((l) => {
    const words = csvWords(translatorFor(l));
    return {
      columns: words.columns.map((c) => c.toLowerCase()),
      totalBalance: words.totalBalance.toLowerCase(),
    };
  });
  return translated;
}

/** The language whose header `cells` (lower-cased) start with, or null (English or none). */
function wordsOfHeader(
  cells: readonly string[],
): { columns: string[]; totalBalance: string } | null {
  return (
    translatedWords().find((w) =>
      w.columns.slice(0, 5).every((c, i) => cells[i]?.trim().toLowerCase() === c),
    ) ?? null
  );
}

/** Whether a header (its cells) is our export's in another language. */
export function isTranslatedHeader(cells: readonly string[]): boolean {
  return wordsOfHeader(cells) !== null;
}

/**
 * Records of a file exported with translated headers, given back with Splitwise's English
 * words (header cells and `Total balance` labels), so the reader sees the format it knows.
 * Records of any other file are left as they are.
 */
export function withEnglishWords<T extends { record: string[] }>(records: T[]): T[] {
  const [header] = records;
  const words = header === undefined ? null : wordsOfHeader(header.record);
  if (words === null) return records;
  return records.map((r, i) => {
    const record = [...r.record];
    if (i === 0) {
      words.columns.forEach((c, j) => {
        if (record[j]?.trim().toLowerCase() === c) record[j] = EVENLY_COLUMNS[j] ?? c;
      });
    } else if (record[1]?.trim().toLowerCase() === words.totalBalance) {
      record[1] = TOTAL_BALANCE;
    }
    return { ...r, record };
  });
}
