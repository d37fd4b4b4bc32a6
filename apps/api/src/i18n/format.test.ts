import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format.js';

const AT = new Date('2026-11-28T18:01:00Z');
const RealDateTimeFormat = Intl.DateTimeFormat;
const RealNumberFormat = Intl.NumberFormat;

describe('formatting in the reader language', () => {
  afterEach(() => {
    Intl.DateTimeFormat = RealDateTimeFormat;
    Intl.NumberFormat = RealNumberFormat;
  });

  it('formats dates and money in the locale and time zone asked for', () => {
    expect(formatDateTime('en', 'Europe/Berlin', AT)).toBe('Nov 28, 2026, 7:01 PM');
    expect(formatDateTime('de', 'Europe/Berlin', AT)).toBe('28.11.2026, 19:01');
    expect(formatDateTime('en', 'Not/AZone', AT)).toBe('Nov 28, 2026, 6:01 PM');
    expect(formatDate('en', 'Pacific/Auckland', AT)).toBe('November 29, 2026');
    expect(formatMoney('de', 123450, 'EUR')).toBe('1.234,50\u00a0€');
    expect(formatMoney('en', 1234, 'JPY')).toBe('¥1,234');
  });

  it('builds each formatter once: a mail per notification would otherwise build one each', () => {
    let built = 0;
    Intl.DateTimeFormat = class extends RealDateTimeFormat {
      constructor(...args: ConstructorParameters<typeof RealDateTimeFormat>) {
        super(...args);
        built++;
      }
    } as typeof Intl.DateTimeFormat;
    Intl.NumberFormat = class extends RealNumberFormat {
      constructor(...args: ConstructorParameters<typeof RealNumberFormat>) {
        super(...args);
        built++;
      }
    } as typeof Intl.NumberFormat;
    const format = (i: number) => [
      formatDateTime('fr', 'America/Chicago', AT),
      formatDate('fr', 'America/Chicago', AT),
      formatMoney('fr', 500 + i, 'CHF'),
    ];
    format(0);
    const afterFirst = built;
    const texts = new Set<string>();
    for (let i = 1; i <= 5; i++) for (const text of format(i)) texts.add(text);
    // Later calls build nothing (the first built at most its three and a zone check).
    expect(afterFirst).toBeLessThanOrEqual(4);
    expect(built).toBe(afterFirst);
    expect(texts.size).toBe(7);
    // Another zone is another formatter, with its own wall clock.
    expect(formatDateTime('fr', 'Asia/Tokyo', AT)).toBe('29 nov. 2026, 03:01');
    expect(built).toBeGreaterThan(afterFirst);
  });
});
