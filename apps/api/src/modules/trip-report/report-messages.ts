// Every word the trip report prints (issue #33 point 3), in one table keyed by message id, and the
// reader's locale. English only for now: a translation is one more table of the same ids in
// TABLES (its language subtag as the key); a missing language falls back to English. Numbers,
// dates and amounts are never in these strings: they are formatted with Intl in the reader's
// locale (report-format.ts) and put in through {placeholders}.

const EN = {
  title: 'Trip report',
  allDates: 'All dates',
  range: '{from} – {to}',
  rangeFrom: 'From {from}',
  rangeTo: 'Until {to}',
  generated: 'Generated {date}',
  members: 'Members',
  guest: 'guest',
  formerMember: 'left the group',
  page: 'Page {n}',
  currencySection: 'Summary in {currency}',
  totalSpent: 'Total spent: {amount} in {count} expenses',
  people: 'What each person paid, their share and their net',
  colPerson: 'Person',
  colPaid: 'Paid',
  colShare: 'Share',
  colSent: 'Payments made',
  colReceived: 'Payments received',
  colNet: 'Net',
  netNote: 'Net: + gets money back, − owes.',
  byCategory: 'Spending by category',
  colCategory: 'Category',
  colCount: 'Expenses',
  colAmount: 'Amount',
  colPercent: 'Share of total',
  byMonth: 'Spending by month',
  colMonth: 'Month',
  balances: 'Balances and the payments that settle them',
  balancesNote: 'From the expenses and payments in this report.',
  owes: '{from} pays {to} {amount}',
  settled: 'Everyone is settled.',
  entries: 'Expenses and payments',
  colDate: 'Date',
  colDescription: 'Description',
  colPaidBy: 'Paid by',
  payment: '{from} paid {to}',
  paymentCategory: 'Payment',
  splitEQUAL: 'Split equally',
  splitEXACT: 'Split by amounts',
  splitPERCENTAGE: 'Split by percentages',
  splitSHARE: 'Split by shares',
  enteredAs: 'Entered as {amount}',
  receiptPdf: 'Receipt: a PDF file (not shown)',
  receiptMissing: 'Receipt: file not found',
  receiptUnreadable: 'Receipt: could not be shown',
  nothing: 'No expenses or payments in these dates.',
} as const;

export type MessageId = keyof typeof EN;
export type MessageTable = Readonly<Record<MessageId, string>>;

/** Message tables by language subtag ("en", "de", …). */
const TABLES: Readonly<Record<string, MessageTable>> = { en: EN };

export const DEFAULT_LOCALE = 'en-US';

/** The words of a locale: `t(id, { name: 'Ann' })` fills `{name}`; unknown languages get English. */
export function messagesFor(
  locale: string,
): (id: MessageId, vars?: Record<string, string>) => string {
  const language = locale.split('-')[0]?.toLowerCase() ?? 'en';
  const table = TABLES[language] ?? EN;
  return (id, vars) =>
    table[id].replace(/\{(\w+)\}/g, (whole, name: string) => vars?.[name] ?? whole);
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
