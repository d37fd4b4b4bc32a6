// Amounts as people type them, in their own locale (issue #10): `12.50` and `12,50` both mean
// twelve fifty, thousands separators of the locale are understood, and what could mean two
// different amounts is refused with a message instead of guessed. The result is minor units of
// the field's currency, with the currency's own decimals (currency-units.ts).
//
// Rules, in order (D and G are the locale's decimal and grouping symbols, from Intl):
// 1. Spaces (also no-break and narrow no-break), apostrophes and the currency's code or symbol
//    around the number are ignored where they group digits or lead/trail; a minus sign, letters
//    or other symbols make the text invalid.
// 2. With both "." and ",", the last one is the decimal separator and the other groups.
// 3. With one of them appearing more than once, it groups (1,234,567 or 1.234.567).
// 4. With one of them appearing once:
//    - followed by other than 3 digits, it is the decimal separator (12,50 · 12.5 · 1,5);
//    - followed by exactly 3 digits ("1.234"), it is G when it is the locale's G (1.234 in de-DE
//      is 1234), D when it is the locale's D and the currency has 3 decimals (1.234 dinars in
//      en-US), and otherwise ambiguous: refused with both readings, as the locale writes them
//      ("Did you mean 1.234 or 1,234?"), since a currency with fewer decimals cannot mean the
//      first and the person may well have meant the second (issue #31 point 7).
// 5. Groups must look like groups: after the first (1–3 digits), groups of 3, or the Indian
//    lakh grouping (groups of 2, the last of 3: 1,23,456).
// 6. More decimals than the currency has → the currency's decimals message; above the maximum →
//    the maximum's message.
import type { Message } from './message.js';
import { currencyDigits, maxMinorUnits } from './currency-units.js';
import { amountTooLargeMessage, MSG_INVALID_AMOUNT, tooManyDecimalsMessage } from './money.js';

export type AmountInputResult =
  { ok: true; minor: number; plain: string } | { ok: false; message: Message };

export interface AmountInputOptions {
  /** BCP 47 locale whose separators the user types (e.g. navigator.language). */
  locale: string;
  /** ISO 4217 code of the field's currency. */
  currency: string;
}

const SPACES = /[\s\u00a0\u202f\u2009'’]/g;

/** The locale's decimal and grouping symbols (grouping normalised: spaces become ' '). */
export function localeSeparators(locale: string): { decimal: string; group: string } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
  } catch {
    parts = new Intl.NumberFormat('en-US').formatToParts(1234567.5);
  }
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const groupRaw = parts.find((p) => p.type === 'group')?.value ?? ',';
  // Not SPACES.test: a global pattern's test() resumes where the last match ended.
  return { decimal, group: /^[\s\u00a0\u202f\u2009]$/.test(groupRaw) ? ' ' : groupRaw };
}

/** The currency's symbols as a locale writes them (e.g. "€", "¥", "JP¥", "EUR"). */
function currencyMarks(locale: string, currency: string): string[] {
  const marks = new Set([currency]);
  // The locale's own symbols and the common English ones ("¥" besides ja-JP's "￥").
  for (const [where, display] of [
    [locale, 'symbol'],
    [locale, 'narrowSymbol'],
    ['en-US', 'narrowSymbol'],
  ] as const) {
    try {
      const parts = new Intl.NumberFormat(where, {
        style: 'currency',
        currency,
        currencyDisplay: display,
      }).formatToParts(1);
      const mark = parts.find((p) => p.type === 'currency')?.value;
      if (mark) marks.add(mark);
    } catch {
      // An unknown code: only the code itself.
    }
  }
  return [...marks].sort((a, b) => b.length - a.length);
}

function groupsValid(groups: readonly string[]): boolean {
  const [first, ...rest] = groups;
  if (first === undefined || !/^\d{1,3}$/.test(first)) return false;
  if (rest.length === 0) return true;
  if (rest.every((g) => /^\d{3}$/.test(g))) return true;
  // Indian grouping: 1,23,45,678 — first 1–2 digits, then pairs, the last group of 3.
  const last = rest[rest.length - 1] ?? '';
  return (
    /^\d{1,2}$/.test(first) &&
    /^\d{3}$/.test(last) &&
    rest.slice(0, -1).every((g) => /^\d{2}$/.test(g))
  );
}

