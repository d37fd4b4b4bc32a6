import { isIsoCurrencyCode } from '@evenly/core';
import { describe, expect, it } from 'vitest';
import {
  chooseDefaultCurrency,
  localeCurrency,
  localeRegion,
  REGION_CURRENCY,
} from './defaultCurrency';

describe('localeCurrency', () => {
  it('reads the region of the locale', () => {
    expect(localeCurrency('en-GB')).toBe('GBP');
    expect(localeCurrency('pt-PT')).toBe('EUR');
    expect(localeCurrency('pt-BR')).toBe('BRL');
    expect(localeCurrency('en-US')).toBe('USD');
    expect(localeCurrency('de-CH')).toBe('CHF');
    expect(localeCurrency('ja-JP')).toBe('JPY');
    expect(localeCurrency('zh-Hant-TW')).toBe('TWD');
  });

  it('guesses the likely region of a language without one', () => {
    expect(localeRegion('pt')).toBe('BR');
    expect(localeCurrency('ja')).toBe('JPY');
  });

  it('gives null for a region without a currency of its own or a tag Intl cannot read', () => {
    // 001 is "world", AQ Antarctica.
    expect(localeCurrency('en-001')).toBeNull();
    expect(localeCurrency('en-AQ')).toBeNull();
    expect(localeCurrency('not a locale')).toBeNull();
  });

  it('names only currencies the server accepts', () => {
    const refused = [...REGION_CURRENCY].filter(([, c]) => !isIsoCurrencyCode(c));
    expect(refused).toEqual([]);
    expect(REGION_CURRENCY.size).toBeGreaterThan(240);
  });
});

describe('chooseDefaultCurrency', () => {
  it('takes the home currency first', () => {
    expect(chooseDefaultCurrency({ home: 'CHF', locale: 'en-GB', recent: ['JPY'] })).toBe('CHF');
  });

  it('then the locale region', () => {
    expect(chooseDefaultCurrency({ home: null, locale: 'en-GB', recent: ['JPY'] })).toBe('GBP');
    expect(chooseDefaultCurrency({ home: undefined, locale: 'pt-PT', recent: [] })).toBe('EUR');
  });

  it('then the last one used, then USD', () => {
    expect(chooseDefaultCurrency({ home: null, locale: 'en-001', recent: ['JPY', 'EUR'] })).toBe(
      'JPY',
    );
    expect(chooseDefaultCurrency({ home: null, locale: 'en-001', recent: [] })).toBe('USD');
  });
});
