// A client of a Frankfurter-compatible exchange-rate API (https://frankfurter.dev):
// `GET {base}/{YYYY-MM-DD}?from=JPY&to=EUR` (or `/latest?…`) answers
// `{"amount":1.0,"base":"JPY","date":"2026-11-20","rates":{"EUR":0.0062}}`, the rate of the last
// business day on or before the day asked. Rates are read from the JSON text itself, never
// through floating-point arithmetic.
import { MAX_RATE_DECIMALS, parseExchangeRate } from '@evenly/core';
import type { ExchangeRate } from '@evenly/core';

export class RateServiceError extends Error {}

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
    });
  } catch (e) {
    throw new RateServiceError(
      `rate service unreachable: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (!response.ok) throw new RateServiceError(`rate service answered ${response.status}`);
  let body: string;
  try {
    body = await response.text();
  } catch (e) {
    throw new RateServiceError(`rate service body unreadable: ${String(e)}`);
  }
  const date = /"date"\s*:\s*"([0-9]{4}-[0-9]{2}-[0-9]{2})"/.exec(body)?.[1];
  const text = rateText(body, to);
  const rate = text === null ? null : toRate(text);
  if (date === undefined || rate === null) {
    throw new RateServiceError('rate service answered without a usable rate');
  }
  return { rate, rateDate: date };
}
