// The imports module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry). The group CSV export writes the same
// Splitwise format the import reads.
export { csvHeader, csvRows, csvTotals, PAYMENT_CATEGORY } from './splitwise-csv.js';
export type { CsvEntry, OriginalCost } from './splitwise-csv.js';
export { csvWords } from './csv-words.js';
export type { CsvWords } from './csv-words.js';