/**
 * The message for "<int><sep><3 digits>" that could be read as decimals or as thousands: both
 * readings as the locale writes them, then how to type it unambiguously.
 */
function ambiguous(int: string, three: string, locale: string): Message {
  const { decimal, group } = localeSeparators(locale);
  const whole = `${int}${three}`;
  return /*i18n*/ {
    id: 'amountInput.ambiguous',
    message:
      'Did you mean {asDecimals} or {asThousands}? Please type it without thousands separators, e.g. {whole} or {withDecimals}.',
    values: {
      asDecimals: `${int}${decimal}${three}`,
      asThousands: `${int}${group}${three}`,
      whole,
      withDecimals: `${whole}${decimal}50`,
    },
  };
}

export function parseAmountInput(text: string, options: AmountInputOptions): AmountInputResult {
  const { locale, currency } = options;
  const original = text.trim();
  let t = original;
  for (const mark of currencyMarks(locale, currency)) {
    if (t.startsWith(mark)) t = t.slice(mark.length);
    else if (t.endsWith(mark)) t = t.slice(0, -mark.length);
  }
  t = t.replace(SPACES, ' ').trim();
  if (t === '' || !/^[\d., ]+$/.test(t)) return { ok: false, message: MSG_INVALID_AMOUNT };
  const { decimal, group } = localeSeparators(locale);

  // Spaces only ever group digits (checked with the other groups below).
  t = t.replace(/ /g, '_');

  const dots = (t.match(/\./g) ?? []).length;
  const commas = (t.match(/,/g) ?? []).length;
  let intPart: string;
  let fracPart = '';
  let groupSep: string | null = null;
  if (dots > 0 && commas > 0) {
    const decSep = t.lastIndexOf('.') > t.lastIndexOf(',') ? '.' : ',';
    groupSep = decSep === '.' ? ',' : '.';
    if ((decSep === '.' ? dots : commas) > 1) return { ok: false, message: MSG_INVALID_AMOUNT };
    const at = t.lastIndexOf(decSep);
    intPart = t.slice(0, at);
    fracPart = t.slice(at + 1);
  } else if (dots + commas === 0) {
    intPart = t;
  } else {
    const sep = dots > 0 ? '.' : ',';
    const count = dots + commas;
    const at = t.indexOf(sep);
    const after = t.slice(at + 1);
    if (count > 1) {
      groupSep = sep;
      intPart = t;
    } else if (!/^\d{3}$/.test(after) || after.includes('_')) {
      intPart = t.slice(0, at);
      fracPart = after;
    } else if (sep === group) {
      groupSep = sep;
      intPart = t;
    } else if (
      (sep === decimal && currencyDigits(currency) >= 3) ||
      !/^[1-9]/.test(t.slice(0, at).replace(/_/g, ''))
    ) {
      // Decimals: the locale's decimal symbol with a currency of three decimals, or nothing before
      // the separator that could start a thousands group ("0.001", ".125").
      intPart = t.slice(0, at);
      fracPart = after;
    } else {
      return { ok: false, message: ambiguous(t.slice(0, at), after, locale) };
    }
  }
  if (!/^\d*$/.test(fracPart)) return { ok: false, message: MSG_INVALID_AMOUNT };
  const groups = intPart.split(new RegExp(`[_${groupSep === null ? '' : `\\${groupSep}`}]`));
  if (groups.some((g) => !/^\d*$/.test(g))) return { ok: false, message: MSG_INVALID_AMOUNT };
  if (groups.length > 1 && !groupsValid(groups)) return { ok: false, message: MSG_INVALID_AMOUNT };
  const digits = groups.join('');
  if (digits === '' && fracPart === '') return { ok: false, message: MSG_INVALID_AMOUNT };

  const places = currencyDigits(currency);
  const frac = fracPart.replace(/0+$/, '');
  if (frac.length > places) return { ok: false, message: tooManyDecimalsMessage(currency) };
  const minorText = (digits === '' ? '0' : digits) + frac.padEnd(places, '0');
  const minor = BigInt(minorText);
  if (minor > BigInt(maxMinorUnits(currency))) {
    return { ok: false, message: amountTooLargeMessage(currency) };
  }
  const int = (digits === '' ? '0' : digits).replace(/^0+(?=\d)/, '');
  return { ok: true, minor: Number(minor), plain: frac === '' ? int : `${int}.${frac}` };
}
