// Business constants of product spec §9.
export const DEFAULT_CURRENCY = 'USD';
export const REDIRECT_DELAY_MS = 3000;
export const MIN_AMOUNT = 0.01;
export const MAX_GROUP_BALANCE_LINES = 2;
/** Sums (payers, exact splits) must match within this; percentages within PERCENT_TOLERANCE. */
export const SUM_TOLERANCE = 0.01;
export const PERCENT_TOLERANCE = 0.005;
