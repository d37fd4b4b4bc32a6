// A client of a Frankfurter-compatible exchange-rate API (https://frankfurter.dev):
// `GET {base}/{YYYY-MM-DD}?from=JPY&to=EUR` (or `/latest?…`) answers
// `{"amount":1.0,"base":"JPY","date":"2026-11-20","rates":{"EUR":0.0062}}`, the rate of the last
// business day on or before the day asked. Rates are read from the JSON text itself, never
// through floating-point arithmetic.
//
// The service is not trusted further than that (issue #30): redirects are not followed, a body
// over MAX_RATE_BODY_BYTES is not read, and the day the rate is said to be from must be a real
// day no later than the day asked (tomorrow, UTC, for the latest rate) and no more than
// MAX_RATE_AGE_DAYS before it. Anything else is the service being unavailable.
import { MAX_RATE_DECIMALS, parseExchangeRate } from '@evenly/core';
import type { ExchangeRate } from '@evenly/core';

export class RateServiceError extends Error {}

/** The most of a rate service's answer that is read (its answers are a few hundred bytes). */
export const MAX_RATE_BODY_BYTES = 1_000_000;
/** The last business day before a day is never further back than this. */
export const MAX_RATE_AGE_DAYS = 31;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `day` (YYYY-MM-DD) moved by `days`; null when `day` is not a calendar date. */
function shiftDay(day: string, days: number): string | null {
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) return null;
  return new Date(t + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Whether the service's `rateDate` can be the last business day on or before `day`: a calendar
 * date, not after the day asked (for today or later, the latest rate: not after tomorrow, for a
 * service in a time zone ahead of UTC), not more than MAX_RATE_AGE_DAYS before it.
 */
export function plausibleRateDate(rateDate: string, day: string, today: string): boolean {
  const asked = day >= today ? today : day;
  const latest = day >= today ? shiftDay(today, 1) : day;
  const earliest = shiftDay(asked, -MAX_RATE_AGE_DAYS);
  if (shiftDay(rateDate, 0) === null || latest === null || earliest === null) return false;
  return rateDate >= earliest && rateDate <= latest;
}

/** The body as text, or null when it is longer than `limit` bytes (reading stops there). */
async function boundedText(response: Response, limit: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit) {
    await response.body?.cancel();
    return null;
  }
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface FetchedRate {
  rate: ExchangeRate;
  /** YYYY-MM-DD: the day the service's rate is from. */
  rateDate: string;
}

/** The number after `"CODE":` in the body's `rates` object, as written (JSON number text). */
function rateText(body: string, quote: string): string | null {
  const rates = /"rates"\s*:\s*\{([^}]*)\}/.exec(body)?.[1];
  if (rates === undefined) return null;
  const m = new RegExp(`"${quote}"\\s*:\\s*(-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)`).exec(
    rates,
  );
  return m?.[1] ?? null;
}

/** A decimal text with at most MAX_RATE_DECIMALS decimals (rounded half up beyond them). */
function toRate(text: string): ExchangeRate | null {
  let plain = text;
  if (/[eE]/.test(text)) {
    // Exponent forms (rare: tiny rates) go through toFixed, the only float step, at 12 places.
    plain = Number(text).toFixed(MAX_RATE_DECIMALS);
  }
  const [int = '0', frac = ''] = plain.split('.');
  if (frac.length > MAX_RATE_DECIMALS) {
    const digits = BigInt(int + frac.slice(0, MAX_RATE_DECIMALS));
    const next = Number(frac[MAX_RATE_DECIMALS] ?? '0');
    const rounded = (digits + (next >= 5 ? 1n : 0n))
      .toString()
      .padStart(MAX_RATE_DECIMALS + 1, '0');
    plain = `${rounded.slice(0, -MAX_RATE_DECIMALS)}.${rounded.slice(-MAX_RATE_DECIMALS)}`;
  }
  const r = parseExchangeRate(plain);
  return r.ok ? r.rate : null;
}

export async function fetchRate(
  baseUrl: string,
  from: string,
  to: string,
  day: string,
  today: string,
  timeoutMs: number,
): Promise<FetchedRate> {
  const path = day >= today ? 'latest' : day;
  const url = `${baseUrl}/${path}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
      // A redirect is answered as it is (3xx), never followed: the operator names the service.
      redirect: 'manual',
    });
  } catch (e) {
    throw new RateServiceError(
      `rate service unreachable: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    const redirect = response.status >= 300 && response.status < 400;
    throw new RateServiceError(
      `rate service answered ${response.status}${redirect ? ' (redirects are not followed)' : ''}`,
    );
  }
  let body: string | null;
  try {
    body = await boundedText(response, MAX_RATE_BODY_BYTES);
  } catch (e) {
    throw new RateServiceError(`rate service body unreadable: ${String(e)}`);
  }
  if (body === null) {
    throw new RateServiceError(
      `rate service answered more than ${String(MAX_RATE_BODY_BYTES)} bytes`,
    );
  }
  const date = /"date"\s*:\s*"([0-9]{4}-[0-9]{2}-[0-9]{2})"/.exec(body)?.[1];
  const text = rateText(body, to);
  const rate = text === null ? null : toRate(text);
  if (date === undefined || rate === null) {
    throw new RateServiceError('rate service answered without a usable rate');
  }
  if (!plausibleRateDate(date, day, today)) {
    throw new RateServiceError(`rate service answered a rate of an impossible day (${date})`);
  }
  return { rate, rateDate: date };
}
