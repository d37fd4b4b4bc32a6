// Spliit's group JSON export (issue #33 point 4), read into import rows. No I/O here.
//
// Format, from Spliit's own code (github.com/spliit-app/spliit, commit edcf11e):
// src/app/groups/[groupId]/expenses/export/json/route.ts answers the Prisma group as JSON:
//   { id, name, information, currency, currencyCode,
//     participants: [{ id, name }],
//     expenses: [{ id, createdAt, expenseDate, title, category: { grouping, name } | null,
//                  amount, originalAmount, originalCurrency, conversionRate, paidById,
//                  paidFor: [{ participantId, shares }], isReimbursement, splitMode, notes, … }],
//     activities: […] }
// prisma/schema.prisma: `amount` and `originalAmount` are Int (minor units of the group's
// currency, resp. of `originalCurrency`); `currencyCode` is the ISO code (older groups only have
// the symbol `currency`). src/lib/shares.ts `getExpenseShares` is the one definition of a share:
// paidFor sorted by participant id, weights 1 (EVENLY) or `shares` (BY_SHARES, BY_PERCENTAGE,
// BY_AMOUNT), floor of amount × w / W, the leftover units by largest remainder with ties rotated
// by FNV-1a(expense id) mod n. src/lib/balances.ts: every expense (reimbursements too) moves
// paid − share, so the balances equal the rows' effects below to the unit.
// We assume Spliit's minor units are ISO 4217's (its currency list says so for the common ones).
import { cents, MAX_AMOUNT_CENTS } from '@evenly/core';
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
  People,
  Problems,
  RowBuilder,
  utf8Text,
} from './import-file.js';

/** Symbols of groups made before Spliit stored `currencyCode`. */
const SYMBOLS: Readonly<Record<string, string>> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY' };

/** Spliit's FNV-1a 32-bit hash of the expense id (src/lib/shares.ts `hashString`). */
function fnv1a(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Spliit's apportionment (src/lib/shares.ts `apportion`), in exact integers: floor shares, then
 * one unit each by largest remainder, ties in the order rotated by `offset`.
 */
export function spliitShares(amount: number, weights: readonly number[], offset: number): number[] {
  const n = weights.length;
  const total = weights.reduce((s, w) => s + BigInt(w), 0n);
  if (n === 0 || total === 0n) return weights.map(() => 0);
  const a = BigInt(amount);
  const floorDiv = (x: bigint, y: bigint) => (x >= 0n ? x / y : -((-x + y - 1n) / y));
  const base = weights.map((w) => floorDiv(a * BigInt(w), total));
  const rest = weights.map((w, index) => ({
    index,
    r: a * BigInt(w) - (base[index] ?? 0n) * total,
  }));
  let left = Number(a - base.reduce((s, x) => s + x, 0n));
  const rotate = (i: number) => (i - offset + n) % n;
  rest.sort((x, y) => (x.r === y.r ? rotate(x.index) - rotate(y.index) : x.r > y.r ? -1 : 1));
  for (const { index } of rest) {
    if (left <= 0) break;
    base[index] = (base[index] ?? 0n) + 1n;
    left -= 1;
  }
  return base.map((b) => Number(b));
}

const record = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const int = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) ? v : null;

/** True when the parsed JSON looks like Spliit's export. */
export function isSpliitJson(data: unknown): boolean {
  const g = record(data);
  return g !== null && Array.isArray(g.participants) && Array.isArray(g.expenses);
}

