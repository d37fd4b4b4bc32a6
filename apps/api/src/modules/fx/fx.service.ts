// Exchange rates for conversions (issue #10): asked of a Frankfurter-compatible service
// (FX_RATES_URL) and cached in the database per currency pair and day, shared by every process.
// A past day's rate never changes, so it is kept for good; today's is asked again after an hour.
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

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A cached row as the rate from `from` (inverted when the row is the other way round). */
function quoteOf(row: CachedRate, from: string): FxQuote | null {
  const r = parseExchangeRate(row.rate);
  if (!r.ok) return null;
  return { rate: row.base === from ? r.rate : invertRate(r.rate), rateDate: row.rateDate };
}

export class FxService {
  /** Lookups under way in this process, so concurrent requests share one fetch. */
  private readonly inFlight = new Map<string, Promise<FxQuote>>();

  constructor(private readonly deps: ServiceDeps) {}

  /**
   * The rate from `from` to `to` (major units of `to` per major unit of `from`) for `date`
   * (YYYY-MM-DD). Throws RatesUnavailableError when it is neither cached nor obtainable.
   */
  rateFor(from: string, to: string, date: string): Promise<FxQuote> {
    if (from === to) return Promise.resolve({ rate: { units: 1n, scale: 0 }, rateDate: date });
    const key = `${from}>${to}@${date}`;
    let pending = this.inFlight.get(key);
    if (pending === undefined) {
      pending = this.lookup(from, to, date).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async lookup(from: string, to: string, date: string): Promise<FxQuote> {
    const db = this.deps.db;
    const today = todayUtc();
    const cached = await findCachedRate(db, from, to, date);
    const fresh =
      cached !== null &&
      (date < today || Date.now() - cached.createdAt.getTime() < TODAY_MAX_AGE_MS);
    const cachedQuote = cached === null ? null : quoteOf(cached, from);
    if (fresh && cachedQuote !== null) return cachedQuote;
    const url = this.deps.config.fxRatesUrl;
    if (url === null) {
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
