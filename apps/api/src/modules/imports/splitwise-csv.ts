// Splitwise's group CSV export, read and written (issue #14). No I/O here.
//
// Format: a header `Date,Description,Category,Cost,Currency,<Person 1>,<Person 2>,...`; one row
// per expense or payment (payments have Category "Payment") whose person columns hold each
// person's net effect (paid minus owed; + = is owed), summing to 0; a blank line; then one
// `<date>,Total balance, , ,<currency>,<p1 total>,...` row per currency.
//
// Amounts are read into and written from integer minor units with core's money functions.
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  categoryFromName,
  cents,
  expenseDebts,
  formatMinor,
  isIsoCurrencyCode,
  parseMoney,
  sumCents,
} from '@evenly/core';
import type { Cents, CategoryId } from '@evenly/core';

export const FIXED_COLUMNS = ['Date', 'Description', 'Category', 'Cost', 'Currency'] as const;
export const TOTAL_BALANCE = 'Total balance';
export const PAYMENT_CATEGORY = 'Payment';
/** Rows one import may hold (each becomes an entry written in one transaction). */
export const MAX_IMPORT_ROWS = 20_000;
/** Problems listed in one 400 answer. */
const MAX_PROBLEMS = 20;

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

export class SplitwiseCsvError extends Error {
  constructor(readonly problems: CsvProblem[]) {
    super(problems[0]?.message ?? 'The file is not a Splitwise CSV export.');
  }
}

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

interface Parsed {
  record: string[];
  line: number;
}

function readRecords(text: string): Parsed[] {
  try {
    const out = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
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

/** Reads a Splitwise group CSV export; throws SplitwiseCsvError listing what is wrong. */
export function readSplitwiseCsv(bytes: Uint8Array): SplitwiseFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SplitwiseCsvError([{ line: 1, message: 'The file is not UTF-8 text.' }]);
  }
  const records = readRecords(text);
  const header = records[0];
  if (header === undefined) {
    throw new SplitwiseCsvError([{ line: 1, message: 'The file is empty.' }]);
  }
  const names = header.record.map((c) => c.trim());
  const fixedOk = FIXED_COLUMNS.every((c, i) => names[i]?.toLowerCase() === c.toLowerCase());
  if (!fixedOk) {
    throw new SplitwiseCsvError([
      {
        line: header.line,
        message: `Line ${String(header.line)}: the header must start with ${FIXED_COLUMNS.join(',')} followed by one column per person.`,
      },
    ]);
  }
  const people = names.slice(FIXED_COLUMNS.length);
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
    const currency = cell(4).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency) || !isIsoCurrencyCode(currency)) {
      problem(line, `"${cell(4)}" is not a currency code.`);
      continue;
    }
    const values: Cents[] = [];
    let bad = false;
    for (let i = 0; i < people.length; i++) {
      const v = readSignedMinor(cell(FIXED_COLUMNS.length + i), currency);
      if (v === null) {
        problem(
          line,
          `"${cell(FIXED_COLUMNS.length + i)}" for ${people[i] ?? ''} is not an amount in ${currency}.`,
        );
        bad = true;
        break;
      }
      values.push(v);
    }
    if (bad) continue;
    if (cell(1).toLowerCase() === TOTAL_BALANCE.toLowerCase()) {
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
    const sum = sumCents(values);
    if (sum !== 0) {
      problem(
        line,
        `the person columns add up to ${formatMinor(sum, currency)}, not 0: every row must balance.`,
      );
      continue;
    }
    const categoryName = cell(2);
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
      description: cell(1),
      categoryName,
      category: categoryFromName(categoryName),
      isPayment,
      costCents,
      currency,
      effects: values,
    });
    if (rows.length > MAX_IMPORT_ROWS) {
      problem(line, `a file may hold at most ${String(MAX_IMPORT_ROWS)} expenses and payments.`);
      break;
    }
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
    h.update(
      JSON.stringify([r.date, r.description, r.categoryName, r.costCents, r.currency, r.effects]),
    );
    h.update('\n');
  }
  return h.digest('hex');
}

// ---------------------------------------------------------------------------------------------
// From net effects to entries.

/** An expense whose per-person effect (paid − owed) equals the row's effects exactly. */
export interface ExpensePlan {
  amountCents: Cents;
  /** By person column index. */
  payers: { index: number; paidCents: Cents }[];
  owed: { index: number; owedCents: Cents }[];
}

const byIndex = (m: Map<number, number>) => [...m.entries()].sort((a, b) => a[0] - b[0]);

/**
 * The expense of a row: the people with a positive effect paid it, those with a negative one
 * owe their part. When the cost is more than what changes hands, the difference is what the
 * largest payer (or, when no money changes hands, `fallbackIndex`) paid for themselves: they
 * paid it and owe it, which leaves every effect as it was. The amount is the cost (or what
 * changes hands, when the cost is less).
 */
