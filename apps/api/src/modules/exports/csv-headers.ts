// The CSV export's header words in the reader's language (issue #32). Splitwise's importer and
// ours recognise the file by its English headers, so `?headers=splitwise` keeps those: the file
// then imports back as it always did. Cell values (descriptions, categories, "Payment") are data
// and stay as stored.
import type { Translator } from '../../i18n/index.js';

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
