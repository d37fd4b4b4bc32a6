// Money as integer minor units of its currency (cents for USD, yen for JPY, fils for BHD: see
// currency-units.ts), parsed from request values without floating-point arithmetic: numbers are
// read through their shortest decimal string (`String(n)`).
import type { Message } from './message.js';
import { currencyDigits, maxMinorUnits } from './currency-units.js';

/**
 * Integer minor units of the amount's currency (named `Cents` from when every currency had 2
 * decimals). Always a safe integer; may be negative for balances. Never mixed across currencies.
 */
export type Cents = number & { readonly __brand: 'Cents' };
/** The same type under the name that says what it is. */
export type MinorUnits = Cents;

/** Largest accepted USD amount: 99,999,999.99 (see maxMinorUnits for every currency). */
export const MAX_AMOUNT_CENTS = 9_999_999_999 as Cents;

export const MSG_TOO_MANY_DECIMALS: Message = /*i18n*/ {
  id: 'money.tooManyDecimals',
  message: 'Amounts can have at most 2 decimal places.',
};
export const MSG_AMOUNT_TOO_LARGE: Message = /*i18n*/ {
  id: 'money.amountTooLarge',
  message: 'Amount must be at most 99,999,999.99.',
};
export const MSG_INVALID_AMOUNT: Message = /*i18n*/ {
  id: 'money.invalidAmount',
  message: 'Please enter a valid positive amount.',
};

export type MoneyParseResult = { ok: true; cents: Cents } | { ok: false; message: Message };

/** Brands a safe integer as cents; throws on anything else (a programming error). */
export function cents(n: number): Cents {
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`Not a safe integer number of cents: ${String(n)}`);
  }
  // Normalise -0 to 0.
  return (n === 0 ? 0 : n) as Cents;
}

/** Sums cents, asserting the result stays a safe integer. */
export function sumCents(values: Iterable<number>): Cents {
  let total = 0;
  for (const v of values) total += v;
  return cents(total);
}

/** A plain, unsigned decimal split into digit strings; `null` when the text is not one. */
interface PlainDecimal {
  negative: boolean;
  intDigits: string;
  fracDigits: string;
}

const PLAIN_DECIMAL = /^(-)?(\d+)?(?:\.(\d+))?$/;

function splitPlainDecimal(text: string): PlainDecimal | null {
  const m = PLAIN_DECIMAL.exec(text);
  if (!m) return null;
  const intDigits = m[2] ?? '';
  const fracDigits = m[3] ?? '';
  if (intDigits === '' && fracDigits === '') return null;
  return {
    negative: m[1] === '-',
    intDigits: intDigits === '' ? '0' : intDigits,
    // Trailing zeros do not change the value: "12.500" is 12.5.
    fracDigits: fracDigits.replace(/0+$/, ''),
  };
}

type DecimalRead =
  | { kind: 'decimal'; value: PlainDecimal }
  | { kind: 'tiny' } // a non-zero number whose shortest form uses a negative exponent
  | { kind: 'huge' } // a number whose shortest form uses a positive exponent
  | { kind: 'invalid' };

/**
 * Reads a JSON number or a string holding a plain decimal. Strings are trimmed; exponents,
 * NaN, Infinity, separators, signs other than a leading minus and currency signs are refused.
 */
function readDecimal(input: unknown): DecimalRead {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { kind: 'invalid' };
    text = String(input);
    const exp = /e([+-])\d+$/.exec(text);
    if (exp) return exp[1] === '-' ? { kind: 'tiny' } : { kind: 'huge' };
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { kind: 'invalid' };
  }
  const value = splitPlainDecimal(text);
  return value ? { kind: 'decimal', value } : { kind: 'invalid' };
}

function isZeroDecimal(d: PlainDecimal): boolean {
  return /^0+$/.test(d.intDigits) && d.fracDigits === '';
}

/** Exact integer `d × 10^scale` as a bigint, or null when d has more than `scale` decimals. */
function scaleDecimal(d: PlainDecimal, scale: number): bigint | null {
  if (d.fracDigits.length > scale) return null;
  const digits = d.intDigits + d.fracDigits.padEnd(scale, '0');
  const magnitude = BigInt(digits);
  return d.negative ? -magnitude : magnitude;
}

/** §1.3's sentence for 2-decimal currencies; the currency's own for the others. */
export function tooManyDecimalsMessage(currency: string): Message {
  const digits = currencyDigits(currency);
  return digits === 2
    ? MSG_TOO_MANY_DECIMALS
    : /*i18n*/ {
        id: 'money.tooManyDecimalsIn',
        message: 'Amounts in {currency} can have at most {digits} decimal places.',
        values: { currency, digits },
      };
}

/** §1.3's sentence for 2-decimal currencies; the currency's own maximum for the others. */
export function amountTooLargeMessage(currency: string): Message {
  if (currencyDigits(currency) === 2) return MSG_AMOUNT_TOO_LARGE;
  const max = groupThousands(formatMinor(maxMinorUnits(currency), currency));
  return /*i18n*/ {
    id: 'money.amountTooLargeMax',
    message: 'Amount must be at most {max}.',
    values: { max },
  };
}

