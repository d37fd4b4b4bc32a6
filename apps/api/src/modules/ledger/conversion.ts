// Entries in another currency than the one their group keeps balances in (issue #10): what the
// request asks (a rate typed, the amount the bank charged, or neither: the rate service's rate
// for the entry's date), and the conversion that results. Money is minor units throughout.
import {
  asRecord,
  convertMinorWithin,
  maxMinorUnits,
  formatExchangeRate,
  parseExchangeRate,
  parsePositiveMoney,
  rateFromAmounts,
} from '@evenly/core';
import type { Cents, ExchangeRate } from '@evenly/core';
import {
  attemptMemo,
  insideTransaction,
  OutsideTransactionWork,
} from '../../db/transaction-scope.js';
import { RatesUnavailableError, ValidationError } from '../../errors/app-errors.js';

export type RateSource = 'SERVICE' | 'MANUAL' | 'CHARGED';

export const CONVERSION_MESSAGES = {
  both: 'Please give either an exchange rate or the converted amount, not both.',
  tooLarge: 'The converted amount is too large. Please check the rate.',
} as const;

/** The amount at the rate, refused (400 on exchangeRate) when beyond any amount's maximum. */
function convertChecked(amount: Cents, from: string, to: string, rate: ExchangeRate): Cents {
  const converted = convertMinorWithin(amount, from, to, rate, maxMinorUnits(to));
  if (converted === null) {
    throw new ValidationError(CONVERSION_MESSAGES.tooLarge, [
      { field: 'exchangeRate', message: CONVERSION_MESSAGES.tooLarge },
    ]);
  }
  return converted;
}

/** A group's currency settings as the ledger rules need them. */
export interface GroupCurrency {
  defaultCurrency: string;
  currencyMode: 'CONVERT' | 'SEPARATE';
}

/**
 * The currency an entry's balances are kept in: in a CONVERT group the group's currency,
 * otherwise (SEPARATE groups, outside groups) the entry's own.
 */
export function ledgerCurrencyOf(entered: string, group: GroupCurrency | null): string {
  return group !== null && group.currencyMode === 'CONVERT' ? group.defaultCurrency : entered;
}

/** The guard's value for a group's currency settings (they must not change under a write). */
export function groupCurrencyKey(group: GroupCurrency | null): string {
  return group === null ? '' : `${group.defaultCurrency}:${group.currencyMode}`;
}

/** What the request says about the rate (both null: look it up, or keep the stored one). */
export interface RateAsk {
  rate: ExchangeRate | null;
  /** Minor units of the ledger currency. */
  converted: Cents | null;
}

/** Reads `exchangeRate` and `convertedAmount` (in `ledgerCurrency`) from a request body. */
export function readRateAsk(body: unknown, ledgerCurrency: string): RateAsk {
  const b = asRecord(body);
  const hasRate = b.exchangeRate !== undefined && b.exchangeRate !== null && b.exchangeRate !== '';
  const hasConverted =
    b.convertedAmount !== undefined && b.convertedAmount !== null && b.convertedAmount !== '';
  if (hasRate && hasConverted) {
    throw new ValidationError(CONVERSION_MESSAGES.both, [
      { field: 'exchangeRate', message: CONVERSION_MESSAGES.both },
    ]);
  }
  if (hasRate) {
    const r = parseExchangeRate(b.exchangeRate);
    if (!r.ok)
      throw new ValidationError(r.message, [{ field: 'exchangeRate', message: r.message }]);
    return { rate: r.rate, converted: null };
  }
  if (hasConverted) {
    const r = parsePositiveMoney(b.convertedAmount, ledgerCurrency);
    if (!r.ok) {
      throw new ValidationError(r.message, [{ field: 'convertedAmount', message: r.message }]);
    }
    return { rate: null, converted: r.cents };
  }
  return { rate: null, converted: null };
}

/** A conversion as stored with the entry. */
export interface Conversion {
  /** The currency the entry was entered in, and its amount (minor units). */
  fromCurrency: string;
  originalCents: Cents;
  /** The ledger currency and the converted amount (minor units). */
  toCurrency: string;
  convertedCents: Cents;
  rate: ExchangeRate;
  source: RateSource;
  /** The day the service's rate is from (SERVICE only). */
  rateDate: string | null;
}

/** A stored conversion as read back (the rate as exact decimal text). */
export interface StoredConversion {
  fromCurrency: string;
  originalCents: number;
  rate: string;
  source: RateSource;
  rateDate: string | null;
}

export type RateLookup = (
  from: string,
  to: string,
  date: string,
) => Promise<{ rate: ExchangeRate; rateDate: string }>;

