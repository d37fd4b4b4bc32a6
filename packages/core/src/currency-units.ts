// Minor units per currency (ISO 4217 "E" column): how many decimals an amount in a currency has.
// Every money integer in the domain (`Cents`) counts minor units of its own currency: cents for
// USD, yen for JPY, fils for BHD. Codes ISO lists without minor unit (metals, funds, XDR) keep 2
// decimals, as they had before currencies had their own.

const ZERO_DECIMALS = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'.split(
  ' ',
);
const THREE_DECIMALS = 'BHD IQD JOD KWD LYD OMR TND'.split(' ');
const FOUR_DECIMALS = 'CLF UYW'.split(' ');

const DIGITS: ReadonlyMap<string, number> = new Map([
  ...ZERO_DECIMALS.map((c) => [c, 0] as const),
  ...THREE_DECIMALS.map((c) => [c, 3] as const),
  ...FOUR_DECIMALS.map((c) => [c, 4] as const),
]);

/** The number of decimals of amounts in `currency` (0–4); 2 for most. */
export function currencyDigits(currency: string): number {
  return DIGITS.get(currency) ?? 2;
}

/** The most decimals any currency has (the scale a typed rate or amount is first read at). */
export const MAX_CURRENCY_DIGITS = 4;

/** Largest accepted amount in major units is 99,999,999.99…: 10^8 − one minor unit. */
export function maxMinorUnits(currency: string): number {
  return 10 ** (8 + currencyDigits(currency)) - 1;
}

/** The currencies whose amounts do not have 2 decimals, by their number of decimals. */
export const CURRENCIES_BY_DIGITS: Readonly<Record<0 | 3 | 4, readonly string[]>> = {
  0: ZERO_DECIMALS,
  3: THREE_DECIMALS,
  4: FOUR_DECIMALS,
};
