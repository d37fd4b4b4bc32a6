// Cospend's project CSV export (issue #33 point 4), read into import rows. No I/O here.
//
// Format, from Cospend's own code (github.com/julien-nc/cospend-nc, commit 1b39958):
// lib/Service/CospendService.php `getJsonProject` (used by `exportCsvProject`) writes sections
// separated by a blank line, each with its own header:
//   name,weight,active,color                                  (members)
//   what,amount,date,timestamp,payer_name,payer_weight,payer_active,owers,repeat,repeatfreq,
//     repeatallactive,repeatuntil,categoryid,paymentmode,paymentmodeid,comment,deleted  (bills)
//   categoryname,categoryid,icon,color                        (only when there are categories)
//   paymentmodename,paymentmodeid,icon,color                  (only when there are payment modes)
//   currencyname,exchange_rate                                (main currency first, rate 1)
// Amounts are PHP floats in the project's main currency; `owers` are the names joined by ",";
// `deleted` 1 is a bill in the trash. `importCsvProjectStream` (same file) reads the sections
// by their header names, as we do. lib/AppInfo/Application.php: category -11 is
// "Reimbursement". lib/Service/LocalProjectService.php `getBalance`: the payer is credited the
// amount, each ower debited amount × weight / Σ weights (weight 0 counts as 1). Cospend keeps
// floats; we split in whole cents by largest remainder, so a balance can differ from Cospend's
// rounded display by a cent when a bill does not divide evenly.
import { cents } from '@evenly/core';
import type { Cents } from '@evenly/core';
import { readCell } from './csv-cells.js';
import { MAX_IMPORT_ROWS } from './splitwise-format.js';
import type { SplitwiseFile } from './splitwise-format.js';
import type { CsvRecord } from './import-file.js';
import {
  count,
  csvRecords,
  currencyCode,
  fail,
  importFileOf,
  isoDate,
  minorOf,
  People,
  Problems,
  RowBuilder,
  shareByWeight,
  utf8Text,
  weightOf,
} from './import-file.js';

const REIMBURSEMENT_CATEGORY = -11;
/** Symbols a Cospend project may name its main currency by. */
const SYMBOLS: Readonly<Record<string, string>> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY' };

type Section = 'members' | 'bills' | 'categories' | 'paymentmodes' | 'currencies';

const SECTIONS: readonly [Section, readonly string[]][] = [
  ['bills', ['what', 'amount', 'payer_name', 'payer_weight', 'owers']],
  ['members', ['name', 'weight', 'active', 'color']],
  ['paymentmodes', ['paymentmodename', 'paymentmodeid']],
  ['categories', ['categoryname', 'categoryid']],
  ['currencies', ['currencyname', 'exchange_rate']],
];

/** The section a header row starts, or null when the row is not a section header. */
function sectionOf(names: readonly string[]): Section | null {
  for (const [section, needed] of SECTIONS) {
    if (needed.every((k) => names.includes(k))) return section;
  }
  return null;
}

/** True when a CSV header (lower case) is one of Cospend's (a bills header with a timestamp). */
export function isCospendCsvHeader(names: readonly string[]): boolean {
  const s = sectionOf(names);
  return s === 'members' || (s === 'bills' && names.includes('timestamp'));
}

/** The UTC day of a Unix timestamp in seconds (years 1970 to 9999), else null. */
function dateOfTimestamp(text: string): string | null {
  if (!/^\d{1,12}$/.test(text)) return null;
  const stamp = Number(text);
  return stamp < 253402300800 ? new Date(stamp * 1000).toISOString().slice(0, 10) : null;
}

interface Table {
  names: string[];
  rows: CsvRecord[];
}

