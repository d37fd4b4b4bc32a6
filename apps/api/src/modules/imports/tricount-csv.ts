// Tricount's CSV export (issue #33 point 4), read into import rows. No I/O here.
//
// Tricount is closed source and documents no export format, so this reader is tolerant and
// its assumptions are stated here (UNCERTAIN: check against a real export when one is at hand).
// What the app's "Export" (Settings → Export to Excel/CSV) is known to hold: one row per
// transaction with the columns `Title`, `Amount`, `Currency`, `Exchange rate`, `Date & time`,
// `Paid by`, `Impacted to`, `Type`, `Category`; newer exports add `Amount in default currency
// (EUR)` and one `Impacted to <name>` (and `Paid by <name>`) column per participant holding that
// person's part. Sources: the column names reported by users moving to other apps (e.g.
// github.com/julien-nc/cospend-nc issue #38 "import from tricount", whose sample was French, and
// github.com/MrNachoX/tricount-downloader, which rebuilds the same columns from Tricount's API:
// "Who Paid, Total, Currency, Description, When, Involved, Category").
// So we read:
// - the delimiter: `;` when the header has more of them than commas (spreadsheet locales);
// - columns by name, in any order and case: Title (or Description), Amount, Currency,
//   `Amount in default currency (XXX)` (the group's currency XXX, used for the balances when
//   present, the entered amount and currency kept as what was entered), Date & time (or Date:
//   YYYY-MM-DD…, or DD/MM/YYYY or DD.MM.YYYY as Tricount's European locales write it), Type,
//   Category;
// - who paid: one `Paid by <name>` column per person (their part) or one `Paid by` name;
// - for whom: one `Impacted to <name>` column per person (their part, used as a weight of the
//   amount, so it does not matter whether the parts are in the entered or the group's currency)
//   or one `Impacted to` cell of names separated by `,` or `;` (an equal split);
// - Type: "Money transfer"/"Transfer"/"Reimbursement" is a payment, "Income" moves the other way
//   (the one who received it owes the others), anything else is an expense. Amounts may be
//   written negative (spending); their sign is ignored except for Income.
import { cents } from '@evenly/core';
import type { Cents } from '@evenly/core';
import { readCell } from './csv-cells.js';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from './splitwise-format.js';
import type { SplitwiseFile } from './splitwise-format.js';
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

const DEFAULT_AMOUNT = /^amount in default currency\s*\(([a-z]{3})\)$/i;
const PAID_BY_ONE = /^paid by (.+)$/i;
const IMPACTED_ONE = /^impacted to (.+)$/i;

/** True when a CSV header (lower case) is Tricount's. */
export function isTricountCsvHeader(names: readonly string[]): boolean {
  return (
    names.includes('amount') &&
    names.some((n) => n.startsWith('paid by')) &&
    names.some((n) => n.startsWith('impacted to'))
  );
}

/** `;` for a header with more semicolons than commas. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n'));
  return (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** YYYY-MM-DD from "2025-03-04 12:00", "04/03/2025 12:00" or "04.03.2025". */
function dateOf(text: string): string | null {
  const iso = isoDate(text);
  if (iso !== null) return iso;
  const m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})/.exec(text.trim());
  if (m === null) return null;
  return isoDate(`${m[3] ?? ''}-${(m[2] ?? '').padStart(2, '0')}-${(m[1] ?? '').padStart(2, '0')}`);
}

