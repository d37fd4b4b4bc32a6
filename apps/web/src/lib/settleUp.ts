// Settling up (issue #13): what the screens already know about a balance, turned into the form's
// starting point. A balance with someone is signed from the user's side (+ = they owe the user,
// as the API sends it, in major units of its currency); it is read into integer minor units
// exactly through its decimal text (@evenly/core's parseMoney), never by float arithmetic.
import { cents, formatMinor, parseMoney } from '@evenly/core';
import type { Cents } from '@evenly/core';
import { appLocale } from '../i18n/pageLocale';

/** I_PAID: the user paid the other person; THEY_PAID: the other person paid the user. */
export type SettleDirection = 'I_PAID' | 'THEY_PAID';

/** A balance with one person in one currency, as the API gives it (+ = they owe the user). */
export interface CurrencyBalance {
  currency: string;
  amount: number;
}

/** The form's starting point: who pays whom, how much (minor units) and in which currency. */
export interface SettlePrefill {
  direction: SettleDirection;
  cents: Cents;
  currency: string;
}

/** A balance figure in signed minor units of its currency; 0 when it cannot be read. */
export function balanceMinor(amount: number, currency: string): Cents {
  const read = parseMoney(Math.abs(amount), currency);
  if (!read.ok) return cents(0);
  return cents(amount < 0 ? -read.cents : read.cents);
}

/** What settles one balance: they pay the user what they owe, or the user pays; null at zero. */
export function prefillOf(balance: CurrencyBalance): SettlePrefill | null {
  const minor = balanceMinor(balance.amount, balance.currency);
  if (minor === 0) return null;
  return {
    direction: minor > 0 ? 'THEY_PAID' : 'I_PAID',
    cents: cents(Math.abs(minor)),
    currency: balance.currency,
  };
}

/**
 * The prefill among a person's balances: the one in `currency` when given (null when that one is
 * settled), else the first non-zero one (lists come largest first).
 */
export function pickPrefill(
  balances: readonly CurrencyBalance[],
  currency: string | null,
): SettlePrefill | null {
  if (currency !== null) {
    const found = balances.find((b) => b.currency === currency);
    return found === undefined ? null : prefillOf(found);
  }
  for (const b of balances) {
    const p = prefillOf(b);
    if (p !== null) return p;
  }
  return null;
}

/** Minor units as the amount field shows them: the currency's decimals, the locale's mark. */
export function minorForInput(minor: number, currency: string): string {
  const text = formatMinor(minor, currency);
  const decimal =
    new Intl.NumberFormat(appLocale()).formatToParts(1.5).find((p) => p.type === 'decimal')
      ?.value ?? '.';
  return decimal === ',' ? text.replace('.', ',') : text;
}

/**
 * The amount field's text for `direction` in `currency`: what settles the balance when the
 * balance points that way, else empty (paying the other way would not settle anything).
 */
export function prefillText(
  balances: readonly CurrencyBalance[],
  direction: SettleDirection,
  currency: string,
): string {
  const p = pickPrefill(balances, currency);
  return p !== null && p.direction === direction ? minorForInput(p.cents, currency) : '';
}