/**
 * The conversion of `originalCents` in `from` into `to`: the amount charged when given, else the
 * typed rate, else the stored one when the edit keeps the currency, else the service's rate for
 * `date`. When the service cannot answer, the request is refused with a message asking for a
 * rate (400 on `exchangeRate`): saving never waits for it when a rate is given.
 */
export async function resolveConversion(
  originalCents: Cents,
  from: string,
  to: string,
  date: string,
  ask: RateAsk,
  stored: StoredConversion | null,
  storedConvertedCents: number | null,
  lookup: RateLookup,
): Promise<Conversion> {
  const base = { fromCurrency: from, originalCents, toCurrency: to };
  if (ask.converted !== null) {
    return {
      ...base,
      convertedCents: ask.converted,
      rate: rateFromAmounts(originalCents, from, ask.converted, to),
      source: 'CHARGED',
      rateDate: null,
    };
  }
  if (ask.rate !== null) {
    return {
      ...base,
      convertedCents: convertChecked(originalCents, from, to, ask.rate),
      rate: ask.rate,
      source: 'MANUAL',
      rateDate: null,
    };
  }
  if (stored !== null && stored.fromCurrency === from) {
    const parsed = parseExchangeRate(stored.rate);
    if (parsed.ok) {
      // What the bank charged stays exact while the amount does not change.
      if (
        stored.source === 'CHARGED' &&
        stored.originalCents === originalCents &&
        storedConvertedCents !== null
      ) {
        return {
          ...base,
          convertedCents: storedConvertedCents as Cents,
          rate: parsed.rate,
          source: 'CHARGED',
          rateDate: null,
        };
      }
      return {
        ...base,
        convertedCents: convertChecked(originalCents, from, to, parsed.rate),
        rate: parsed.rate,
        source: stored.source === 'CHARGED' ? 'MANUAL' : stored.source,
        rateDate: stored.rateDate,
      };
    }
  }
  try {
    const quote = await lookup(from, to, date);
    return {
      ...base,
      convertedCents: convertChecked(originalCents, from, to, quote.rate),
      rate: quote.rate,
      source: 'SERVICE',
      rateDate: quote.rateDate,
    };
  } catch (e) {
    if (e instanceof RatesUnavailableError) {
      throw new ValidationError(e.message, [{ field: 'exchangeRate', message: e.message }]);
    }
    throw e;
  }
}

export { convertChecked };

export const MSG_CONVERTED_TOO_SMALL =
  'The converted amount is zero at this rate. Please check the rate or the amount.';

/** Refuses (400 on exchangeRate) a converted amount of zero minor units. */
export function checkConvertedAmount(convertedCents: number): void {
  if (convertedCents <= 0) {
    throw new ValidationError(MSG_CONVERTED_TOO_SMALL, [
      { field: 'exchangeRate', message: MSG_CONVERTED_TOO_SMALL },
    ]);
  }
}

/**
 * The rate service's lookups for one request, each asked at most once (retries reuse them).
 * `fx`: the rate service (modules/fx).
 *
 * A rate not asked yet is never asked from inside a transaction: the rate service reads and
 * writes its cache on the shared database handle and may wait seconds for the network, and on
 * the embedded database a transaction that waits for the shared handle waits for itself forever
 * (issue #30 finding 16). It throws OutsideTransactionWork instead: the transaction runner rolls
 * back, asks here with no transaction open, and runs the write again, which finds the answer.
 */
export function requestRates(fx: { rateFor: RateLookup }): RateLookup {
  const seen = new Map<string, ReturnType<RateLookup>>();
  const ask = (from: string, to: string, date: string, key: string) => {
    const found = fx.rateFor(from, to, date);
    // A failure is the answer too (RatesUnavailableError): the write that asked reports it.
    found.catch(() => undefined);
    seen.set(key, found);
    return found;
  };
  return (from, to, date) => {
    const key = `${from}>${to}@${date}`;
    // Asked earlier in this request, or outside an earlier attempt of this transaction.
    const shared = attemptMemo();
    const found =
      seen.get(key) ?? (shared?.get(`rate ${key}`) as ReturnType<RateLookup> | undefined);
    if (found !== undefined) return found;
    // The same currency needs no service (fx answers 1 without a statement).
    if (insideTransaction() && from !== to) {
      throw new OutsideTransactionWork(`exchange rate ${key}`, async () => {
        const answer = ask(from, to, date, key);
        shared?.set(`rate ${key}`, answer);
        await answer.catch(() => undefined);
      });
    }
    return ask(from, to, date, key);
  };
}

/** The rate as stored (exact decimal text). */
export function rateText(c: Conversion): string {
  return formatExchangeRate(c.rate);
}