export function expensePlan(row: SplitwiseRow, fallbackIndex: number): ExpensePlan {
  const positives = row.effects
    .map((v, index) => ({ index, v }))
    .filter((e) => e.v > 0)
    .sort((a, b) => b.v - a.v || a.index - b.index);
  const moved = sumCents(positives.map((p) => p.v));
  const amount = cents(Math.max(row.costCents, moved));
  const extra = cents(amount - moved);
  const selfIndex = positives[0]?.index ?? fallbackIndex;
  const paid = new Map<number, number>();
  const owed = new Map<number, number>();
  for (const p of positives) paid.set(p.index, p.v);
  row.effects.forEach((v, index) => {
    if (v < 0) owed.set(index, -v);
  });
  if (extra > 0) {
    paid.set(selfIndex, (paid.get(selfIndex) ?? 0) + extra);
    owed.set(selfIndex, (owed.get(selfIndex) ?? 0) + extra);
  }
  return {
    amountCents: amount,
    payers: byIndex(paid).map(([index, v]) => ({ index, paidCents: cents(v) })),
    owed: byIndex(owed).map(([index, v]) => ({ index, owedCents: cents(v) })),
  };
}

/**
 * Each person's effect of a plan on the balances, as the ledger books it: every share is owed to
 * the payers pro rata (core's expenseDebts), which with several payers may round differently
 * from paid − owed.
 */
export function ledgerEffects(plan: ExpensePlan, people: number): Cents[] {
  const out = Array.from({ length: people }, () => 0);
  const debts = expenseDebts(
    plan.payers.map((p) => ({ userId: p.index, paidCents: p.paidCents })),
    plan.owed.map((o) => ({ userId: o.index, owedCents: o.owedCents })),
  );
  for (const d of debts) {
    out[d.from] = (out[d.from] ?? 0) - d.cents;
    out[d.to] = (out[d.to] ?? 0) + d.cents;
  }
  return out.map((v) => cents(v));
}

/**
 * The expenses of a row, whose effects on the balances add up to the row's exactly: one
 * expense, or, when several payers would make the ledger's pro-rata rounding differ from the
 * row by a cent, one expense per payer (each owed by some of the people who owe, the first also
 * carrying what was paid for oneself).
 */
export function expensePlans(row: SplitwiseRow, fallbackIndex: number): ExpensePlan[] {
  const one = expensePlan(row, fallbackIndex);
  const n = row.effects.length;
  if (one.payers.length <= 1) return [one];
  const booked = ledgerEffects(one, n);
  if (booked.every((v, i) => v === row.effects[i])) return [one];
  const takers = row.effects
    .map((v, index) => ({ index, left: -v as number }))
    .filter((e) => e.left > 0);
  const givers = row.effects
    .map((v, index) => ({ index, v: v as number }))
    .filter((e) => e.v > 0)
    .sort((a, b) => b.v - a.v || a.index - b.index);
  const moved = sumCents(givers.map((g) => g.v));
  let extra = Math.max(0, row.costCents - moved);
  const plans: ExpensePlan[] = [];
  let t = 0;
  for (const g of givers) {
    const owed = new Map<number, number>();
    let left = g.v;
    while (left > 0) {
      const taker = takers[t];
      if (taker === undefined) throw new Error('unbalanced expense row');
      const part = Math.min(left, taker.left);
      owed.set(taker.index, (owed.get(taker.index) ?? 0) + part);
      left -= part;
      taker.left -= part;
      if (taker.left === 0) t += 1;
    }
    const paid = g.v + extra;
    if (extra > 0) owed.set(g.index, extra);
    extra = 0;
    plans.push({
      amountCents: cents(paid),
      payers: [{ index: g.index, paidCents: cents(paid) }],
      owed: byIndex(owed).map(([index, v]) => ({ index, owedCents: cents(v) })),
    });
  }
  return plans;
}

/** One payment: `from` paid `to` (person column indexes). */
export interface PaymentPlan {
  from: number;
  to: number;
  amountCents: Cents;
}

/**
 * The payments of a "Payment" row: usually one (the payer's effect +x, the recipient's −x);
 * when more people are on the row, the payers are matched with the recipients in column order.
 */
export function paymentPlans(row: SplitwiseRow): PaymentPlan[] {
  const givers = row.effects
    .map((v, index) => ({ index, left: v as number }))
    .filter((e) => e.left > 0);
  const takers = row.effects
    .map((v, index) => ({ index, left: -v as number }))
    .filter((e) => e.left > 0);
  const out: PaymentPlan[] = [];
  let t = 0;
  for (const g of givers) {
    while (g.left > 0) {
      const taker = takers[t];
      if (taker === undefined) throw new Error('unbalanced payment row');
      const amount = Math.min(g.left, taker.left);
      out.push({ from: g.index, to: taker.index, amountCents: cents(amount) });
      g.left -= amount;
      taker.left -= amount;
      if (taker.left === 0) t += 1;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Writing.

/** The header line (CRLF-terminated, as every line written). */
export function csvHeader(people: readonly string[]): string {
  return stringify([[...FIXED_COLUMNS, ...people]], {
    record_delimiter: '\r\n',
    quoted_match: /[\r\n]/,
  });
}

export interface CsvEntry {
  date: string;
  description: string;
  categoryName: string;
  costCents: number;
  currency: string;
  effects: readonly number[];
}

function csvRecord(e: CsvEntry): string[] {
  return [
    e.date,
    e.description,
    e.categoryName,
    formatMinor(e.costCents, e.currency),
    e.currency,
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
    quoted_match: /[\r\n]/,
  });
}

/** The closing lines: a blank line, then one total row per currency. */
export function csvTotals(date: string, totals: ReadonlyMap<string, readonly number[]>): string {
  const rows = [...totals.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([currency, values]) => [
      date,
      TOTAL_BALANCE,
      ' ',
      ' ',
      currency,
      ...values.map((v) => formatMinor(v, currency)),
    ]);
  return '\r\n' + stringify(rows, { record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
}
