// Exchange rates and conversions between currencies, exact (bigint) and rounded once, half away
// from zero. A rate is how many major units of the target currency one major unit of the source
// currency is worth ("1 JPY = 0.0062 EUR" is the rate 0.0062 from JPY to EUR).
import type { Message } from './message.js';
import { currencyDigits } from './currency-units.js';
import { cents } from './money.js';
import type { Cents } from './money.js';
import { splitAmount } from './split.js';

/** A positive exact decimal: `units / 10^scale`. */
export interface ExchangeRate {
  readonly units: bigint;
  readonly scale: number;
}

/** Rates are kept to 12 decimals; larger than 10^9 is refused as a typo. */
export const MAX_RATE_DECIMALS = 12;
export const MAX_RATE = 1_000_000_000n;
export const MSG_INVALID_RATE: Message = /*i18n*/ {
  id: 'rate.invalidRate',
  message: 'Please enter a valid exchange rate (a positive number).',
};

export type RateParseResult = { ok: true; rate: ExchangeRate } | { ok: false; message: Message };

/** Reads a positive plain decimal (JSON number or string, ≤ 12 decimals, ≤ 10^9). */
export function parseExchangeRate(input: unknown): RateParseResult {
  let text: string;
  if (typeof input === 'number' && Number.isFinite(input)) text = String(input);
  else if (typeof input === 'string') text = input.trim();
  else return { ok: false, message: MSG_INVALID_RATE };
  const m = /^(\d+)?(?:\.(\d+))?$/.exec(text);
  if (!m || (m[1] === undefined && m[2] === undefined)) {
    return { ok: false, message: MSG_INVALID_RATE };
  }
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > MAX_RATE_DECIMALS) {
    return {
      ok: false,
      message: /*i18n*/ {
        id: 'rate.tooManyDecimals',
        message: 'An exchange rate can have at most {MAX_RATE_DECIMALS} decimal places.',
        values: { MAX_RATE_DECIMALS },
      },
    };
  }
  const units = BigInt((m[1] ?? '0') + frac);
  const rate = normaliseRate({ units, scale: frac.length });
  if (rate.units <= 0n || rate.units > MAX_RATE * 10n ** BigInt(rate.scale)) {
    return { ok: false, message: MSG_INVALID_RATE };
  }
  return { ok: true, rate };
}

/** The same rate without trailing zeros in `units`. */
function normaliseRate(rate: ExchangeRate): ExchangeRate {
  let { units, scale } = rate;
  while (scale > 0 && units % 10n === 0n && units !== 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

/** `{ units: 625n, scale: 5 }` → `"0.00625"`. */
export function formatExchangeRate(rate: ExchangeRate): string {
  const digits = rate.units.toString().padStart(rate.scale + 1, '0');
  return rate.scale === 0 ? digits : `${digits.slice(0, -rate.scale)}.${digits.slice(-rate.scale)}`;
}

/** A rate as a JSON number (for responses; the exact value is `formatExchangeRate`). */
export function exchangeRateToNumber(rate: ExchangeRate): number {
  return Number(formatExchangeRate(rate));
}

/** a / b rounded half away from zero (b > 0). */
function divRound(a: bigint, b: bigint): bigint {
  const q = (2n * (a < 0n ? -a : a) + b) / (2n * b);
  return a < 0n ? -q : q;
}

function convertExact(amount: number, from: string, to: string, rate: ExchangeRate): bigint {
  const numerator = BigInt(amount) * rate.units * 10n ** BigInt(currencyDigits(to));
  const denominator = 10n ** BigInt(rate.scale + currencyDigits(from));
  return divRound(numerator, denominator);
}

/**
 * `amount` (minor units of `from`) in minor units of `to` at `rate`, rounded once, half away
 * from zero: 10,000 JPY at 0.00625 → 6,250 EUR cents. Throws when the result is not a safe
 * integer (see convertMinorWithin for amounts from users).
 */
export function convertMinor(amount: Cents, from: string, to: string, rate: ExchangeRate): Cents {
  return cents(Number(convertExact(amount, from, to, rate)));
}

/** Like convertMinor, but null when the result (in absolute value) exceeds `max` minor units. */
export function convertMinorWithin(
  amount: Cents,
  from: string,
  to: string,
  rate: ExchangeRate,
  max: number,
): Cents | null {
  const exact = convertExact(amount, from, to, rate);
  const abs = exact < 0n ? -exact : exact;
  return abs > BigInt(max) ? null : cents(Number(exact));
}

/**
 * The rate two amounts imply (what a bank charged, `converted` in `to`, for `original` in
 * `from`), to 12 decimals. Both amounts must be positive.
 */
export function rateFromAmounts(
  original: Cents,
  from: string,
  converted: Cents,
  to: string,
): ExchangeRate {
  if (original <= 0 || converted <= 0) throw new RangeError('rateFromAmounts: amounts must be > 0');
  const numerator = BigInt(converted) * 10n ** BigInt(currencyDigits(from) + MAX_RATE_DECIMALS);
  const denominator = BigInt(original) * 10n ** BigInt(currencyDigits(to));
  const units = divRound(numerator, denominator);
  return normaliseRate({ units: units > 0n ? units : 1n, scale: MAX_RATE_DECIMALS });
}

/** The inverse rate (to 12 decimals): 146 JPY per USD → 0.006849315068 USD per JPY. */
export function invertRate(rate: ExchangeRate): ExchangeRate {
  const units = divRound(10n ** BigInt(rate.scale + MAX_RATE_DECIMALS), rate.units);
  return normaliseRate({ units: units > 0n ? units : 1n, scale: MAX_RATE_DECIMALS });
}

/**
 * Parts of an amount (payers' or shares, minor units of the original currency) carried over to
 * a converted total: split in proportion to the original parts with the one split function, so
 * they sum exactly to `convertedTotal`. All-zero parts stay zero.
 */
export function convertParts(convertedTotal: Cents, parts: readonly number[]): Cents[] {
  if (!parts.some((p) => p > 0)) return parts.map(() => cents(0));
  return splitAmount(
    convertedTotal,
    parts.map((p) => BigInt(p)),
  );
}

/**
 * Figures in several currencies added up in `home` at the given rates (each from its currency
 * into `home`), each converted once and rounded. An approximation for display: currencies
 * without a rate are left out and listed in `missing`.
 */
export function approximateIn(
  home: string,
  figures: readonly { readonly currency: string; readonly cents: number }[],
  rates: ReadonlyMap<string, ExchangeRate>,
): { cents: Cents; missing: string[] } {
  let total = 0;
  const missing = new Set<string>();
  for (const f of figures) {
    if (f.cents === 0) continue;
    if (f.currency === home) {
      total += f.cents;
      continue;
    }
    const rate = rates.get(f.currency);
    if (rate === undefined) missing.add(f.currency);
    else total += convertMinor(cents(f.cents), f.currency, home, rate);
  }
  return { cents: cents(total), missing: [...missing].sort() };
}
