// Every word the trip report prints (issue #33 point 3), as Lingui message descriptors (issue
// #32): extracted into the server catalogs (apps/api/src/locales/*.po) and read in the reader's
// language; a language we do not speak falls back to English. Numbers, dates and amounts are
// never in these strings: they are formatted with Intl in the reader's locale (report-format.ts)
// and put in through {placeholders}.
import { closestLocale, DEFAULT_LOCALE as APP_DEFAULT_LOCALE } from '@evenly/core';
import { categoryName, translatorFor } from '../../i18n/index.js';

const EN = {
  title: /*i18n*/ { id: 'report.title', message: 'Trip report' },
  allDates: /*i18n*/ { id: 'report.allDates', message: 'All dates' },
  range: /*i18n*/ { id: 'report.range', message: '{from} – {to}' },
  rangeFrom: /*i18n*/ { id: 'report.rangeFrom', message: 'From {from}' },
  rangeTo: /*i18n*/ { id: 'report.rangeTo', message: 'Until {to}' },
  generated: /*i18n*/ { id: 'report.generated', message: 'Generated {date}' },
  members: /*i18n*/ { id: 'report.members', message: 'Members' },
  guest: /*i18n*/ { id: 'report.guest', message: 'guest' },
  formerMember: /*i18n*/ { id: 'report.formerMember', message: 'left the group' },
  page: /*i18n*/ { id: 'report.page', message: 'Page {n}' },
  currencySection: /*i18n*/ { id: 'report.currencySection', message: 'Summary in {currency}' },
  totalSpent: /*i18n*/ {
    id: 'report.totalSpent',
    message:
      '{count, plural, one {Total spent: {amount} in {n} expense} other {Total spent: {amount} in {n} expenses}}',
  },
  people: /*i18n*/ {
    id: 'report.people',
    message: 'What each person paid, their share and their net',
  },
  colPerson: /*i18n*/ { id: 'report.colPerson', message: 'Person' },
  colPaid: /*i18n*/ { id: 'report.colPaid', message: 'Paid' },
  colShare: /*i18n*/ { id: 'report.colShare', message: 'Share' },
  colSent: /*i18n*/ { id: 'report.colSent', message: 'Payments made' },
  colReceived: /*i18n*/ { id: 'report.colReceived', message: 'Payments received' },
  colNet: /*i18n*/ { id: 'report.colNet', message: 'Net' },
  netNote: /*i18n*/ { id: 'report.netNote', message: 'Net: + gets money back, − owes.' },
  byCategory: /*i18n*/ { id: 'report.byCategory', message: 'Spending by category' },
  colCategory: /*i18n*/ { id: 'report.colCategory', message: 'Category' },
  colCount: /*i18n*/ { id: 'report.colCount', message: 'Expenses' },
  colAmount: /*i18n*/ { id: 'report.colAmount', message: 'Amount' },
  colPercent: /*i18n*/ { id: 'report.colPercent', message: 'Share of total' },
  byMonth: /*i18n*/ { id: 'report.byMonth', message: 'Spending by month' },
  colMonth: /*i18n*/ { id: 'report.colMonth', message: 'Month' },
  balances: /*i18n*/ {
    id: 'report.balances',
    message: 'Balances and the payments that settle them',
  },
  balancesNote: /*i18n*/ {
    id: 'report.balancesNote',
    message: 'From the expenses and payments in this report.',
  },
  owes: /*i18n*/ { id: 'report.owes', message: '{from} pays {to} {amount}' },
  settled: /*i18n*/ { id: 'report.settled', message: 'Everyone is settled.' },
  entries: /*i18n*/ { id: 'report.entries', message: 'Expenses and payments' },
  colDate: /*i18n*/ { id: 'report.colDate', message: 'Date' },
  colDescription: /*i18n*/ { id: 'report.colDescription', message: 'Description' },
  colPaidBy: /*i18n*/ { id: 'report.colPaidBy', message: 'Paid by' },
  payment: /*i18n*/ { id: 'report.payment', message: '{from} paid {to}' },
  paymentCategory: /*i18n*/ { id: 'report.paymentCategory', message: 'Payment' },
  splitEQUAL: /*i18n*/ { id: 'report.splitEQUAL', message: 'Split equally' },
  splitEXACT: /*i18n*/ { id: 'report.splitEXACT', message: 'Split by amounts' },
  splitPERCENTAGE: /*i18n*/ { id: 'report.splitPERCENTAGE', message: 'Split by percentages' },
  splitSHARE: /*i18n*/ { id: 'report.splitSHARE', message: 'Split by shares' },
  enteredAs: /*i18n*/ { id: 'report.enteredAs', message: 'Entered as {amount}' },
  receiptPdf: /*i18n*/ { id: 'report.receiptPdf', message: 'Receipt: a PDF file (not shown)' },
  receiptMissing: /*i18n*/ { id: 'report.receiptMissing', message: 'Receipt: file not found' },
  receiptUnreadable: /*i18n*/ {
    id: 'report.receiptUnreadable',
    message: 'Receipt: could not be shown',
  },
  nothing: /*i18n*/ { id: 'report.nothing', message: 'No expenses or payments in these dates.' },
} as const;

export type MessageId = keyof typeof EN;

export const DEFAULT_LOCALE = 'en-US';

/** The report's words: `t(id, vars)`, and `t.category(id)` for a category's name. */
export type ReportWords = ((id: MessageId, vars?: Record<string, string | number>) => string) & {
  category(id: string | null | undefined): string;
};

/** The words of a locale: `t(id, { name: 'Ann' })` fills `{name}`; unknown languages get English. */
export function messagesFor(locale: string): ReportWords {
  const tr = translatorFor(closestLocale(locale) ?? APP_DEFAULT_LOCALE);
  // A placeholder without a value stays as written (Lingui would leave it empty).
  const t = (id: MessageId, vars?: Record<string, string | number>) => {
    // A number chooses a plural form; what is printed is the report's own formatting ({n}).
    const filled: Record<string, string | number> = {};
    for (const name of EN[id].message.match(/\{(\w+)[},]/g) ?? []) {
      const key = name.slice(1, -1);
      filled[key] = vars?.[key] ?? `{${key}}`;
    }
    return tr.t(EN[id], filled);
  };
  return Object.assign(t, { category: (id: string | null | undefined) => categoryName(tr, id) });
}

/** A BCP 47 tag in canonical form, or null when it is not one Intl accepts. */
export function canonicalLocale(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim());
    return canonical ?? null;
  } catch {
    return null;
  }
}

/**
 * The reader's locale from an Accept-Language header: the most preferred tag (q order, then
 * header order) that Intl formats numbers for; DEFAULT_LOCALE when there is none.
 */
export function localeFromAcceptLanguage(header: string | undefined): string {
  if (header === undefined) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag !== '' && r.tag !== '*' && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) {
    const canonical = canonicalLocale(r.tag);
    if (canonical !== null && Intl.NumberFormat.supportedLocalesOf([canonical]).length > 0) {
      return canonical;
    }
  }
  return DEFAULT_LOCALE;
}