/** Reads Cospend's project CSV export; throws ImportFileError naming the line of each problem. */
export function readCospendCsv(bytes: Uint8Array): SplitwiseFile {
  const text = utf8Text(bytes);
  // Members, bills and a few hundred category, payment mode and currency rows at most.
  const records = csvRecords(text, MAX_IMPORT_ROWS + 2_000);
  if (records.length === 0) fail(1, 'the file is empty.');
  const tables = new Map<Section, Table>();
  let current: Table | null = null;
  for (const r of records) {
    const names = r.record.map((c) => c.trim().toLowerCase());
    const section = sectionOf(names);
    if (section !== null) {
      current = { names, rows: [] };
      tables.set(section, current);
      continue;
    }
    if (current === null) fail(r.line, 'the file must start with a Cospend section header.');
    current.rows.push(r);
  }
  const bills = tables.get('bills');
  if (bills === undefined) fail(1, 'the file has no bills section (what,amount,…,owers).');
  if (bills.rows.length > MAX_IMPORT_ROWS) {
    fail(
      bills.rows[MAX_IMPORT_ROWS]?.line ?? 1,
      `a file may hold at most ${count(MAX_IMPORT_ROWS)} expenses and payments.`,
    );
  }
  const cell = (t: Table, r: CsvRecord, k: string) => {
    const i = t.names.indexOf(k);
    return i < 0 ? '' : readCell(r.record[i] ?? '');
  };

  // The main currency: the currency with exchange rate 1.
  const currencies = tables.get('currencies');
  const main =
    currencies === undefined
      ? undefined
      : currencies.rows.find((r) => Number(cell(currencies, r, 'exchange_rate')) === 1);
  const mainName =
    currencies === undefined || main === undefined ? '' : cell(currencies, main, 'currencyname');
  const currency = currencyCode(SYMBOLS[mainName] ?? mainName);
  if (currency === null) {
    fail(
      main?.line ?? 1,
      mainName === ''
        ? "the project has no main currency: set one in Cospend's project settings (an ISO code such as EUR) and export again."
        : `the main currency "${mainName}" is not an ISO 4217 code: name it by its code (such as EUR) in Cospend and export again.`,
    );
  }

  const problems = new Problems();
  const people = new People();
  const weights = new Map<number, bigint>();
  const weightFor = (index: number, text: string, line: number) => {
    const w = weightOf(text === '' ? '1' : text);
    if (w === null) problems.add(line, `"${text}" is not a weight.`);
    else if (!weights.has(index)) weights.set(index, w === 0n ? 1_000_000n : w);
  };
  const members = tables.get('members');
  if (members !== undefined) {
    for (const r of members.rows) {
      const i = people.indexOf(cell(members, r, 'name'), r.line);
      weightFor(i, cell(members, r, 'weight'), r.line);
    }
  }
  const categories = new Map<number, string>();
  const cats = tables.get('categories');
  if (cats !== undefined) {
    for (const r of cats.rows) {
      categories.set(Number(cell(cats, r, 'categoryid')), cell(cats, r, 'categoryname'));
    }
  }

  const rows = new RowBuilder();
  for (const r of bills.rows) {
    const get = (k: string) => cell(bills, r, k);
    if (get('what') === 'deleteMeIfYouWant' || get('deleted') === '1') continue;
    const label = `the bill "${get('what')}"`;
    const date = isoDate(get('date')) ?? dateOfTimestamp(get('timestamp'));
    if (date === null) {
      problems.add(r.line, `${label} has no date (YYYY-MM-DD) or timestamp.`);
      continue;
    }
    // PHP writes very small floats as "1.0E-5": not an amount in cents.
    const amount = minorOf(get('amount'), currency, true);
    if (amount === null) {
      problems.add(r.line, `"${get('amount')}" is not an amount in ${currency}.`);
      continue;
    }
    const payerName = get('payer_name');
    if (payerName === '') {
      problems.add(r.line, `${label} has no payer.`);
      continue;
    }
    const payer = people.indexOf(payerName, r.line);
    weightFor(payer, get('payer_weight'), r.line);
    const owerNames = get('owers')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== '');
    if (owerNames.length === 0) {
      problems.add(r.line, `${label} is owed by nobody.`);
      continue;
    }
    const owers = [...new Set(owerNames.map((o) => people.indexOf(o, r.line)))];
    const abs: Cents = cents(Math.abs(amount));
    const sign = amount < 0 ? -1 : 1;
    const parts = shareByWeight(
      abs,
      owers.map((o) => weights.get(o) ?? 1_000_000n),
    );
    const categoryId = Number(get('categoryid'));
    if (categoryId === REIMBURSEMENT_CATEGORY && amount > 0) {
      owers.forEach((to, k) => {
        rows.payment({
          line: r.line,
          date,
          description: get('what'),
          currency,
          from: payer,
          to,
          amountCents: parts[k] ?? cents(0),
        });
      });
      continue;
    }
    rows.expense({
      line: r.line,
      date,
      description: get('what'),
      categoryName: categories.get(categoryId) ?? '',
      currency,
      costCents: abs,
      paid: new Map([[payer, amount]]),
      owed: new Map(owers.map((o, k): [number, number] => [o, sign * (parts[k] ?? 0)])),
    });
  }
  problems.check();
  return importFileOf('cospend', people, rows);
}
