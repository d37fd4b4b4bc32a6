import { describe, expect, it } from 'vitest';
import { inEnglish } from '../message.js';
import { ISO_4217_CODES, readCurrencyCode, readOptionalCurrency } from './currency.js';
import { isValidDate, readOptionalDate, toId } from './fields.js';
import { formatIssuePath } from './issues.js';

describe('field readers', () => {
  it('currencies', () => {
    expect(ISO_4217_CODES.size).toBeGreaterThan(150);
    for (const code of ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'BRL', 'INR'])
      expect(ISO_4217_CODES.has(code)).toBe(true);
    expect(readCurrencyCode('usd')).toEqual({ ok: true, value: 'USD' });
    expect(inEnglish(readCurrencyCode('US'))).toEqual({
      ok: false,
      message: 'Currency must be a 3-letter ISO 4217 code.',
    });
    expect(readCurrencyCode('QQQ').ok).toBe(false);
    expect(readOptionalCurrency(null)).toEqual({ ok: true, value: null });
    expect(readOptionalCurrency('')).toEqual({ ok: true, value: null });
  });
  it('dates', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2023-02-29')).toBe(false);
    expect(isValidDate('2000-02-29')).toBe(true);
    expect(isValidDate('1900-02-29')).toBe(false);
    expect(isValidDate('2025-04-31')).toBe(false);
    expect(isValidDate('2025-00-10')).toBe(false);
    expect(isValidDate('2025-01-00')).toBe(false);
    expect(readOptionalDate(undefined)).toEqual({ ok: true, value: null });
    expect(inEnglish(readOptionalDate(20250101))).toEqual({
      ok: false,
      message: 'Please enter a valid date (YYYY-MM-DD).',
    });
  });
  it('ids', () => {
    expect(toId(5)).toBe(5);
    expect(toId('5')).toBe(5);
    expect(toId(0)).toBeNull();
    expect(toId(2.5)).toBeNull();
    expect(toId('05')).toBeNull();
    expect(toId(2 ** 53)).toBeNull();
    expect(toId(null)).toBeNull();
  });
  it('formatIssuePath', () => {
    expect(formatIssuePath(['payers', 1, 'amountPaid'])).toBe('payers[1].amountPaid');
    expect(formatIssuePath(['splits'])).toBe('splits');
    expect(formatIssuePath([])).toBe('');
  });
});