/** Reads Tricount's CSV export; throws ImportFileError naming the line of each problem. */
export function readTricountCsv(bytes: Uint8Array): SplitwiseFile {
  const text = utf8Text(bytes);
  const records = csvRecords(text, 1 + MAX_IMPORT_ROWS + 1, delimiterOf(text));
  const header = records[0];
  if (header === undefined) fail(1, 'the file is empty.');
  const raw = header.record.map((c) => readCell(c));
  const names = raw.map((c) => c.toLowerCase());
  if (!isTricountCsvHeader(names)) {
    fail(header.line, 'the header must name the columns Amount, Paid by and Impacted to.');
  }
  if (raw.length > MAX_IMPORT_COLUMNS * 2 + 20) {
    fail(header.line, `a file may have at most ${count(MAX_IMPORT_COLUMNS)} people.`);
  }
  if (records.length > 1 + MAX_IMPORT_ROWS) {
    fail(
      records[1 + MAX_IMPORT_ROWS]?.line ?? 1,
      `a file may hold at most ${count(MAX_IMPORT_ROWS)} expenses and payments.`,
    );
  }
  const at = (...keys: string[]) => names.findIndex((n) => keys.includes(n));
  const iTitle = at('title', 'description');
  const iAmount = at('amount');
  const iCurrency = at('currency');
  const iDate = at('date & time', 'date');
  const iType = at('type', 'transaction type');
  const iCategory = at('category');
  const iPaidBy = at('paid by');
  const iImpacted = at('impacted to');
  const iDefault = raw.findIndex((n) => DEFAULT_AMOUNT.test(n));
  const groupCurrency =
    iDefault < 0 ? null : currencyCode(DEFAULT_AMOUNT.exec(raw[iDefault] ?? '')?.[1]);

  const people = new People();
  const perPerson = (re: RegExp) =>
    raw.flatMap((n, column) => {
      const m = re.exec(n);
      return m === null || m[1] === undefined
        ? []
        : [{ column, index: people.indexOf(m[1], header.line) }];
    });
  const payerColumns = perPerson(PAID_BY_ONE);
  const impactedColumns = perPerson(IMPACTED_ONE);
  if (payerColumns.length === 0 && iPaidBy < 0) fail(header.line, 'there is no Paid by column.');
  if (impactedColumns.length === 0 && iImpacted < 0)
    fail(header.line, 'there is no Impacted to column.');

  const problems = new Problems();
  const rows = new RowBuilder();
  for (const { record, line } of records.slice(1)) {
    const cell = (i: number) => (i < 0 ? '' : readCell(record[i] ?? ''));
    const title = cell(iTitle);
    const entered = currencyCode(cell(iCurrency)) ?? groupCurrency;
    if (entered === null) {
      problems.add(line, `"${cell(iCurrency)}" is not a currency code.`);
      continue;
    }
    const currency = groupCurrency ?? entered;
    const amountText = (
      iDefault >= 0 && cell(iDefault) !== '' ? cell(iDefault) : cell(iAmount)
    ).replace(',', '.');
    const signed = minorOf(amountText, currency, true);
    if (signed === null) {
      problems.add(line, `"${amountText}" is not an amount in ${currency}.`);
      continue;
    }
    const date = dateOf(cell(iDate));
    if (date === null) {
      problems.add(line, `"${cell(iDate)}" is not a date.`);
      continue;
    }
    const cost: Cents = cents(Math.abs(signed));
    const weights = (
      cols: { column: number; index: number }[],
      one: number,
    ): Map<number, bigint> | string => {
      const out = new Map<number, bigint>();
      if (cols.length > 0) {
        for (const c of cols) {
          const t = cell(c.column).replace(',', '.').replace(/^-/, '');
          if (t === '') continue;
          const w = weightOf(t);
          if (w === null) return `"${cell(c.column)}" is not a part of the amount.`;
          if (w > 0n) out.set(c.index, (out.get(c.index) ?? 0n) + w);
        }
      } else {
        for (const n of cell(one).split(/[,;]/)) {
          if (n.trim() !== '') out.set(people.indexOf(n, line), 1n);
        }
      }
      return out;
    };
    const paidW = weights(payerColumns, iPaidBy);
    const owedW = weights(impactedColumns, iImpacted);
    if (typeof paidW === 'string') {
      problems.add(line, paidW);
      continue;
    }
    if (typeof owedW === 'string') {
      problems.add(line, owedW);
      continue;
    }
    if (paidW.size === 0 || owedW.size === 0) {
      problems.add(line, `"${title}" has no ${paidW.size === 0 ? 'payer' : 'one it is for'}.`);
      continue;
    }
    const split = (w: Map<number, bigint>) => {
      const parts = shareByWeight(cost, [...w.values()]);
      return new Map([...w.keys()].map((k, i): [number, number] => [k, parts[i] ?? 0]));
    };
    const type = cell(iType).toLowerCase();
    const income = type.includes('income');
    const sign = income ? -1 : 1;
    const withSign = (w: Map<number, bigint>) =>
      new Map([...split(w)].map(([k, v]): [number, number] => [k, sign * v]));
    const paid = withSign(paidW);
    const owed = withSign(owedW);
    const enteredCost = minorOf(cell(iAmount).replace(',', '.').replace(/^-/, ''), entered);
    const original =
      entered !== currency && enteredCost !== null && enteredCost > 0 && !income
        ? { costCents: enteredCost, currency: entered }
        : null;
    if (/transfer|reimburse/.test(type) && paidW.size === 1 && owedW.size === 1) {
      rows.payment({
        line,
        date,
        description: title,
        currency,
        from: [...paidW.keys()][0] ?? 0,
        to: [...owedW.keys()][0] ?? 0,
        amountCents: cost,
        original,
      });
      continue;
    }
    rows.expense({
      line,
      date,
      description: title,
      categoryName: cell(iCategory),
      currency,
      costCents: cost,
      paid,
      owed,
      original,
    });
  }
  problems.check();
  return importFileOf('tricount', people, rows);
}
