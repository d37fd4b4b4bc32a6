// What every import format is read into (issue #33 point 4): the Splitwise importer's own
// intermediate file (people, and rows whose person columns hold each person's net effect in
// integer minor units), so one preview / "who is who" / commit flow serves every format. The
// readers of the other apps (spliit-json.ts, ihatemoney-file.ts, cospend-csv.ts, tricount-csv.ts,
// evenly-json.ts) build their rows with `RowBuilder` and finish with `importFileOf`. No I/O here.
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { categoryFromName, cents, isIsoCurrencyCode, parseMoney, splitAmount } from '@evenly/core';
import type { Cents } from '@evenly/core';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, PAYMENT_CATEGORY } from './splitwise-format.js';
import type { CsvProblem, OriginalCost, SplitwiseFile, SplitwiseRow } from './splitwise-format.js';

/** Problems listed in one 400 answer. */
const MAX_PROBLEMS = 20;

/** A file that is not what its format says: each problem names its line. */
export class ImportFileError extends Error {
  constructor(readonly problems: CsvProblem[]) {
    super(problems[0]?.message ?? 'The file could not be read.');
  }
}

/** 20000 → "20,000". */
export const count = (n: number) => n.toLocaleString('en-US');

/** Collects problems ("Line 7: …"), at most MAX_PROBLEMS of them. */
export class Problems {
  readonly list: CsvProblem[] = [];
  add(line: number, message: string): void {
    if (this.list.length < MAX_PROBLEMS) {
      this.list.push({ line, message: `Line ${String(line)}: ${message}` });
    }
  }
  /** Throws the problems found so far, if any. */
  check(): void {
    if (this.list.length > 0) throw new ImportFileError(this.list);
  }
}

/** Throws a one-problem ImportFileError. */
export function fail(line: number, message: string): never {
  throw new ImportFileError([{ line, message: `Line ${String(line)}: ${message}` }]);
}

/** The bytes as UTF-8 text without a byte order mark. */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return fail(1, 'the file is not UTF-8 text.');
  }
}

export interface CsvRecord {
  record: string[];
  /** 1-based line where the record ends. */
  line: number;
}

/**
 * A CSV file's records (empty lines kept out, their line numbers kept), at most `upTo` (the
 * parser stops there, so a huge file costs no more than the limit).
 */
export function csvRecords(text: string, upTo: number, delimiter = ','): CsvRecord[] {
  try {
    const out = parse(text, {
      delimiter,
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
    return fail(line, `this is not valid CSV (${reason}).`);
  }
}

/** JSON text parsed, or a 400 naming the line of the syntax error. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const reason = e instanceof Error ? e.message : '';
    const at = /position (\d+)/.exec(reason);
    const line = at === null ? 1 : text.slice(0, Number(at[1])).split('\n').length;
    return fail(line, `this is not valid JSON (${reason}).`);
  }
}

/** An ISO 4217 code (any case, trimmed), or null. */
export function currencyCode(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const code = text.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) && isIsoCurrencyCode(code) ? code : null;
}

/**
 * A non-negative decimal (string or JSON number, e.g. "12.5", 12.5, "-3" with `signed`) in
 * minor units of `currency`; null when it is not one or has more decimals than the currency.
 * Numbers are read through their shortest decimal text, never multiplied as floats.
 */
export function minorOf(value: unknown, currency: string, signed = false): Cents | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  let t = text.trim();
  const negative = t.startsWith('-');
  if (negative) {
    if (!signed) return null;
    t = t.slice(1);
  }
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const r = parseMoney(t, currency);
  if (!r.ok) return null;
  return cents(negative ? -r.cents : r.cents);
}

/** A non-negative decimal weight ("1", "1.5", 2) as an exact integer ratio part (×10⁶). */
export function weightOf(value: unknown): bigint | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const m = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (m === null) return null;
  return BigInt(m[1] ?? '0') * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0'));
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The YYYY-MM-DD a text starts with when it is a calendar date, else null. */
export function isoDate(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const m = DATE.exec(text.trim());
  if (m === null) return null;
  const day = m[0];
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day ? day : null;
}

/** The people of a file by name: each name once (a second "Ann" becomes "Ann (2)"). */
export class People {
  readonly names: string[] = [];
  private readonly byKey = new Map<string, number>();

  /** The index of this name, added when new. */
  indexOf(name: string, line: number): number {
    const n = name.trim();
    if (n === '') fail(line, 'a person has no name.');
    const key = n.toLowerCase();
    const found = this.byKey.get(key);
    if (found !== undefined) return found;
    if (this.names.length >= MAX_IMPORT_COLUMNS) {
      fail(line, `a file may have at most ${count(MAX_IMPORT_COLUMNS)} people.`);
    }
    this.byKey.set(key, this.names.length);
    this.names.push(n);
    return this.names.length - 1;
  }

  /** A new person, named apart from the others when the name is taken. */
  addDistinct(name: string, line: number): number {
    let n = name.trim();
    for (let i = 2; this.byKey.has(n.toLowerCase()); i++) n = `${name.trim()} (${String(i)})`;
    return this.indexOf(n, line);
  }
}

/** Each person's share of `amount` by weight (largest remainder, core's splitAmount). */
export function shareByWeight(amount: Cents, weights: readonly bigint[]): Cents[] {
  return splitAmount(amount, weights);
}

export interface EntryInput {
  line: number;
  date: string;
  description: string;
  categoryName: string;
  currency: string;
  /** What the entry cost in `currency` (minor units, ≥ 0). */
  costCents: Cents;
  /** Paid, by person index, in minor units. */
  paid: ReadonlyMap<number, number>;
  /** Owed, by person index, in minor units. */
  owed: ReadonlyMap<number, number>;
  original?: OriginalCost | null;
}

