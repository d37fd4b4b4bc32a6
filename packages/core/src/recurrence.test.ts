import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonthsClamped,
  daysInMonth,
  FREQUENCIES,
  nextOccurrence,
  occurrenceDate,
  occurrenceDatesThrough,
  occurrenceIndexOf,
  startOfDayIn,
  dateIn,
  withinEnd,
} from './recurrence.js';
import type { Frequency, SeriesSchedule } from './recurrence.js';
import { RECURRENCE_MESSAGES, validateRecurrence } from './validation/recurrence.js';

const dates = (start: string, f: Frequency, n: number) =>
  Array.from({ length: n }, (_, i) => occurrenceDate(start, f, i));

describe('occurrenceDate', () => {
  it('keeps the start day of month, clamped to short months', () => {
    expect(dates('2026-01-31', 'MONTHLY', 5)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(dates('2028-01-31', 'MONTHLY', 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
    expect(dates('2026-11-30', 'MONTHLY', 4)).toEqual([
      '2026-11-30',
      '2026-12-30',
      '2027-01-30',
      '2027-02-28',
    ]);
  });

  it('moves 29 February to 28 February in common years', () => {
    expect(dates('2024-02-29', 'YEARLY', 5)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('counts days, weeks and fortnights across month and year ends', () => {
    expect(dates('2026-12-30', 'DAILY', 4)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(dates('2026-02-20', 'WEEKLY', 3)).toEqual(['2026-02-20', '2026-02-27', '2026-03-06']);
    expect(dates('2026-12-24', 'BIWEEKLY', 3)).toEqual(['2026-12-24', '2027-01-07', '2027-01-21']);
  });

  it('finds the index of an occurrence date, and none for other dates', () => {
    expect(occurrenceIndexOf('2026-01-31', 'MONTHLY', '2026-02-28')).toBe(1);
    expect(occurrenceIndexOf('2026-01-31', 'MONTHLY', '2026-02-27')).toBeNull();
    expect(occurrenceIndexOf('2026-01-01', 'WEEKLY', '2026-01-15')).toBe(2);
    expect(occurrenceIndexOf('2026-01-01', 'WEEKLY', '2026-01-16')).toBeNull();
    expect(occurrenceIndexOf('2026-01-02', 'DAILY', '2026-01-01')).toBeNull();
  });
});

describe('ends and skips', () => {
  const base: SeriesSchedule = {
    frequency: 'MONTHLY',
    startDate: '2026-01-31',
    endDate: null,
    endCount: null,
  };
  it('ends after a count or on an end date (inclusive)', () => {
    expect(occurrenceDatesThrough({ ...base, endCount: 2 }, '2030-01-01')).toEqual([
      '2026-01-31',
      '2026-02-28',
    ]);
    expect(occurrenceDatesThrough({ ...base, endDate: '2026-03-31' }, '2030-01-01')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(nextOccurrence({ ...base, endCount: 2 }, 2)).toBeNull();
  });
  it('passes over skipped dates', () => {
    expect(nextOccurrence(base, 1, new Set(['2026-02-28', '2026-03-31']))).toEqual({
      index: 3,
      date: '2026-04-30',
    });
    expect(nextOccurrence({ ...base, endCount: 2 }, 1, new Set(['2026-02-28']))).toBeNull();
  });
});

describe('properties', () => {
  const day = fc
    .date({
      min: new Date('1990-01-01T00:00:00Z'),
      max: new Date('2090-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
  const freq = fc.constantFrom(...FREQUENCIES);

  it('dates strictly increase with the index', () => {
    fc.assert(
      fc.property(day, freq, fc.integer({ min: 0, max: 400 }), (start, f, n) => {
        expect(occurrenceDate(start, f, n + 1) > occurrenceDate(start, f, n)).toBe(true);
      }),
    );
  });

  it('monthly and yearly dates never overflow their month and keep the day when they can', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 600 }), (start, n) => {
        const d = addMonthsClamped(start, n);
        const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
        const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
        expect(dd).toBeLessThanOrEqual(daysInMonth(y, m));
        expect(dd).toBe(Math.min(sd, daysInMonth(y, m)));
        expect((y - sy) * 12 + (m - sm)).toBe(n);
      }),
    );
  });

  it('every occurrence index maps back from its date', () => {
    fc.assert(
      fc.property(day, freq, fc.integer({ min: 0, max: 300 }), (start, f, n) => {
        expect(occurrenceIndexOf(start, f, occurrenceDate(start, f, n))).toBe(n);
      }),
    );
  });

  it('respects the end count and the end date', () => {
    fc.assert(
      fc.property(
        day,
        freq,
        fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
        fc.integer({ min: 0, max: 3000 }),
        (start, f, endCount, span) => {
          const endDate = endCount === null ? occurrenceDate(start, 'DAILY', span) : null;
          const s: SeriesSchedule = { frequency: f, startDate: start, endDate, endCount };
          const all = occurrenceDatesThrough(s, '2200-01-01');
          if (endCount !== null) expect(all).toHaveLength(endCount);
          if (endDate !== null) {
            expect(all.every((d) => d <= endDate)).toBe(true);
            const next = occurrenceDate(start, f, all.length);
            expect(next > endDate).toBe(true);
          }
          all.forEach((d, i) => expect(withinEnd(s, i, d)).toBe(true));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('startOfDayIn', () => {
  it('is 00:00 local time, on either side of a daylight-saving change', () => {
    // Lisbon: WET (UTC+0) in winter, WEST (UTC+1) from the last Sunday of March at 01:00 UTC.
    expect(startOfDayIn('2026-03-28', 'Europe/Lisbon').toISOString()).toBe(
      '2026-03-28T00:00:00.000Z',
    );
    expect(startOfDayIn('2026-03-29', 'Europe/Lisbon').toISOString()).toBe(
      '2026-03-29T00:00:00.000Z',
    );
    expect(startOfDayIn('2026-03-30', 'Europe/Lisbon').toISOString()).toBe(
      '2026-03-29T23:00:00.000Z',
    );
    expect(startOfDayIn('2026-10-25', 'Europe/Lisbon').toISOString()).toBe(
      '2026-10-24T23:00:00.000Z',
    );
    expect(startOfDayIn('2026-10-26', 'Europe/Lisbon').toISOString()).toBe(
      '2026-10-26T00:00:00.000Z',
    );
    // New York: EST (UTC-5) → EDT (UTC-4) on 8 March 2026 at 02:00 local.
    expect(startOfDayIn('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(startOfDayIn('2026-03-09', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(startOfDayIn('2026-11-01', 'America/New_York').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    expect(startOfDayIn('2026-11-02', 'America/New_York').toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
    expect(startOfDayIn('2026-06-01', 'UTC').toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('begins a day whose midnight does not exist at the first instant that does', () => {
    // Santiago springs forward at 00:00 (UTC-4 → UTC-3) on 6 September 2026: the day begins at
    // 01:00 local, 04:00 UTC. Beirut likewise on 29 March 2026 (UTC+2 → UTC+3): 01:00 = 22:00 UTC.
    expect(startOfDayIn('2026-09-06', 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
    expect(startOfDayIn('2026-09-05', 'America/Santiago').toISOString()).toBe(
      '2026-09-05T04:00:00.000Z',
    );
    expect(startOfDayIn('2026-09-07', 'America/Santiago').toISOString()).toBe(
      '2026-09-07T03:00:00.000Z',
    );
    expect(startOfDayIn('2026-03-29', 'Asia/Beirut').toISOString()).toBe(
      '2026-03-28T22:00:00.000Z',
    );
    expect(dateIn(startOfDayIn('2026-03-29', 'Asia/Beirut'), 'Asia/Beirut')).toBe('2026-03-29');
  });

  it('is the first instant of the date in the zone, for any date and zone', () => {
    const zones = [
      'Europe/Lisbon',
      'America/New_York',
      'America/Santiago',
      'Asia/Beirut',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Asia/Kolkata',
    ];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2040-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (d, tz) => {
          const date = d.toISOString().slice(0, 10);
          const at = startOfDayIn(date, tz);
          expect(dateIn(at, tz)).toBe(date);
          expect(dateIn(new Date(at.getTime() - 1000), tz) < date).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('validateRecurrence', () => {
  it('accepts a recurrence and normalises its ends', () => {
    expect(
      validateRecurrence({ frequency: 'MONTHLY', timeZone: 'Europe/Lisbon', endCount: 12 }),
    ).toEqual({
      ok: true,
      value: { frequency: 'MONTHLY', timeZone: 'Europe/Lisbon', endDate: null, endCount: 12 },
    });
    expect(validateRecurrence(null)).toEqual({ ok: true, value: null });
  });
  it('says what is wrong, in the form the user reads', () => {
    const r = validateRecurrence({ frequency: 'HOURLY', timeZone: 'Mars/Olympus', endCount: 0 });
    expect(r.ok ? [] : r.issues).toEqual([
      { path: ['frequency'], message: RECURRENCE_MESSAGES.frequency },
      { path: ['timeZone'], message: RECURRENCE_MESSAGES.timeZone },
      { path: ['endCount'], message: RECURRENCE_MESSAGES.endCount },
    ]);
    const both = validateRecurrence({
      frequency: 'DAILY',
      timeZone: 'UTC',
      endDate: '2026-05-01',
      endCount: 3,
    });
    expect(both.ok ? [] : both.issues.map((i) => i.message)).toEqual([RECURRENCE_MESSAGES.endBoth]);
    const early = validateRecurrence(
      { frequency: 'DAILY', timeZone: 'UTC', endDate: '2026-04-30' },
      '2026-05-01',
    );
    expect(early.ok ? [] : early.issues.map((i) => i.message)).toEqual([
      RECURRENCE_MESSAGES.endBeforeStart,
    ]);
  });
});
