// Converting an expense or payment typed in another currency into its group's currency (issue
// #10), shared by the expense and payment forms. The server converts and rounds; the preview
// here uses the same exact math from @evenly/core (bigint, rounded once), never floats.
import {
  convertMinorWithin,
  formatExchangeRate,
  maxMinorUnits,
  MSG_INVALID_RATE,
  parseExchangeRate,
  rateFromAmounts,
} from '@evenly/core';
import type { Cents, ExchangeRate } from '@evenly/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { appLocale } from '../i18n/pageLocale';
import { amountProblem, parseAmountMinor, plainAmount } from './money';

/**
 * Where the rate comes from: the rate service's rate for the date, a rate typed, the amount
 * the bank charged in the group currency, or (editing) the rate already saved.
 */
export type RateMode = 'SERVICE' | 'MANUAL' | 'CHARGED' | 'KEEP';

export interface ConversionState {
  rateMode: RateMode;
  /** Units of the group currency per one unit of the typed currency, as typed. */
  rate: string;
  /** What the bank charged, in the group currency, as typed. */
  charged: string;
}

export const MSG_RATES_UNAVAILABLE = msg`Exchange rates cannot be fetched right now. Please enter the rate.`;

/** A fresh conversion: the rate service's rate, unless editing an entry with a saved rate. */
export function initialConversion(savedRate: string | null | undefined): ConversionState {
  return savedRate
    ? { rateMode: 'KEEP', rate: savedRate, charged: '' }
    : { rateMode: 'SERVICE', rate: '', charged: '' };
}

/** A typed rate ("0,00625" or "0.00625") as an exact rate, or null when it is not one. */
export function readTypedRate(text: string): ExchangeRate | null {
  const t = text.trim();
  // A rate has no thousands separators, so one "," can only be the decimal mark.
  if (t === '' || (t.match(/,/g) ?? []).length > 1 || (t.includes(',') && t.includes('.'))) {
    return null;
  }
  const r = parseExchangeRate(t.replace(',', '.'));
  return r.ok ? r.rate : null;
}

/** The typed rate as the plain decimal the API takes ("0.00625"), or null. */
export function plainRate(text: string): string | null {
  const rate = readTypedRate(text);
  return rate === null ? null : formatExchangeRate(rate);
}

export interface ConversionPreview {
  /** The converted amount in minor units of the group currency (null: not enough typed). */
  converted: Cents | null;
  /** The rate the conversion uses, as plain text ("0.00625"), when known. */
  rateText: string | null;
}

/**
 * What the amount typed in `from` comes to in `to` with the chosen rate: the rate service's
 * (`serviceRate`), the saved one (`savedRate`), a typed one, or the one the charged amount
 * implies (to 12 decimals, as the server derives it).
 */
export function previewConversion(
  amountText: string,
  from: string,
  to: string,
  state: ConversionState,
  serviceRate: string | null,
  savedRate: string | null,
): ConversionPreview {
  const amount = parseAmountMinor(amountText, from);
  if (state.rateMode === 'CHARGED') {
    const charged = parseAmountMinor(state.charged, to);
    if (charged === null || charged <= 0 || amount === null || amount <= 0) {
      return { converted: charged, rateText: null };
    }
    return {
      converted: charged,
      rateText: formatExchangeRate(rateFromAmounts(amount, from, charged, to)),
    };
  }
  const text =
    state.rateMode === 'KEEP' ? savedRate : state.rateMode === 'MANUAL' ? state.rate : serviceRate;
  const rate = text === null ? null : readTypedRate(text);
  if (rate === null) return { converted: null, rateText: null };
  const rateText = formatExchangeRate(rate);
  if (amount === null) return { converted: null, rateText };
  return { converted: convertMinorWithin(amount, from, to, rate, maxMinorUnits(to)), rateText };
}

/** The conversion fields' problem (null when none); `serviceAvailable`: the service answered. */
export function conversionProblem(
  state: ConversionState,
  groupCurrency: string,
  serviceAvailable: boolean,
): MessageDescriptor | null {
  if (state.rateMode === 'MANUAL' && readTypedRate(state.rate) === null) return MSG_INVALID_RATE;
  if (state.rateMode === 'CHARGED') {
    const charged = parseAmountMinor(state.charged, groupCurrency);
    if (charged === null || charged <= 0) {
      return (
        (state.charged.trim() ? amountProblem(state.charged, groupCurrency) : null) ??
        msg`Please enter the amount charged in ${groupCurrency}.`
      );
    }
  }
  if (state.rateMode === 'SERVICE' && !serviceAvailable) return MSG_RATES_UNAVAILABLE;
  return null;
}

/** The control to focus for a problem with the rate: the charged amount, else the typed rate. */
export function conversionFocusId(idPrefix: string, state: ConversionState): string {
  return state.rateMode === 'CHARGED' ? `${idPrefix}-charged` : `${idPrefix}-rate`;
}

/**
 * The request fields for the chosen rate: `exchangeRate` for a typed one, `convertedAmount` for
 * a charged amount, nothing for the service's rate (the server looks it up) or a kept one (the
 * server keeps it).
 */
export function conversionRequestFields(
  state: ConversionState,
  groupCurrency: string,
): { exchangeRate?: string; convertedAmount?: string } {
  if (state.rateMode === 'MANUAL') {
    const rate = plainRate(state.rate);
    return rate === null ? {} : { exchangeRate: rate };
  }
  if (state.rateMode === 'CHARGED') {
    const charged = plainAmount(state.charged, groupCurrency);
    return charged === null ? {} : { convertedAmount: charged };
  }
  return {};
}

/** A rate as the user's locale writes numbers ("0,00625" in de-DE), all its decimals kept. */
export function rateForDisplay(rateText: string): string {
  const decimal =
    new Intl.NumberFormat(appLocale()).formatToParts(1.5).find((p) => p.type === 'decimal')
      ?.value ?? '.';
  return decimal === '.' ? rateText : rateText.replace('.', decimal);
}
