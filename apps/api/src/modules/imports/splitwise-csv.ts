// Splitwise's group CSV export, read and written (issue #14). No I/O here. This file reads it;
// splitwise-plans.ts turns rows into entries, splitwise-csv-writer.ts writes the format.
//
// Format: a header `Date,Description,Category,Cost,Currency,<Person 1>,<Person 2>,...`; one row
// per expense or payment (payments have Category "Payment") whose person columns hold each
// person's net effect (paid minus owed; + = is owed), summing to 0; a blank line; then one
// `<date>,Total balance, , ,<currency>,<p1 total>,...` row per currency.
//
// Amounts are read into and written from integer minor units with core's money functions.
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import {
  categoryFromName,
  cents,
  formatMinor,
  isIsoCurrencyCode,
  parseMoney,
  sumCents,
} from '@evenly/core';
import type { Cents } from '@evenly/core';
import { readCell } from './csv-cells.js';
import { withEnglishWords } from './csv-words.js';
import { ImportFileError } from './import-file.js';
import {
  EVENLY_COLUMNS,
  FIXED_COLUMNS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_TOTAL_ROWS,
  PAYMENT_CATEGORY,
  TOTAL_BALANCE,
} from './splitwise-format.js';
import type { CsvProblem, OriginalCost, SplitwiseFile, SplitwiseRow } from './splitwise-format.js';

export {
  FIXED_COLUMNS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  PAYMENT_CATEGORY,
  TOTAL_BALANCE,
} from './splitwise-format.js';
export type { CsvProblem, OriginalCost, SplitwiseFile, SplitwiseRow } from './splitwise-format.js';
export { expensePlan, expensePlans, ledgerEffects, paymentPlans } from './splitwise-plans.js';
export type { ExpensePlan, PaymentPlan } from './splitwise-plans.js';
export { csvHeader, csvRow, csvRows, csvTotals } from './splitwise-csv-writer.js';
export type { CsvEntry } from './splitwise-csv-writer.js';

/** Problems listed in one 400 answer. */
const MAX_PROBLEMS = 20;

export class SplitwiseCsvError extends ImportFileError {}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** A signed decimal ("-12.50", "0", "") in minor units of `currency`; null when not one. */
export function readSignedMinor(text: string, currency: string): Cents | null {
  const t = text.trim();
  if (t === '') return cents(0);
  const negative = t.startsWith('-');
  const r = parseMoney(negative ? t.slice(1) : t, currency);
  if (!r.ok) return null;
  return cents(negative ? -r.cents : r.cents);
}

/** 7 for Evenly's own export (with the original-cost columns), else Splitwise's 5. */
function fixedColumnsOf(names: readonly string[]): number {
  const evenly = EVENLY_COLUMNS.every((c, i) => names[i]?.toLowerCase() === c.toLowerCase());
  return evenly ? EVENLY_COLUMNS.length : FIXED_COLUMNS.length;
}

/** The original-cost cells of a row: null when both are empty, else the cost or a problem. */
function readOriginal(costText: string, currencyText: string, currency: string) {
  if (costText === '' && currencyText === '') return null;
  const code = currencyText.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !isIsoCurrencyCode(code)) {
    return `"${currencyText}" is not an original currency code.`;
  }
  if (code === currency) return `the original currency ${code} is the row's currency.`;
  const cost = readSignedMinor(costText, code);
  if (cost === null || cost <= 0) return `"${costText}" is not an original cost in ${code}.`;
  const out: OriginalCost = { costCents: cost, currency: code };
  return out;
}

interface Parsed {
  record: string[];
  line: number;
}

/** The file's records, at most `upTo` of them (the parser stops there). */
function readRecords(text: string, upTo: number): Parsed[] {
  try {
    const out = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      to: upTo,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return out.map((r) => ({ record: r.record, line: r.info.lines }));
  } catch (e) {
    const line =
      typeof e === 'object' && e !== null && 'lines' in e && typeof e.lines === 'number'
        ? e.lines
        : 1;
    const reason = e instanceof Error ? e.message.replace(/^Invalid [^:]*:\s*/, '') : '';
    throw new SplitwiseCsvError([
      { line, message: `Line ${String(line)}: this is not valid CSV (${reason}).` },
    ]);
  }
}

