// Evenly's own group export (issue #33 point 4), so a group moves between two Evenly servers:
// `group.json` as GET /api/groups/{id}/export.json writes it (also inside export.zip), read into
// import rows. No I/O here.
//
// Format: modules/exports/group-json.ts `groupJson`: { format: "evenly-group-export",
// version: 1, exportedAt, group, people: [{ id, name, guest, member }], expenses: [Expense…],
// payments: [Payment…], categories }, one entry per line; each expense and payment as
// GET /api/expenses/{id} answers it (modules/expenses/expense.mapper.ts): amounts as decimal
// numbers, payers/splits as entered, and for an entry entered in another currency `conversion`
// with the amounts the balances use. The rows' effects are the ledger's own (core's
// expenseDebts: every share owed to the payers pro rata), so the new group's balances equal the
// old one's to the cent; converted entries are entered again in their original currency.
import { cents, expenseDebts } from '@evenly/core';
import type { Cents } from '@evenly/core';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from './splitwise-format.js';
import type { SplitwiseFile } from './splitwise-format.js';
import {
  count,
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
  utf8Text,
} from './import-file.js';

export const EVENLY_GROUP_FORMAT = 'evenly-group-export';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : null;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const idOf = (v: unknown): number | null => {
  const o = obj(v);
  const id = o === null ? v : o.id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
};

/** True when parsed JSON is Evenly's group export. */
export function isEvenlyGroupJson(data: unknown): boolean {
  return obj(data)?.format === EVENLY_GROUP_FORMAT;
}

interface Part {
  userId: number;
  cents: Cents;
}

/** Reads Evenly's group JSON export; throws ImportFileError naming the line of each problem. */
export function readEvenlyGroupJson(bytes: Uint8Array): SplitwiseFile {
  const text = utf8Text(bytes);
  const data = obj(jsonOf(text));
  if (data === null || !isEvenlyGroupJson(data)) {
    fail(1, `this is not an Evenly group export (no "format": "${EVENLY_GROUP_FORMAT}").`);
  }
  const lines = jsonEntryLines(text);
  const expenses = list(data.expenses);
  const payments = list(data.payments);
  if (list(data.people).length > MAX_IMPORT_COLUMNS) {
    fail(1, `a file may have at most ${count(MAX_IMPORT_COLUMNS)} people.`);
  }
  if (expenses.length + payments.length > MAX_IMPORT_ROWS) {
    fail(1, `a file may hold at most ${count(MAX_IMPORT_ROWS)} expenses and payments.`);
  }
  const people = new People();
  const indexOfUser = new Map<number, number>();
  list(data.people).forEach((p, i) => {
    const line = lines.get('people')?.[i] ?? 1;
    const o = obj(p);
    const id = idOf(o);
    const name = o?.name;
    if (id === null || typeof name !== 'string') {
      fail(line, `person ${String(i + 1)} has no id or name.`);
    }
    indexOfUser.set(id, people.addDistinct(name, line));
  });

  const problems = new Problems();
  const rows = new RowBuilder();
  /** Amounts of a list (`key` holds the amount, the user is `user`/`owedBy` or `userId`). */
  const parts = (items: unknown[], key: string, currency: string): Part[] | null => {
    const out: Part[] = [];
    for (const item of items) {
      const o = obj(item);
      const userId = idOf(o?.user ?? o?.owedBy ?? o?.userId);
      const amount = minorOf(o?.[key], currency);
      if (userId === null || !indexOfUser.has(userId) || amount === null) return null;
      out.push({ userId, cents: amount });
    }
    return out;
  };
  const index = (userId: number) => indexOfUser.get(userId) ?? 0;

  expenses.forEach((raw, i) => {
    const line = lines.get('expenses')?.[i] ?? 1;
    const e = obj(raw) ?? {};
    const label = `expense ${String(i + 1)} ("${typeof e.description === 'string' ? e.description : ''}")`;
    const date = isoDate(e.date);
    const entered = currencyCode(e.currency);
    if (date === null || entered === null)
      return problems.add(line, `${label} has no date or currency.`);
    const enteredCost = minorOf(e.amount, entered);
    const conv = obj(e.conversion);
    const currency = conv === null ? entered : currencyCode(conv.currency);
    if (currency === null || enteredCost === null)
      return problems.add(line, `${label} has a bad amount.`);
    const cost = conv === null ? enteredCost : minorOf(conv.amount, currency);
    const payers =
      conv === null
        ? parts(list(e.payers), 'amountPaid', currency)
        : parts(list(conv.payers), 'amountPaid', currency);
    const splits =
      conv === null
        ? parts(list(e.splits), 'amountOwed', currency)
        : parts(list(conv.splits), 'amountOwed', currency);
    if (cost === null || payers === null || splits === null || payers.length === 0) {
      return problems.add(
        line,
        `${label} has a payer or share that is not a person of the file or not an amount.`,
      );
    }
    const paid = new Map<number, number>();
    const owed = new Map<number, number>();
    if (payers.some((p) => p.cents > 0)) {
      for (const d of expenseDebts(
        payers.map((p) => ({ userId: p.userId, paidCents: p.cents })),
        splits.map((s) => ({ userId: s.userId, owedCents: s.cents })),
      )) {
        paid.set(index(d.to), (paid.get(index(d.to)) ?? 0) + d.cents);
        owed.set(index(d.from), (owed.get(index(d.from)) ?? 0) + d.cents);
      }
    }
    // Who paid the most, so what they paid for themselves is theirs again.
    const top = [...payers].sort((a, b) => b.cents - a.cents)[0];
    if (top !== undefined && paid.size === 0) paid.set(index(top.userId), 0);
    rows.expense({
      line,
      date,
      description: typeof e.description === 'string' ? e.description : '',
      categoryName: typeof e.category === 'string' ? e.category : '',
      currency,
      costCents: cost,
      paid,
      owed,
      original:
        conv === null || entered === currency
          ? null
          : { costCents: enteredCost, currency: entered },
    });
  });

  payments.forEach((raw, i) => {
    const line = lines.get('payments')?.[i] ?? 1;
    const p = obj(raw) ?? {};
    const label = `payment ${String(i + 1)}`;
    const date = isoDate(p.date);
    const entered = currencyCode(p.currency);
    const conv = obj(p.conversion);
    const currency = conv === null ? entered : currencyCode(conv.currency);
    const from = idOf(p.paidBy);
    const to = idOf(p.paidTo);
    if (date === null || entered === null || currency === null)
      return problems.add(line, `${label} has no date or currency.`);
    const enteredAmount = minorOf(p.amount, entered);
    const amount = conv === null ? enteredAmount : minorOf(conv.amount, currency);
    if (
      amount === null ||
      enteredAmount === null ||
      from === null ||
      to === null ||
      !indexOfUser.has(from) ||
      !indexOfUser.has(to)
    ) {
      return problems.add(
        line,
        `${label} has a bad amount or a payer or recipient not in the file.`,
      );
    }
    rows.payment({
      line,
      date,
      description: '',
      currency,
      from: index(from),
      to: index(to),
      amountCents: cents(amount),
      original:
        conv === null || entered === currency
          ? null
          : { costCents: enteredAmount, currency: entered },
    });
  });
  problems.check();
  return importFileOf('evenly', people, rows);
}
