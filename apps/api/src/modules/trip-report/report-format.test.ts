import { describe, expect, it } from 'vitest';
import { fitText, printable, reportFileName, reportFormat, wrapTokens } from './report-format.js';

/** One unit per code point: widths are easy to reason about. */
const measure = (s: string) => Array.from(s).length;

describe('reportFormat', () => {
  it('writes amounts in the currency’s minor units and the locale’s way', () => {
    const en = reportFormat('en-US');
    expect(en.money(123456, 'EUR')).toBe('€1,234.56');
    expect(en.money(1000, 'JPY')).toBe('¥1,000');
    expect(en.money(1234, 'KWD')).toMatch(/^KWD\s1\.234$/);
    expect(en.signedMoney(500, 'USD')).toBe('+$5.00');
    expect(en.signedMoney(-500, 'USD')).toBe('-$5.00');
    expect(en.signedMoney(0, 'USD')).toBe('$0.00');
    const de = reportFormat('de-DE');
    expect(de.money(123456, 'EUR')).toBe('1.234,56\u00a0€');
  });

  it('writes dates and months without shifting by time zone', () => {
    const en = reportFormat('en-US');
    expect(en.date('2025-03-01')).toBe('Mar 1, 2025');
    expect(en.month('2025-12')).toBe('December 2025');
    expect(reportFormat('de-DE').date('2025-03-01')).toBe('01.03.2025');
    expect(en.percent(1, 8)).toBe('12.5%');
    expect(en.percent(5, 0)).toBe('0%');
  });
});

describe('printable', () => {
  it('makes hostile text one plain line', () => {
    expect(printable('a\nb\tc\r\n  d')).toBe('a b c d');
    expect(printable('x\u202eevil\u2066y')).toBe('x evil y');
    expect(printable('(BT) Tj ET \\')).toBe('(BT) Tj ET \\');
    const long = printable('é'.repeat(400));
    expect(Array.from(long)).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('fitText', () => {
  it('keeps text that fits and cuts the rest with an ellipsis', () => {
    expect(fitText('abc', 3, measure)).toBe('abc');
    expect(fitText('abcdef', 4, measure)).toBe('abc…');
    expect(fitText('abcdef', 0, measure)).toBe('…');
  });

  it('never splits a surrogate pair', () => {
    expect(fitText('😀😀😀😀', 3, measure)).toBe('😀😀…');
  });
});

describe('wrapTokens', () => {
  it('packs tokens into lines and cuts the last', () => {
    expect(wrapTokens(['aa', 'bb', 'cc'], ', ', 6, measure, 3)).toEqual(['aa, bb', 'cc']);
    expect(wrapTokens(['aa', 'bb', 'cc', 'dd', 'ee'], ', ', 6, measure, 2)).toEqual([
      'aa, bb',
      'cc, d…',
    ]);
    expect(wrapTokens(['aa', 'bb'], ', ', 3, measure, 1)).toEqual(['aa…']);
    expect(wrapTokens([], ', ', 5, measure, 2)).toEqual([]);
  });
});

describe('reportFileName', () => {
  it('names the dates', () => {
    expect(reportFileName('Tokyo-trip', '2025-03-01', '2025-03-09')).toBe(
      'Tokyo-trip_2025-03-01_2025-03-09_report.pdf',
    );
    expect(reportFileName('g', null, null)).toBe('g_all_report.pdf');
    expect(reportFileName('g', '2025-03-01', null)).toBe('g_2025-03-01_today_report.pdf');
  });
});
