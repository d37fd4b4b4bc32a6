// IHateMoney's bill export, JSON or CSV (issue #33 point 4), read into import rows. No I/O here.
//
// Format, from IHateMoney's own code (github.com/spiral-project/ihatemoney, commit 52e5720):
// ihatemoney/web.py `export_project` serves `/<project>/export/bills.json|csv` from
// models.py `Project.get_pretty_bills`: one object per bill with the keys, in this order,
//   what, bill_type ("Expense" | "Reimbursement"), amount (a number rounded to 2 decimals),
//   currency (ISO code, "XXX" for a project without currency), date (YYYY-MM-DD),
//   payer_name, payer_weight (the payer's weight), owers (JSON: a list of names; CSV: the
//   names joined by ", ").
// utils.py `list_of_dicts2csv` writes the header from those keys and puts a quote before a
// text cell starting with = + - @ tab or newline; exports from before 7.0 have no bill_type
// and no currency (tests/import_test.py keeps such files).
// models.py `Project.full_balance`: the payer is credited the amount, each ower debited
// weight × amount / Σ weights (a reimbursement the same way, as transferred/received). A
// member's weight is the payer_weight of the bills they paid (1 for someone who never paid, as
// models.py `get_members` does on import). IHateMoney keeps floats; we split each amount in
// whole cents by largest remainder, so a balance can differ from IHateMoney's rounded display
// by a cent when a bill does not divide evenly.
import { cents } from '@evenly/core';
import { readCell } from './csv-cells.js';
import { MAX_IMPORT_ROWS } from './splitwise-format.js';
import type { SplitwiseFile } from './splitwise-format.js';
import {
  count,
  csvRecords,
  currencyCode,
  fail,
  importFileOf,
  isoDate,
  jsonEntryLines,
  jsonOf,
  minorOf,
  People,
  Problems,
  RowBuilder,
  shareByWeight,
  utf8Text,
  weightOf,
} from './import-file.js';

/** One bill as exported, with the line it starts on. */
interface Bill {
  line: number;
  what: string;
  billType: string;
  amount: unknown;
  currency: string;
  date: unknown;
  payerName: string;
  payerWeight: unknown;
  owers: string[];
}

const BILL_KEYS = ['what', 'amount', 'date', 'payer_name', 'payer_weight', 'owers'] as const;

/** True when a CSV header (lower case) is IHateMoney's (Cospend's has a timestamp column). */
export function isIhmCsvHeader(names: readonly string[]): boolean {
  return BILL_KEYS.every((k) => names.includes(k)) && !names.includes('timestamp');
}