/** 20000 → "20,000". */
const count = (n: number) => n.toLocaleString('en-US');

/** Refuses more than MAX_IMPORT_ROWS expense and payment rows (or MAX_TOTAL_ROWS totals). */
function checkRowCount(records: readonly Parsed[]): void {
  let entries = 0;
  let totals = 0;
  for (const { record, line } of records.slice(1)) {
    const isTotal = readCell(record[1] ?? '').toLowerCase() === TOTAL_BALANCE.toLowerCase();
    if (isTotal) totals += 1;
    else entries += 1;
    if (entries > MAX_IMPORT_ROWS || totals > MAX_TOTAL_ROWS) {
      throw new SplitwiseCsvError([
        {
          line,
          message: `Line ${String(line)}: a file may hold at most ${count(MAX_IMPORT_ROWS)} expenses and payments${isTotal ? ` and ${count(MAX_TOTAL_ROWS)} total balance rows` : ''}.`,
        },
      ]);
    }
  }
}

/** Reads a Splitwise group CSV export; throws SplitwiseCsvError listing what is wrong. */
export function readSplitwiseCsv(bytes: Uint8Array): SplitwiseFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SplitwiseCsvError([{ line: 1, message: 'The file is not UTF-8 text.' }]);
  }
  // The limits first, before any work per cell (issue #30): the header alone, then the records
  // up to one past the most a file may hold.
  // Our export in another language (issue #32) reads as the English one.
  const header = withEnglishWords(readRecords(text, 1))[0];
  if (header === undefined) {
    throw new SplitwiseCsvError([{ line: 1, message: 'The file is empty.' }]);
  }
  const fixed = fixedColumnsOf(header.record.map(readCell));
  const columns = header.record.length - fixed;
  if (columns > MAX_IMPORT_COLUMNS) {
    throw new SplitwiseCsvError([
      {
        line: header.line,
        message: `Line ${String(header.line)}: a file may have at most ${count(MAX_IMPORT_COLUMNS)} person columns; this one has ${count(columns)}.`,
      },
    ]);
  }
  const records = withEnglishWords(readRecords(text, 1 + MAX_IMPORT_ROWS + MAX_TOTAL_ROWS + 1));
  checkRowCount(records);
  // Names and descriptions lose the quote our export puts before a would-be formula (#30).
  const names = header.record.map(readCell);
  const fixedOk = FIXED_COLUMNS.every((c, i) => names[i]?.toLowerCase() === c.toLowerCase());
  if (!fixedOk) {
    throw new SplitwiseCsvError([
      {
        line: header.line,
        message: `Line ${String(header.line)}: the header must start with ${FIXED_COLUMNS.join(',')} followed by one column per person.`,
      },
    ]);
  }
  const people = names.slice(fixed);
  const problems: CsvProblem[] = [];
  const problem = (line: number, message: string) => {
    if (problems.length < MAX_PROBLEMS) {
      problems.push({ line, message: `Line ${String(line)}: ${message}` });
    }
  };
  if (people.length < 2) problem(header.line, 'the file needs at least two person columns.');
  const seen = new Set<string>();
  for (const p of people) {
    if (p === '') problem(header.line, 'a person column has no name.');
    else if (seen.has(p.toLowerCase())) problem(header.line, `the person "${p}" appears twice.`);
    seen.add(p.toLowerCase());
  }
  if (problems.length > 0) throw new SplitwiseCsvError(problems);

  const rows: SplitwiseRow[] = [];
  const stated = new Map<string, { line: number; values: Cents[] }>();
  for (const { record, line } of records.slice(1)) {
    if (record.length !== names.length) {
      problem(
        line,
        `expected ${String(names.length)} columns as in the header, found ${String(record.length)}.`,
      );
      continue;
    }
    const cell = (i: number) => (record[i] ?? '').trim();
    const text = (i: number) => readCell(record[i] ?? '');
    const currency = cell(4).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency) || !isIsoCurrencyCode(currency)) {
      problem(line, `"${cell(4)}" is not a currency code.`);
      continue;
    }
    const values: Cents[] = [];
    let bad = false;
    for (let i = 0; i < people.length; i++) {
      const v = readSignedMinor(cell(fixed + i), currency);
      if (v === null) {
        problem(
          line,
          `"${cell(fixed + i)}" for ${people[i] ?? ''} is not an amount in ${currency}.`,
        );
        bad = true;
        break;
      }
      values.push(v);
    }
    if (bad) continue;
    if (text(1).toLowerCase() === TOTAL_BALANCE.toLowerCase()) {
      stated.set(currency, { line, values });
      continue;
    }
    if (!isCalendarDate(cell(0))) {
      problem(line, `"${cell(0)}" is not a date (YYYY-MM-DD).`);
      continue;
    }
    const cost = readSignedMinor(cell(3), currency);
    if (cost === null) {
      problem(line, `"${cell(3)}" is not a cost in ${currency}.`);
      continue;
    }
    const original =
      fixed === EVENLY_COLUMNS.length ? readOriginal(cell(5), cell(6), currency) : null;
    if (typeof original === 'string') {
      problem(line, original);
      continue;
    }
    const sum = sumCents(values);
    if (sum !== 0) {
      problem(
        line,
        `the person columns add up to ${formatMinor(sum, currency)}, not 0: every row must balance.`,
      );
      continue;
    }
    const categoryName = text(2);
    const isPayment = categoryName.toLowerCase() === PAYMENT_CATEGORY.toLowerCase();
    const costCents = cents(Math.abs(cost));
    if (costCents === 0 && values.every((v) => v === 0)) {
      problem(line, 'the row has no cost and moves no money.');
      continue;
    }
    if (isPayment && values.every((v) => v === 0)) {
      problem(line, 'the payment moves no money between the people.');
      continue;
    }
    rows.push({
      line,
      date: cell(0),
      description: text(1),
      categoryName,
      category: categoryFromName(categoryName),
      isPayment,
      costCents,
      currency,
      effects: values,
      original,
    });
  }
  const converted = rows.find((r) => r.original !== null);
  if (converted !== undefined && new Set(rows.map((r) => r.currency)).size > 1) {
    problem(
      converted.line,
      'a row with an original cost needs every row in one currency (the group converts into it).',
    );
  }
  if (problems.length === 0 && rows.length === 0) {
    problem(header.line + 1, 'the file has no expenses or payments.');
  }
  if (problems.length > 0) throw new SplitwiseCsvError(problems);

  const totals = new Map<string, Cents[]>();
  for (const row of rows) {
    const t = totals.get(row.currency) ?? people.map(() => cents(0));
    totals.set(
      row.currency,
      t.map((v, i) => cents(v + (row.effects[i] ?? 0))),
    );
  }
  for (const [currency, { line, values }] of stated) {
    const computed = totals.get(currency) ?? people.map(() => cents(0));
    const wrong = people.findIndex((_, i) => computed[i] !== values[i]);
    if (wrong >= 0) {
      problem(
        line,
        `the total balance of ${people[wrong] ?? ''} is ${formatMinor(values[wrong] ?? 0, currency)} ${currency} but the rows add up to ${formatMinor(computed[wrong] ?? 0, currency)}.`,
      );
    }
  }
  if (problems.length > 0) throw new SplitwiseCsvError(problems);

  return { people, rows, totals, hash: hashOf(people, rows) };
}

function hashOf(people: readonly string[], rows: readonly SplitwiseRow[]): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(people));
  for (const r of rows) {
    // A row without an original cost hashes as before, so a Splitwise file imported earlier
    // is still recognised.
    const fields = [r.date, r.description, r.categoryName, r.costCents, r.currency, r.effects];
    if (r.original !== null) fields.push(r.original.costCents, r.original.currency);
    h.update(JSON.stringify(fields));
    h.update('\n');
  }
  return h.digest('hex');
}