/** Reads Spliit's group JSON export; throws ImportFileError naming the line of each problem. */
export function readSpliitJson(bytes: Uint8Array): SplitwiseFile {
  const text = utf8Text(bytes);
  const group = record(jsonOf(text));
  if (group === null || !isSpliitJson(group)) {
    fail(1, 'this is not a Spliit group export (no participants and expenses).');
  }
  const lines = jsonEntryLines(text);
  const participants = group.participants as unknown[];
  const expenses = group.expenses as unknown[];
  if (participants.length > MAX_IMPORT_COLUMNS) {
    fail(1, `a file may have at most ${count(MAX_IMPORT_COLUMNS)} people.`);
  }
  if (expenses.length > MAX_IMPORT_ROWS) {
    fail(1, `a file may hold at most ${count(MAX_IMPORT_ROWS)} expenses and payments.`);
  }
  const rawCurrency =
    typeof group.currencyCode === 'string' && group.currencyCode !== ''
      ? group.currencyCode
      : typeof group.currency === 'string'
        ? (SYMBOLS[group.currency.trim()] ?? group.currency)
        : '';
  const currency = currencyCode(rawCurrency);
  if (currency === null) {
    fail(
      1,
      `the group's currency "${rawCurrency}" is not an ISO 4217 code; set one in Spliit and export again.`,
    );
  }

  const people = new People();
  const indexById = new Map<string, number>();
  participants.forEach((p, i) => {
    const line = lines.get('participants')?.[i] ?? 1;
    const r = record(p);
    const id = r?.id;
    const name = r?.name;
    if (typeof id !== 'string' || typeof name !== 'string') {
      fail(line, `participant ${String(i + 1)} has no id or name.`);
    }
    indexById.set(id, people.addDistinct(name, line));
  });

  const problems = new Problems();
  const rows = new RowBuilder();
  expenses.forEach((raw, i) => {
    const line = lines.get('expenses')?.[i] ?? 1;
    const e = record(raw);
    const what = `expense ${String(i + 1)}`;
    if (e === null) return problems.add(line, `${what} is not an object.`);
    const title = typeof e.title === 'string' ? e.title : '';
    const label = `${what} ("${title}")`;
    const date = isoDate(e.expenseDate);
    if (date === null) return problems.add(line, `${label} has no date.`);
    const amount = int(e.amount);
    if (amount === null || Math.abs(amount) > MAX_AMOUNT_CENTS)
      return problems.add(line, `${label}: the amount is not whole minor units.`);
    const payer = typeof e.paidById === 'string' ? indexById.get(e.paidById) : undefined;
    if (payer === undefined)
      return problems.add(line, `${label} is paid by an unknown participant.`);
    const paidFor = Array.isArray(e.paidFor) ? e.paidFor.map(record) : [];
    const owers: { index: number; id: string; shares: number }[] = [];
    for (const pf of paidFor) {
      const id = typeof pf?.participantId === 'string' ? pf.participantId : '';
      const index = indexById.get(id);
      const shares = int(pf?.shares ?? 1);
      if (index === undefined || shares === null || shares < 0) {
        return problems.add(line, `${label} is paid for an unknown participant or bad shares.`);
      }
      owers.push({ index, id, shares });
    }
    if (owers.length === 0) return problems.add(line, `${label} is paid for nobody.`);
    owers.sort((a, b) => (a.id < b.id ? -1 : 1));
    const mode = typeof e.splitMode === 'string' ? e.splitMode : 'EVENLY';
    const weights = owers.map((o) => (mode === 'EVENLY' ? 1 : o.shares));
    if (weights.every((w) => w === 0)) return problems.add(line, `${label} has no shares.`);
    const offset = typeof e.id === 'string' ? fnv1a(e.id) % owers.length : 0;
    const parts = spliitShares(amount, weights, offset);
    // A negative amount (income) moves the other way: paid and owed both negative.
    const owed = new Map<number, number>();
    owers.forEach((o, k) => owed.set(o.index, (owed.get(o.index) ?? 0) + (parts[k] ?? 0)));
    const category = record(e.category);
    const categoryName =
      category === null
        ? ''
        : [category.grouping, category.name].filter((x) => typeof x === 'string').join(' - ');
    const origCurrency = currencyCode(e.originalCurrency);
    const origAmount = int(e.originalAmount);
    const original =
      origCurrency !== null &&
      origCurrency !== currency &&
      origAmount !== null &&
      origAmount > 0 &&
      origAmount <= MAX_AMOUNT_CENTS &&
      amount > 0
        ? { costCents: cents(origAmount), currency: origCurrency }
        : null;
    const cost: Cents = cents(Math.abs(amount));
    if (e.isReimbursement === true && owers.length === 1 && amount > 0) {
      // "A reimbursed B": a payment from the payer to the one paid for.
      return rows.payment({
        line,
        date,
        description: title,
        currency,
        from: payer,
        to: owers[0]?.index ?? payer,
        amountCents: cost,
        original,
      });
    }
    rows.expense({
      line,
      date,
      description: title,
      categoryName,
      currency,
      costCents: cost,
      paid: new Map([[payer, amount]]),
      owed,
      original,
    });
  });
  problems.check();
  return importFileOf('spliit', people, rows);
}
