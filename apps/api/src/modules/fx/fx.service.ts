// Exchange rates for conversions (issue #10): asked of a Frankfurter-compatible service
// (FX_RATES_URL) and cached in the database per currency pair and day, shared by every process.
// A past day's rate never changes, so it is kept for good; today's is asked again after an hour.
// A lookup the service failed is not asked again for FAILURE_TTL_MS (issue #30): requests in
// that time get the stale rate if there is one, else 503 at once.
import { formatExchangeRate, invertRate, parseExchangeRate } from '@evenly/core';
import type { ExchangeRate } from '@evenly/core';
import { RatesUnavailableError } from '../../errors/app-errors.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { fetchRate, RateServiceError } from './frankfurter-client.js';
import type { CachedRate } from './fx-rates.repository.js';
import {
  findCachedRate,
  latestCachedRates,
  refreshRate,
  storeRate,
} from './fx-rates.repository.js';

/** A rate for a day, and the day the service's rate is actually from (last business day). */
export interface FxQuote {
  rate: ExchangeRate;
  rateDate: string;
}

/** Today's rate is asked again once it is older than this. */
const TODAY_MAX_AGE_MS = 60 * 60 * 1000;
/** A failed lookup is not asked of the service again for this long. */
export const FAILURE_TTL_MS = 60 * 1000;
/** Failed lookups remembered at most (the oldest are forgotten first). */
const MAX_FAILURES = 10_000;

/** A cached row as the rate from `from` (inverted when the row is the other way round). */
function quoteOf(row: CachedRate, from: string): FxQuote | null {
  const r = parseExchangeRate(row.rate);
  if (!r.ok) return null;
  return { rate: row.base === from ? r.rate : invertRate(r.rate), rateDate: row.rateDate };
}

export class FxService {
  /** Lookups under way in this process, so concurrent requests share one fetch. */
  private readonly inFlight = new Map<string, Promise<FxQuote>>();

  /** Lookup key → when the service may be asked again after it failed (clock ms). */
  private readonly failedUntil = new Map<string, number>();

  /** `now`: the clock (ms), for the failure memory and today's date; tests pass their own. */
  constructor(
    private readonly deps: ServiceDeps,
    private readonly now: () => number = Date.now,
  ) {}

  private todayUtc(): string {
    return new Date(this.now()).toISOString().slice(0, 10);
  }

  /** Whether `key` failed less than FAILURE_TTL_MS ago. */
  private failedRecently(key: string): boolean {
    const until = this.failedUntil.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.failedUntil.delete(key);
    return false;
  }

  private rememberFailure(key: string): void {
    this.failedUntil.delete(key);
    if (this.failedUntil.size >= MAX_FAILURES) {
      const now = this.now();
      for (const [k, until] of this.failedUntil) if (until <= now) this.failedUntil.delete(k);
      const oldest = this.failedUntil.keys().next();
      if (this.failedUntil.size >= MAX_FAILURES && oldest.done !== true) {
        this.failedUntil.delete(oldest.value);
      }
    }
    this.failedUntil.set(key, this.now() + FAILURE_TTL_MS);
  }

  /**
   * The rate from `from` to `to` (major units of `to` per major unit of `from`) for `date`
   * (YYYY-MM-DD). Throws RatesUnavailableError when it is neither cached nor obtainable.
   */
  rateFor(from: string, to: string, date: string): Promise<FxQuote> {
    if (from === to) return Promise.resolve({ rate: { units: 1n, scale: 0 }, rateDate: date });
    const key = `${from}>${to}@${date}`;
    let pending = this.inFlight.get(key);
    if (pending === undefined) {
      pending = this.lookup(from, to, date, key).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async lookup(from: string, to: string, date: string, key: string): Promise<FxQuote> {
    const db = this.deps.db;
    const today = this.todayUtc();
    const cached = await findCachedRate(db, from, to, date);
    const fresh =
      cached !== null &&
      (date < today || this.now() - cached.createdAt.getTime() < TODAY_MAX_AGE_MS);
    const cachedQuote = cached === null ? null : quoteOf(cached, from);
    if (fresh && cachedQuote !== null) return cachedQuote;
    const url = this.deps.config.fxRatesUrl;
    if (url === null || this.failedRecently(key)) {
      if (cachedQuote !== null) return cachedQuote;
      throw new RatesUnavailableError();
    }
    try {
      const fetched = await fetchRate(url, from, to, date, today, this.deps.config.fxTimeoutMs);
      const text = formatExchangeRate(fetched.rate);
      if (date >= today) await refreshRate(db, from, to, date, text, fetched.rateDate);
      else await storeRate(db, from, to, date, text, fetched.rateDate);
      return fetched;
    } catch (e) {
      if (!(e instanceof RateServiceError)) throw e;
      this.rememberFailure(key);
      // A stale rate for today beats none.
      if (cachedQuote !== null) return cachedQuote;
      this.deps.logger.warn({ from, to, date, reason: e.message }, 'exchange rate unavailable');
      throw new RatesUnavailableError();
    }
  }

  /** The newest cached rate from `base` to each of `quotes` (no network); missing ones absent. */
  async latestCached(base: string, quotes: readonly string[]): Promise<Map<string, ExchangeRate>> {
    const out = new Map<string, ExchangeRate>();
    for (const row of await latestCachedRates(this.deps.db, base, quotes)) {
      const q = quoteOf(row, base);
      if (q !== null) out.set(row.base === base ? row.quote : row.base, q.rate);
    }
    return out;
  }
}
