import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmountInput } from './amount-input.js';
import { currencyDigits } from './currency-units.js';
import { messageText } from './message.js';

function minor(text: string, locale: string, currency = 'EUR'): number | string {
  const r = parseAmountInput(text, { locale, currency });
  return r.ok ? r.minor : messageText(r.message);
}

describe('parseAmountInput', () => {
  it('reads 12.50 and 12,50 alike in every locale', () => {
    for (const locale of ['en-US', 'de-DE', 'fr-FR', 'pt-PT', 'ja-JP', 'en-IN']) {
      expect(minor('12.50', locale), locale).toBe(1250);
      expect(minor('12,50', locale), locale).toBe(1250);
      expect(minor('12,5', locale), locale).toBe(1250);
      expect(minor(' 0.99 ', locale), locale).toBe(99);
      expect(minor('7', locale), locale).toBe(700);
    }
  });

  it('understands each locale thousands separators', () => {
    expect(minor('1,234.50', 'en-US')).toBe(123450);
    expect(minor('1.234,50', 'de-DE')).toBe(123450);
    expect(minor('1.234.567', 'de-DE')).toBe(123456700);
    expect(minor('1 234,50', 'fr-FR')).toBe(123450);
    expect(minor('1\u202f234,50', 'fr-FR')).toBe(123450);
    expect(minor('1\u00a0234,50', 'pt-PT')).toBe(123450);
    expect(minor('1234,50', 'pt-PT')).toBe(123450);
    expect(minor('1,234', 'ja-JP', 'JPY')).toBe(1234);
    expect(minor('¥1,234', 'ja-JP', 'JPY')).toBe(1234);
    expect(minor('1,23,456.50', 'en-IN', 'INR')).toBe(12345650);
    expect(minor('1,23,45,678', 'en-IN', 'INR')).toBe(12345678_00);
    expect(minor('€ 12,50', 'de-DE')).toBe(1250);
  });

  it('reads one separator before three digits by the locale, or asks which was meant', () => {
    // The locale's grouping symbol: a thousands separator.
    expect(minor('1.234', 'de-DE')).toBe(123400);
    expect(minor('1,234', 'en-US')).toBe(123400);
    // The locale's decimal symbol: three decimals, right for dinars.
    expect(minor('1.234', 'en-US', 'BHD')).toBe(1234);
    expect(minor('1,234', 'fr-FR', 'KWD')).toBe(1234);
    // Three decimals are too many for pounds or euros: the person may have meant thousands
    // (issue #31 point 7: an en-GB user got only "Please enter a valid positive amount").
    expect(minor('1.234', 'en-GB', 'GBP')).toBe(
      'Did you mean 1.234 or 1,234? Please type it without thousands separators, e.g. 1234 or 1234.50.',
    );
    expect(minor('£12.345', 'en-GB', 'GBP')).toBe(
      'Did you mean 12.345 or 12,345? Please type it without thousands separators, e.g. 12345 or 12345.50.',
    );
    expect(minor('1,234', 'de-DE')).toBe(
      'Did you mean 1,234 or 1.234? Please type it without thousands separators, e.g. 1234 or 1234,50.',
    );
    // Neither (fr-FR and pt-PT group with spaces): could be either, each written their way.
    expect(minor('1.234', 'fr-FR')).toBe(
      'Did you mean 1,234 or 1 234? Please type it without thousands separators, e.g. 1234 or 1234,50.',
    );
    expect(minor('1.234', 'pt-PT')).toBe(
      'Did you mean 1,234 or 1 234? Please type it without thousands separators, e.g. 1234 or 1234,50.',
    );
    // Nothing before the separator could start a thousands group: decimals, too many of them.
    expect(minor('0.001', 'en-GB', 'GBP')).toBe('Amounts can have at most 2 decimal places.');
    expect(minor('0,125', 'fr-FR')).toBe('Amounts can have at most 2 decimal places.');
    // Other decimals than three are no question.
    expect(minor('1.23', 'en-GB', 'GBP')).toBe(123);
    expect(minor('1.2345', 'en-GB', 'GBP')).toBe('Amounts can have at most 2 decimal places.');
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '12 50', '1.2.3,4', '1,2,3', '12,,5', '1e5', '5$']) {
      expect(minor(bad, 'en-US'), bad).toBe('Please enter a valid positive amount.');
    }
    expect(minor('12.5', 'ja-JP', 'JPY')).toBe('Amounts in JPY can have at most 0 decimal places.');
    expect(minor('1.2345', 'en-US', 'BHD')).toBe(
      'Amounts in BHD can have at most 3 decimal places.',
    );
    expect(minor('100000000', 'en-US')).toBe('Amount must be at most 99,999,999.99.');
  });

  it('gives the plain decimal the API takes', () => {
    const r = parseAmountInput('1.234,50', { locale: 'de-DE', currency: 'EUR' });
    expect(r).toEqual({ ok: true, minor: 123450, plain: '1234.5' });
  });

  it('property: what Intl formats in a locale reads back as the same amount', () => {
    const locales = ['en-US', 'de-DE', 'fr-FR', 'pt-PT', 'ja-JP', 'en-IN'];
    const currencies = ['EUR', 'JPY', 'BHD', 'USD', 'INR'];
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        fc.constantFrom(...currencies),
        fc.integer({ min: 1, max: 9_999_999_999 }),
        (locale, currency, units) => {
          const d = currencyDigits(currency);
          const value = units / 10 ** d;
          if (value >= 1e8) return;
          const text = new Intl.NumberFormat(locale, {
            minimumFractionDigits: d,
            maximumFractionDigits: d,
          }).format(value);
          const r = parseAmountInput(text, { locale, currency });
          // Three decimals after a locale's group symbol is the one refused form; Intl never
          // writes it (with d = 3 the decimals follow the decimal symbol).
          expect(r, `${locale} ${currency} ${text}`).toEqual({
            ok: true,
            minor: units,
            plain: expect.any(String) as string,
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
