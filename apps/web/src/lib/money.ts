// Money in the web app: amounts arrive as major-unit numbers in their currency (12.5 for
// €12.50, 1250 for ¥1,250); arithmetic runs in integer minor units of the currency (cents,
// yen, fils: @evenly/core's currencyDigits), formatting goes through Intl with the currency's
// own decimals, and typed amounts are read in the page's language (12.50 and 12,50 alike).
import {
  cents,
  currencyDigits,
  MSG_INVALID_AMOUNT,
  MSG_TOO_MANY_DECIMALS,
  parseAmountInput,
} from '@evenly/core';
import type { Cents, Message } from '@evenly/core';
import { appLocale } from '../i18n/pageLocale';

/**
 * The browser's own locale (navigator.language): only for what it says about where the reader
 * lives (a new group's currency), never for formats.
 */
export function browserLocale(): string {
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en-US';
}

const formatters = new Map<string, Intl.NumberFormat>();

/** "€12.50", "¥1,250", "12,50 €" … in the page's language with the currency's decimals. */
export function formatMoney(amount: number, currency = 'USD'): string {
  const locale = appLocale();
  const key = `${locale}|${currency}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    const digits = currencyDigits(currency);
    try {
      fmt = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    }
    formatters.set(key, fmt);
  }
  // Avoid "-€0.00" for noise below the currency's smallest unit.
  const value = isZero(amount, currency) ? 0 : amount;
  return fmt.format(value);
}

/** Major units (12.5) → integer minor units of the currency (1250), half away from zero. */
export function toCents(amount: number, currency = 'USD'): number {
  const scale = 10 ** currencyDigits(currency);
  const sign = amount < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(amount) * scale + 1e-7);
}

/** Minor units → major units of the currency. */
export function fromCents(minor: number, currency = 'USD'): number {
  return minor / 10 ** currencyDigits(currency);
}

/**
 * A typed amount ("12,50", "1.234,50", "12.5") read in the page's language as a major-unit
 * number; null when it is not a valid amount (see amountProblem for the message).
 */
export function parseAmount(input: string, currency = 'USD'): number | null {
  const r = parseAmountInput(input, { locale: appLocale(), currency });
  return r.ok ? Number(r.plain) : null;
}

/** A typed amount in minor units of the currency (1250 for "12,50" EUR), or null. */
export function parseAmountMinor(input: string, currency = 'USD'): Cents | null {
  const r = parseAmountInput(input, { locale: appLocale(), currency });
  return r.ok ? cents(r.minor) : null;
}

/**
 * What a form should say about a typed amount beyond its own sentence ("Please enter a valid
 * positive amount.", spec §5), or null: an amount that could be read two ways, one above the
 * maximum, or more decimals than a currency without cents has ("Amounts in JPY can have at
 * most 0 decimal places."). For currencies with cents, too many decimals and unreadable text
 * keep the form's own sentence, as the spec words them.
 */
export function amountProblem(input: string, currency = 'USD'): Message | null {
  const r = parseAmountInput(input, { locale: appLocale(), currency });
  if (r.ok || r.message === MSG_INVALID_AMOUNT || r.message === MSG_TOO_MANY_DECIMALS) return null;
  return r.message;
}

/** The typed amount as the plain decimal the API takes ("1234.5"), or null. */
export function plainAmount(input: string, currency = 'USD'): string | null {
  const r = parseAmountInput(input, { locale: appLocale(), currency });
  return r.ok ? r.plain : null;
}

/**
 * Keeps digits and one decimal mark (spec §5 split inputs): "." or ",", whichever comes first,
 * so "2a.5.1" becomes "2.51" and "12,50" stays as typed.
 */
export function sanitizeDecimalInput(input: string): string {
  const cleaned = input.replace(/[^\d.,]/g, '');
  const mark = cleaned.search(/[.,]/);
  if (mark === -1) return cleaned;
  return cleaned.slice(0, mark + 1) + cleaned.slice(mark + 1).replace(/[.,]/g, '');
}

/** The amount with the currency's decimals, no separators: inside messages ("1234.50"). */
export function plain2(amount: number, currency = 'USD'): string {
  const digits = currencyDigits(currency);
  return (toCents(amount, currency) / 10 ** digits).toFixed(digits);
}

/** An amount as an input shows it for editing: the currency's decimals, locale decimal mark. */
export function amountForInput(amount: number, currency = 'USD'): string {
  const text = plain2(amount, currency);
  const decimal =
    new Intl.NumberFormat(appLocale()).formatToParts(1.5).find((p) => p.type === 'decimal')
      ?.value ?? '.';
  return decimal === ',' ? text.replace('.', ',') : text;
}

/** Balances below half the currency's smallest unit count as zero (spec §9). */
export function isZero(amount: number, currency = 'USD'): boolean {
  return Math.abs(amount) < 0.5 / 10 ** currencyDigits(currency);
}
