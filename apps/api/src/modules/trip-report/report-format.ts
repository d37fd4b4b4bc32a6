// How the trip report writes numbers, amounts, dates and user text (issue #33 point 3). Pure: Intl
// in the reader's locale, and the clean-up and fitting of hostile text into a table cell.
import { currencyDigits, minorToNumber } from '@evenly/core';

export interface ReportFormat {
  readonly locale: string;
  /** An amount in minor units of `currency` (e.g. 123456 EUR → "€1,234.56" in en-US). */
  money(minor: number, currency: string): string;
  /** The same with a sign on every non-zero amount ("+€5.00", "-€5.00"): nets. */
  signedMoney(minor: number, currency: string): string;
  /** A calendar date YYYY-MM-DD, as the locale writes dates ("Mar 14, 2025"). */
  date(isoDate: string): string;
  /** A month YYYY-MM ("March 2025"). */
  month(isoMonth: string): string;
  /** part / whole as a percentage ("12.5%"); whole 0 gives 0. */
  percent(part: number, whole: number): string;
  count(n: number): string;
}

/** Formatters of one locale; each currency's formatter is made once per report. */
export function reportFormat(locale: string): ReportFormat {
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const moneyFormat = (currency: string, signed: boolean): Intl.NumberFormat => {
    const key = `${currency}|${String(signed)}`;
    let f = moneyFormats.get(key);
    if (f === undefined) {
      const digits = currencyDigits(currency);
      f = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        signDisplay: signed ? 'exceptZero' : 'auto',
      });
      moneyFormats.set(key, f);
    }
    return f;
  };
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const months = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const counts = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return {
    locale,
    // Display only: the decimal number is made from exact minor units at this edge.
    money: (minor, currency) => moneyFormat(currency, false).format(minorToNumber(minor, currency)),
    signedMoney: (minor, currency) =>
      moneyFormat(currency, true).format(minorToNumber(minor, currency)),
    date: (isoDate) => dates.format(new Date(`${isoDate}T00:00:00Z`)),
    month: (isoMonth) => months.format(new Date(`${isoMonth}-01T00:00:00Z`)),
    percent: (part, whole) => percents.format(whole === 0 ? 0 : part / whole),
    count: (n) => counts.format(n),
  };
}

/** Longest user text printed in one place, in code points (the rest is cut with "…"). */
export const MAX_TEXT = 300;

/**
 * User text as one printable line: control characters (new lines, tabs) and the bidi override
 * and isolate controls (which could reorder what follows them) become spaces, runs of spaces
 * one, and at most MAX_TEXT code points are kept.
 */
export function printable(text: string): string {
  const clean = text
    .replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const points = Array.from(clean);
  return points.length <= MAX_TEXT ? clean : points.slice(0, MAX_TEXT - 1).join('') + '…';
}

/**
 * `text` cut to fit `width` as `measure` measures it, ending in "…" when cut (whole code points
 * only, so no surrogate pair is split). Binary search: O(log n) measurements.
 */
export function fitText(text: string, width: number, measure: (s: string) => number): string {
  if (measure(text) <= width) return text;
  const points = Array.from(text);
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(points.slice(0, mid).join('').trimEnd() + '…') <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '…' : points.slice(0, lo).join('').trimEnd() + '…';
}

/** The report's file name: the group's name as a slug, the dates and "report.pdf". */
export function reportFileName(slug: string, from: string | null, to: string | null): string {
  const dates = from === null && to === null ? 'all' : `${from ?? 'start'}_${to ?? 'today'}`;
  return `${slug}_${dates}_report.pdf`;
}

/**
 * Tokens (names with amounts…) packed greedily into lines of `width` joined by `sep`; at most
 * `maxLines`, the last holding the rest cut with "…". A token wider than a line is cut too.
 */
export function wrapTokens(
  tokens: readonly string[],
  sep: string,
  width: number,
  measure: (s: string) => number,
  maxLines: number,
): string[] {
  if (maxLines <= 1) return tokens.length === 0 ? [] : [fitText(tokens.join(sep), width, measure)];
  const lines: string[] = [];
  let current: string | null = null;
  for (const [i, token] of tokens.entries()) {
    if (current === null) {
      current = token;
      continue;
    }
    const candidate: string = current + sep + token;
    if (measure(candidate) <= width) {
      current = candidate;
      continue;
    }
    lines.push(fitText(current, width, measure));
    if (lines.length >= maxLines - 1) {
      current = tokens.slice(i).join(sep);
      break;
    }
    current = token;
  }
  if (current !== null) lines.push(fitText(current, width, measure));
  return lines;
}
