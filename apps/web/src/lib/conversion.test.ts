// The conversion helpers the expense and payment forms share: exact previews (the server's
// rounding, never floats), typed rates in either decimal mark, and what the request carries.
import { afterEach, describe, expect, it } from 'vitest';
import { inEnglish } from '@evenly/core';
import {
  conversionProblem,
  conversionRequestFields,
  initialConversion,
  MSG_RATES_UNAVAILABLE,
  plainRate,
  previewConversion,
  readTypedRate,
} from './conversion';
import { resetPageLocale, showPageIn } from './pageLocaleForTests';

/** A page in the language of `locale`, in a browser of `locale`: typed amounts are read in it. */
function inLocale(locale: 'de-DE' | 'en-US') {
  showPageIn(locale === 'de-DE' ? 'de' : 'en', locale);
}

afterEach(resetPageLocale);

describe('typed rates', () => {
  it('reads "." and "," as the decimal mark and refuses anything else', () => {
    expect(plainRate('0.00625')).toBe('0.00625');
    expect(plainRate('0,00625')).toBe('0.00625');
    expect(plainRate(' 146 ')).toBe('146');
    for (const bad of ['', '0', '-1', '1,234.5', '1,2,3', 'abc', '0.0000000000001']) {
      expect(readTypedRate(bad)).toBeNull();
    }
  });
});

describe('previewConversion', () => {
  it('converts exactly and rounds once, like the server: 10,000 JPY at 0.00625 = 62.50 EUR', () => {
    inLocale('de-DE');
    const state = { rateMode: 'MANUAL' as const, rate: '0,00625', charged: '' };
    expect(previewConversion('10.000', 'JPY', 'EUR', state, null, null)).toEqual({
      converted: 6250,
      rateText: '0.00625',
    });
  });

  it('does not drift where floats would: 0.29 EUR at 100 → 29 JPY, 1.005 rounds half up', () => {
    inLocale('en-US');
    const manual = (rate: string) => ({ rateMode: 'MANUAL' as const, rate, charged: '' });
    // 0.29 * 100 = 28.999999999999996 in floating point.
    expect(previewConversion('0.29', 'EUR', 'JPY', manual('100'), null, null).converted).toBe(29);
    // 1 USD at 1.005 → 1.005 EUR → 1.01 (half away from zero; the float 1.005 is 1.00499…).
    expect(previewConversion('1', 'USD', 'EUR', manual('1.005'), null, null).converted).toBe(101);
  });

  it('uses the service rate, the saved rate or the rate a charged amount implies', () => {
    inLocale('en-US');
    const base = { rate: '', charged: '' };
    expect(
      previewConversion('20', 'USD', 'EUR', { ...base, rateMode: 'SERVICE' }, '0.9', null),
    ).toEqual({ converted: 1800, rateText: '0.9' });
    expect(
      previewConversion('20', 'USD', 'EUR', { ...base, rateMode: 'KEEP' }, '0.9', '0.85'),
    ).toEqual({ converted: 1700, rateText: '0.85' });
    expect(
      previewConversion(
        '10000',
        'JPY',
        'EUR',
        { ...base, rateMode: 'CHARGED', charged: '63.10' },
        null,
        null,
      ),
    ).toEqual({ converted: 6310, rateText: '0.00631' });
    // Nothing typed yet: no figure, but the rate is known.
    expect(
      previewConversion('', 'USD', 'EUR', { ...base, rateMode: 'SERVICE' }, '0.9', null),
    ).toEqual({ converted: null, rateText: '0.9' });
  });
});

describe('conversionProblem and the request fields', () => {
  it('asks for a rate when the service has none, and checks what is typed', () => {
    inLocale('en-US');
    const service = initialConversion(null);
    expect(service.rateMode).toBe('SERVICE');
    expect(conversionProblem(service, 'EUR', false)).toBe(MSG_RATES_UNAVAILABLE);
    expect(conversionProblem(service, 'EUR', true)).toBeNull();
    expect(
      inEnglish(conversionProblem({ ...service, rateMode: 'MANUAL', rate: 'x' }, 'EUR', true)),
    ).toBe('Please enter a valid exchange rate (a positive number).');
    expect(inEnglish(conversionProblem({ ...service, rateMode: 'CHARGED' }, 'EUR', true))).toBe(
      'Please enter the amount charged in EUR.',
    );
    expect(
      inEnglish(
        conversionProblem({ ...service, rateMode: 'CHARGED', charged: '1.5' }, 'JPY', true),
      ),
    ).toBe('Amounts in JPY can have at most 0 decimal places.');
    // Three digits after the one separator: yen cannot have decimals, so thousands are likely.
    expect(
      inEnglish(
        conversionProblem({ ...service, rateMode: 'CHARGED', charged: '1.234' }, 'JPY', true),
      ),
    ).toBe(
      'Did you mean 1.234 or 1,234? Please type it without thousands separators, e.g. 1234 or 1234.50.',
    );
  });

  it('sends a typed rate or a charged amount, nothing for the service or a kept rate', () => {
    inLocale('de-DE');
    const s = { rate: '0,00625', charged: '1.234,50' };
    expect(conversionRequestFields({ ...s, rateMode: 'MANUAL' }, 'EUR')).toEqual({
      exchangeRate: '0.00625',
    });
    expect(conversionRequestFields({ ...s, rateMode: 'CHARGED' }, 'EUR')).toEqual({
      convertedAmount: '1234.5',
    });
    expect(conversionRequestFields({ ...s, rateMode: 'SERVICE' }, 'EUR')).toEqual({});
    expect(conversionRequestFields({ ...s, rateMode: 'KEEP' }, 'EUR')).toEqual({});
    expect(initialConversion('0.85')).toEqual({ rateMode: 'KEEP', rate: '0.85', charged: '' });
  });
});
