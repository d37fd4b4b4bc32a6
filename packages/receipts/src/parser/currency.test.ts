import { describe, expect, it } from 'vitest';
import { detectCurrency } from './currency.js';

describe('detectCurrency', () => {
  it.each([
    ['TOTAL RM 9.00', 'MYR'],
    ['TOTAL $8.70\nSDN BHD', 'MYR'],
    ['Total $11.55', 'USD'],
    ['SUMME 7,60 €', 'EUR'],
    ['BALANCE DUE £4.60', 'GBP'],
    ['S$ 7.40', 'SGD'],
    ['TOTAL CHF 12.00', 'CHF'],
    ['TOTAL 9.00', null],
  ])('%s → %s', (text, code) => {
    expect(detectCurrency(text).currency).toBe(code);
  });
});