function groupThousands(plain: string): string {
  const [int = '', frac] = plain.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/**
 * Parses a non-negative money amount (JSON number or plain decimal string) into minor units of
 * `currency` (default USD: cents). Zero is accepted; use {@link parsePositiveMoney} where the
 * amount must be > 0.
 */
export function parseMoney(input: unknown, currency = 'USD'): MoneyParseResult {
  const read = readDecimal(input);
  if (read.kind === 'invalid') return { ok: false, message: MSG_INVALID_AMOUNT };
  if (read.kind === 'tiny') return { ok: false, message: tooManyDecimalsMessage(currency) };
  if (read.kind === 'huge') return { ok: false, message: amountTooLargeMessage(currency) };
  const d = read.value;
  if (d.negative && !isZeroDecimal(d)) return { ok: false, message: MSG_INVALID_AMOUNT };
  const scaled = scaleDecimal({ ...d, negative: false }, currencyDigits(currency));
  if (scaled === null) return { ok: false, message: tooManyDecimalsMessage(currency) };
  if (scaled > BigInt(maxMinorUnits(currency))) {
    return { ok: false, message: amountTooLargeMessage(currency) };
  }
  return { ok: true, cents: cents(Number(scaled)) };
}

/** Like {@link parseMoney} but refuses zero (`Please enter a valid positive amount.`). */
export function parsePositiveMoney(input: unknown, currency = 'USD'): MoneyParseResult {
  const r = parseMoney(input, currency);
  if (r.ok && r.cents <= 0) return { ok: false, message: MSG_INVALID_AMOUNT };
  return r;
}

/** `123450` → `"1234.50"`, `-5` → `"-0.05"`; exactly 2 decimals, no separators. */
export function formatCents(c: number): string {
  return formatMinor(c, 'USD');
}

/**
 * Minor units as a plain decimal with the currency's decimals, no separators:
 * (123450, 'USD') → `"1234.50"`, (1234, 'JPY') → `"1234"`, (-5, 'BHD') → `"-0.005"`.
 */
export function formatMinor(c: number, currency: string): string {
  if (!Number.isSafeInteger(c))
    throw new RangeError(`Not a whole number of minor units: ${String(c)}`);
  const digits = currencyDigits(currency);
  const negative = c < 0;
  const abs = String(Math.abs(c));
  if (digits === 0) return negative ? `-${abs}` : abs;
  const padded = abs.padStart(digits + 1, '0');
  const text = `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
  return negative ? `-${text}` : text;
}

/** Cents as a JSON number in major units: 1250 → 12.5, -5 → -0.05, 0 → 0 (never -0). */
export function centsToNumber(c: number): number {
  return minorToNumber(c, 'USD');
}

/** Minor units as a JSON number in major units of the currency: (1250, 'JPY') → 1250. */
export function minorToNumber(c: number, currency: string): number {
  const n = Number(formatMinor(c, currency));
  return n === 0 ? 0 : n;
}

// ---------------------------------------------------------------------------------------------
// Percentages and shares (split values)

/** Percentages are held as exact integers scaled by 10^4: 33.3333 % → 333_333. */
export const PERCENT_SCALE = 10_000;
/** 100 % in scaled units. */
export const PERCENT_100_SCALED = 100 * PERCENT_SCALE;
export const MAX_SHARES = 1_000_000;

export type ScaledParseResult = { ok: true; value: number } | { ok: false };

/** Parses a percentage 0–100 with at most 4 decimals into an exact integer ×10^4. */
export function parsePercentageScaled(input: unknown): ScaledParseResult {
  const read = readDecimal(input);
  if (read.kind !== 'decimal') return { ok: false };
  const d = read.value;
  if (d.negative && !isZeroDecimal(d)) return { ok: false };
  const scaled = scaleDecimal({ ...d, negative: false }, 4);
  if (scaled === null || scaled > BigInt(PERCENT_100_SCALED)) return { ok: false };
  return { ok: true, value: Number(scaled) };
}

/** Scaled percentage back to a JSON number: 333_333 → 33.3333. */
export function scaledPercentageToNumber(scaled: number): number {
  if (!Number.isSafeInteger(scaled)) throw new RangeError('Not a scaled percentage');
  const negative = scaled < 0;
  const abs = String(Math.abs(scaled)).padStart(5, '0');
  const n = Number(`${negative ? '-' : ''}${abs.slice(0, -4)}.${abs.slice(-4)}`);
  return n === 0 ? 0 : n;
}

/** Parses a whole number of shares 0–1,000,000 (number or numeric string). */
export function parseShareCount(input: unknown): ScaledParseResult {
  const read = readDecimal(input);
  if (read.kind !== 'decimal') return { ok: false };
  const d = read.value;
  if (d.negative && !isZeroDecimal(d)) return { ok: false };
  const whole = scaleDecimal({ ...d, negative: false }, 0);
  if (whole === null || whole > BigInt(MAX_SHARES)) return { ok: false };
  return { ok: true, value: Number(whole) };
}