/** A row before the number of people is known: effects by person index. */
type PendingRow = Omit<SplitwiseRow, 'effects'> & { effectsByIndex: Map<number, number> };

/** Rows of an import, from what each person paid and owes, checked against the limits. */
export class RowBuilder {
  readonly rows: PendingRow[] = [];

  private push(row: PendingRow): void {
    if (this.rows.length >= MAX_IMPORT_ROWS) {
      fail(row.line, `a file may hold at most ${count(MAX_IMPORT_ROWS)} expenses and payments.`);
    }
    this.rows.push(row);
  }

  /** An expense: each person's effect is what they paid minus what they owe. */
  expense(e: EntryInput): void {
    const effects = new Map<number, number>();
    for (const [i, v] of e.paid) effects.set(i, (effects.get(i) ?? 0) + v);
    for (const [i, v] of e.owed) effects.set(i, (effects.get(i) ?? 0) - v);
    const payer = [...e.paid.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    this.push({
      line: e.line,
      date: e.date,
      description: e.description,
      categoryName: e.categoryName,
      category: categoryFromName(e.categoryName),
      isPayment: false,
      costCents: e.costCents,
      currency: e.currency,
      original: e.original ?? null,
      ...(payer === undefined ? {} : { payerIndex: payer }),
      effectsByIndex: effects,
    });
  }

  /** A payment of `amount` from one person to another (a payment to oneself moves nothing). */
  payment(p: {
    line: number;
    date: string;
    description: string;
    currency: string;
    from: number;
    to: number;
    amountCents: Cents;
    original?: OriginalCost | null;
  }): void {
    if (p.from === p.to || p.amountCents === 0) return;
    this.push({
      line: p.line,
      date: p.date,
      description: p.description,
      categoryName: PAYMENT_CATEGORY,
      category: categoryFromName(PAYMENT_CATEGORY),
      isPayment: true,
      costCents: p.amountCents,
      currency: p.currency,
      original: p.original ?? null,
      effectsByIndex: new Map([
        [p.from, p.amountCents],
        [p.to, -p.amountCents],
      ]),
    });
  }
}

/**
 * The finished file: every row's effects over all the people, the totals per currency, and a
 * hash of the content (prefixed with the format, so the same rows from two apps are two files).
 */
export function importFileOf(format: string, people: People, builder: RowBuilder): SplitwiseFile {
  const n = people.names.length;
  if (n < 2) fail(1, 'the file needs at least two people.');
  const rows = builder.rows.map(({ effectsByIndex, ...rest }): SplitwiseRow => ({
    ...rest,
    effects: Array.from({ length: n }, (_, i) => cents(effectsByIndex.get(i) ?? 0)),
  }));
  // A row that costs nothing and moves nothing would be an empty expense.
  const kept = rows.filter((r) => r.costCents > 0 || r.effects.some((v) => v !== 0));
  if (kept.length === 0) fail(1, 'the file has no expenses or payments.');
  const converted = kept.find((r) => r.original !== null);
  if (converted !== undefined && new Set(kept.map((r) => r.currency)).size > 1) {
    // As for Evenly's own CSV: converted entries need the group in one currency.
    for (const r of kept) r.original = null;
  }
  const totals = new Map<string, Cents[]>();
  for (const row of kept) {
    const t = totals.get(row.currency) ?? Array.from({ length: n }, () => cents(0));
    totals.set(
      row.currency,
      t.map((v, i) => cents(v + (row.effects[i] ?? 0))),
    );
  }
  const h = createHash('sha256');
  h.update(format);
  h.update(JSON.stringify(people.names));
  for (const r of kept) {
    h.update(JSON.stringify([r.date, r.description, r.categoryName, r.costCents, r.currency]));
    h.update(JSON.stringify([r.effects, r.original]));
    h.update('\n');
  }
  return { people: [...people.names], rows: kept, totals, hash: h.digest('hex') };
}

/**
 * The line each element of the file's top-level arrays starts on: for a JSON array at the root,
 * under the key ""; for an object at the root, under each key whose value is an array. Lets a
 * JSON reader name the line of a bad entry (one line per entry in a pretty-printed file, line 1
 * for a file on one line). A tiny scanner: strings (with escapes), nesting, line breaks.
 */
export function jsonEntryLines(text: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  let line = 1;
  let depth = 0;
  let rootIsArray = false;
  let key = '';
  let lastString = '';
  /** The key of the top-level array being read (depth 2 of a root object, 1 of a root array). */
  let arrayKey: string | null = null;
  let expectValue = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') {
      line += 1;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') continue;
    const entryDepth = rootIsArray ? 1 : 2;
    if (arrayKey !== null && depth === entryDepth && expectValue && ch !== ']' && ch !== ',') {
      const list = out.get(arrayKey) ?? [];
      list.push(line);
      out.set(arrayKey, list);
      expectValue = false;
    }
    if (ch === '"') {
      let j = i + 1;
      let s = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j += 1;
        else s += text[j];
        j += 1;
      }
      lastString = s;
      i = j;
      continue;
    }
    if (ch === ':') {
      if (depth === 1 && !rootIsArray) key = lastString;
      continue;
    }
    if (ch === ',') {
      if (arrayKey !== null && depth === entryDepth) expectValue = true;
      continue;
    }
    if (ch === '{' || ch === '[') {
      if (depth === 0 && ch === '[') {
        rootIsArray = true;
        arrayKey = '';
        expectValue = true;
      } else if (depth === 1 && !rootIsArray && ch === '[') {
        arrayKey = key;
        expectValue = true;
      }
      depth += 1;
      continue;
    }
    if (ch === '}' || ch === ']') {
      depth -= 1;
      if (depth === (rootIsArray ? 0 : 1)) arrayKey = null;
    }
  }
  return out;
}
