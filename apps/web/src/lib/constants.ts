// Business constants of product spec §9.
export const DEFAULT_CURRENCY = 'USD';
export const REDIRECT_DELAY_MS = 3000;
export const MIN_AMOUNT = 0.01;
export const MAX_GROUP_BALANCE_LINES = 2;
