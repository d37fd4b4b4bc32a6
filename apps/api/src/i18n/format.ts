// Dates and amounts in a reader's language and time zone, through Intl: nothing in a message is
// formatted by hand ("28. Nov. 2026, 19:01" for de, "٢٨ نوفمبر ٢٠٢٦" for ar).
import { currencyDigits, isValidTimeZone } from '@evenly/core';
import type { AppLocale } from '@evenly/core';

/**
 * A date and time on the reader's wall clock (their time zone; UTC when none or unknown). The
 * no-break spaces Intl puts in ("6:15\u202fPM") become plain ones: an English mail stays ASCII,
 * so its parts are sent as they are written (no transfer encoding), which mail tools read best.
 */
export function formatDateTime(
  locale: AppLocale,
  timeZone: string | null | undefined,
  at: Date,
): string {
  const zone = zoneOrUtc(timeZone);
  return kept(
    dateFormats,
    `${locale} ${zone} dateTime`,
    () =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }),
  )
    .format(at)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** A calendar date on the reader's wall clock. */
export function formatDate(
  locale: AppLocale,
  timeZone: string | null | undefined,
  at: Date,
): string {
  const zone = zoneOrUtc(timeZone);
  return kept(
    dateFormats,
    `${locale} ${zone} date`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: zone }),
  ).format(at);
}

/** An amount in minor units as the reader writes money: (123450, 'EUR', de) → "1.234,50 €". */
export function formatMoney(locale: AppLocale, minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return kept(
    moneyFormats,
    `${locale} ${currency}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  ).format(minor / 10 ** digits);
}

/**
 * Formatters made once and kept: building an Intl formatter costs far more than using one (it
 * was 12 % of the server's CPU in the bench's expense creations, a date for each notification
 * mail). Keys are a locale of the app's with a time zone or a currency in use, so the maps stay
 * small; past MAX_KEPT (a flood of distinct zones) they start again.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const moneyFormats = new Map<string, Intl.NumberFormat>();
const MAX_KEPT = 500;

function kept<F>(formats: Map<string, F>, key: string, make: () => F): F {
  let format = formats.get(key);
  if (format === undefined) {
    if (formats.size >= MAX_KEPT) formats.clear();
    format = make();
    formats.set(key, format);
  }
  return format;
}

function zoneOrUtc(timeZone: string | null | undefined): string {
  return timeZone !== null && timeZone !== undefined && isValidTimeZone(timeZone)
    ? timeZone
    : 'UTC';
}
