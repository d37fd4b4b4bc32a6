import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inEnglish, messageText } from './message.js';
import { currencyDigits, maxMinorUnits } from './currency-units.js';
import {
  approximateIn,
  convertMinor,
  convertMinorWithin,
  convertParts,
  formatExchangeRate,
  invertRate,
  parseExchangeRate,
  rateFromAmounts,
} from './exchange-rate.js';
import type { ExchangeRate } from './exchange-rate.js';
import { cents } from './money.js';
import { splitEqually } from './split.js';

function rate(text: string): ExchangeRate {
  const r = parseExchangeRate(text);
  if (!r.ok) throw new Error(messageText(r.message));
  return r.rate;
}

describe('exchange rates', () => {
  it('reads positive decimals and refuses the rest', () => {
    expect(formatExchangeRate(rate('0.006250'))).toBe('0.00625');
    expect(formatExchangeRate(rate('146'))).toBe('146');
    expect(parseExchangeRate(1.0956).ok).toBe(true);
    for (const bad of ['0', '-1', 'abc', '', '1e3', '1,5', null, '2000000000']) {
      expect(parseExchangeRate(bad).ok).toBe(false);
    }
    expect(inEnglish(parseExchangeRate('0.0000000000001'))).toEqual({
      ok: false,
      message: 'An exchange rate can have at most 12 decimal places.',
    });
  });

  it('converts between currencies of different decimals, rounding half away from zero', () => {
    expect(convertMinor(cents(10_000), 'JPY', 'EUR', rate('0.00625'))).toBe(6250);
    expect(convertMinor(cents(3200), 'USD', 'JPY', rate('146'))).toBe(4672);
    expect(convertMinor(cents(1001), 'EUR', 'BHD', rate('0.41'))).toBe(4104); // 4.1041 BHD
    expect(convertMinor(cents(-1), 'USD', 'EUR', rate('0.5'))).toBe(-1); // −0.005 → −0.01
  });

  it('derives the rate a bank charged', () => {
    // 10,000 JPY charged as 62.37 EUR.
    expect(formatExchangeRate(rateFromAmounts(cents(10_000), 'JPY', cents(6237), 'EUR'))).toBe(
      '0.006237',
    );
    expect(formatExchangeRate(invertRate(rate('146')))).toBe('0.006849315068');
  });

  it('property: converted parts sum to the converted total', () => {
    const codes = ['JPY', 'USD', 'EUR', 'BHD', 'KRW', 'MYR'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(...codes),
        fc.constantFrom(...codes),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 8 }),
        (amount, people, from, to, rateUnits, rateScale) => {
          const r: ExchangeRate = { units: BigInt(rateUnits), scale: rateScale };
          const total = convertMinorWithin(cents(amount), from, to, r, maxMinorUnits(to));
          if (total === null) return; // beyond what any amount may be: refused by the API
          const parts = splitEqually(cents(amount), people);
          const converted = convertParts(total, parts);
          expect(converted.reduce((s, x) => s + x, 0)).toBe(total);
          expect(converted.every((x) => x >= 0)).toBe(true);
          expect(currencyDigits(to)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('approximateIn', () => {
  it('adds figures converted into the home currency and lists those without a rate', () => {
    const rates = new Map([['JPY', rate('0.00625')]]);
    expect(
      approximateIn(
        'EUR',
        [
          { currency: 'EUR', cents: 1000 },
          { currency: 'JPY', cents: -1600 },
          { currency: 'USD', cents: 500 },
        ],
        rates,
      ),
    ).toEqual({ cents: 0, missing: ['USD'] });
  });
});