/** True when parsed JSON is an array of IHateMoney bills. */
export function isIhmJson(data: unknown): boolean {
  if (!Array.isArray(data)) return false;
  const first: unknown = data[0];
  return typeof first === 'object' && first !== null && 'payer_name' in first && 'owers' in first;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function billsOfJson(text: string): Bill[] {
  const data = jsonOf(text);
  if (!isIhmJson(data) || !Array.isArray(data)) {
    fail(1, 'this is not an IHateMoney bills export (a list of bills with payer_name and owers).');
  }
  if (data.length > MAX_IMPORT_ROWS) {
    fail(1, `a file may hold at most ${count(MAX_IMPORT_ROWS)} expenses and payments.`);
  }
  const lines = jsonEntryLines(text).get('') ?? [];
  return data.map((raw: unknown, i): Bill => {
    const b = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    return {
      line: lines[i] ?? 1,
      what: str(b.what),
      billType: str(b.bill_type),
      amount: b.amount,
      currency: str(b.currency),
      date: b.date,
      payerName: str(b.payer_name),
      payerWeight: b.payer_weight,
      owers: Array.isArray(b.owers) ? b.owers.map(str) : [],
    };
  });
}

function billsOfCsv(text: string): Bill[] {
  const records = csvRecords(text, 1 + MAX_IMPORT_ROWS + 1);
  const header = records[0];
  if (header === undefined) fail(1, 'the file is empty.');
  const names = header.record.map((c) => c.trim().toLowerCase());
  if (!isIhmCsvHeader(names)) {
    fail(header.line, `the header must name the columns ${BILL_KEYS.join(', ')}.`);
  }
  if (records.length > 1 + MAX_IMPORT_ROWS) {
    fail(
      records[records.length - 1]?.line ?? 1,
      `a file may hold at most ${count(MAX_IMPORT_ROWS)} expenses and payments.`,
    );
  }
  const col = (r: string[], k: string) => {
    const i = names.indexOf(k);
    return i < 0 ? '' : readCell(r[i] ?? '');
  };
  return records.slice(1).map(({ record, line }) => ({
    line,
    what: col(record, 'what'),
    billType: col(record, 'bill_type'),
    amount: col(record, 'amount'),
    currency: col(record, 'currency'),
    date: col(record, 'date'),
    payerName: col(record, 'payer_name'),
    payerWeight: col(record, 'payer_weight'),
    owers: col(record, 'owers')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
  }));
}

/** Reads IHateMoney's bills export (JSON or CSV); throws ImportFileError naming lines. */
export function readIhateMoney(bytes: Uint8Array): SplitwiseFile {
  const text = utf8Text(bytes);
  const bills = text.trimStart().startsWith('[') ? billsOfJson(text) : billsOfCsv(text);
  const problems = new Problems();
  const people = new People();
  const weights = new Map<number, bigint>();
  // The people first (payers, then owers, in file order), with each payer's weight.
  for (const b of bills) {
    if (b.payerName.trim() === '') continue;
    const i = people.indexOf(b.payerName, b.line);
    const w = weightOf(b.payerWeight);
    if (w === null || w === 0n) problems.add(b.line, `"${str(b.payerWeight)}" is not a weight.`);
    else weights.set(i, w);
  }
  for (const b of bills) for (const o of b.owers) people.indexOf(o, b.line);
  problems.check();

  const rows = new RowBuilder();
  for (const b of bills) {
    const label = `the bill "${b.what}"`;
    const currency = currencyCode(b.currency);
    if (currency === null) {
      problems.add(
        b.line,
        b.currency === '' || b.currency.toUpperCase() === 'XXX'
          ? `${label} has no currency: choose the project's currency in IHateMoney's settings and export again.`
          : `"${b.currency}" is not a currency code.`,
      );
      continue;
    }
    const date = isoDate(b.date);
    if (date === null) {
      problems.add(b.line, `"${str(b.date)}" is not a date (YYYY-MM-DD).`);
      continue;
    }
    const amount = minorOf(b.amount, currency, true);
    if (amount === null) {
      problems.add(b.line, `"${str(b.amount)}" is not an amount in ${currency}.`);
      continue;
    }
    if (b.payerName.trim() === '') {
      problems.add(b.line, `${label} has no payer.`);
      continue;
    }
    if (b.owers.length === 0) {
      problems.add(b.line, `${label} is owed by nobody.`);
      continue;
    }
    const payer = people.indexOf(b.payerName, b.line);
    const owers = [...new Set(b.owers.map((o) => people.indexOf(o, b.line)))];
    const abs = cents(Math.abs(amount));
    const sign = amount < 0 ? -1 : 1;
    const parts = shareByWeight(
      abs,
      owers.map((o) => weights.get(o) ?? 1_000_000n),
    );
    const isReimbursement = b.billType.toLowerCase() === 'reimbursement';
    if (isReimbursement && amount > 0) {
      owers.forEach((to, k) => {
        rows.payment({
          line: b.line,
          date,
          description: b.what,
          currency,
          from: payer,
          to,
          amountCents: parts[k] ?? cents(0),
        });
      });
      continue;
    }
    rows.expense({
      line: b.line,
      date,
      description: b.what,
      categoryName: '',
      currency,
      costCents: abs,
      paid: new Map([[payer, amount]]),
      owed: new Map(owers.map((o, k): [number, number] => [o, sign * (parts[k] ?? 0)])),
    });
  }
  problems.check();
  return importFileOf('ihatemoney', people, rows);
}
