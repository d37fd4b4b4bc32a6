import { describe, expect, it } from 'vitest';
import {
  describeEnd,
  describeRecurrence,
  initialRecurrence,
  NO_RECURRENCE,
  occurrenceDate,
  RECURRENCE_MESSAGES,
  recurrenceRequest,
  validateRecurrence,
} from './recurrence';

describe('occurrenceDate', () => {
  it('keeps the day of month, clamped to shorter months (31 Jan → 28/29 Feb → 31 Mar)', () => {
    const dates = [0, 1, 2, 3].map((n) => occurrenceDate('2026-01-31', 'MONTHLY', n));
    expect(dates).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(occurrenceDate('2028-01-31', 'MONTHLY', 1)).toBe('2028-02-29');
  });

  it('crosses year ends for months and clamps 29 February in yearly series', () => {
    expect(occurrenceDate('2026-11-30', 'MONTHLY', 3)).toBe('2027-02-28');
    expect(occurrenceDate('2028-02-29', 'YEARLY', 1)).toBe('2029-02-28');
    expect(occurrenceDate('2028-02-29', 'YEARLY', 4)).toBe('2032-02-29');
  });

  it('adds calendar days for daily, weekly and fortnightly series (DST changes ignored)', () => {
    expect(occurrenceDate('2026-03-28', 'DAILY', 2)).toBe('2026-03-30');
    expect(occurrenceDate('2026-12-28', 'WEEKLY', 1)).toBe('2027-01-04');
    expect(occurrenceDate('2026-10-20', 'BIWEEKLY', 1)).toBe('2026-11-03');
  });
});

describe('describeRecurrence', () => {
  it('names the clamped day and the time zone', () => {
    expect(describeRecurrence('MONTHLY', '2026-01-31', 'Europe/Lisbon')).toBe(
      'Repeats monthly on day 31 (last day in shorter months), Europe/Lisbon',
    );
    expect(describeRecurrence('MONTHLY', '2026-01-15', 'UTC')).toBe(
      'Repeats monthly on day 15, UTC',
    );
  });

  it('names the weekday for weekly series and the date for yearly ones', () => {
    expect(describeRecurrence('WEEKLY', '2026-11-23', 'Europe/Lisbon')).toBe(
      'Repeats weekly on Mondays, Europe/Lisbon',
    );
    expect(describeRecurrence('BIWEEKLY', '2026-11-27', 'America/New_York')).toBe(
      'Repeats every 2 weeks on Fridays, America/New_York',
    );
    expect(describeRecurrence('YEARLY', '2028-02-29', 'Asia/Tokyo')).toBe(
      'Repeats yearly on February 29 (February 28 in other years), Asia/Tokyo',
    );
    expect(describeRecurrence('DAILY', '2026-01-01', 'UTC')).toBe('Repeats daily, UTC');
  });

  it('describes the end', () => {
    expect(describeEnd(null, null)).toBe('');
    expect(describeEnd('2027-03-31', null)).toBe('until Mar 31, 2027');
    expect(describeEnd(null, 12)).toBe('12 times');
    expect(describeEnd(null, 1)).toBe('once');
  });
});

describe('validateRecurrence', () => {
  const monthly = { ...NO_RECURRENCE, repeat: 'MONTHLY' as const };

  it('accepts no repetition and open-ended series', () => {
    expect(validateRecurrence(NO_RECURRENCE, '2026-01-31')).toBeNull();
    expect(validateRecurrence(monthly, '2026-01-31')).toBeNull();
  });

  it('requires an end date on or after the first date', () => {
    const ends = { ...monthly, ends: 'DATE' as const };
    expect(validateRecurrence(ends, '2026-01-31')).toBe(RECURRENCE_MESSAGES.endDateMissing);
    expect(validateRecurrence({ ...ends, endDate: '2026-02-30' }, '2026-01-31')).toBe(
      RECURRENCE_MESSAGES.endDateMissing,
    );
    expect(validateRecurrence({ ...ends, endDate: '2026-01-30' }, '2026-01-31')).toBe(
      'The end date must be on or after the first date.',
    );
    expect(validateRecurrence({ ...ends, endDate: '2026-01-31' }, '2026-01-31')).toBeNull();
  });

  it('requires a whole number of times from 1 to 1000', () => {
    const times = { ...monthly, ends: 'COUNT' as const };
    for (const bad of ['', '0', '1001', '2.5', '-3', 'x']) {
      expect(validateRecurrence({ ...times, endCount: bad }, '2026-01-31')).toBe(
        RECURRENCE_MESSAGES.endCount,
      );
    }
    expect(validateRecurrence({ ...times, endCount: ' 12 ' }, '2026-01-31')).toBeNull();
  });
});

describe('recurrence request and initial state', () => {
  it('sends the frequency, the time zone and one end at most', () => {
    expect(recurrenceRequest(NO_RECURRENCE, 'Europe/Lisbon')).toBeNull();
    expect(
      recurrenceRequest(
        { repeat: 'MONTHLY', ends: 'COUNT', endDate: '2027-01-01', endCount: '12' },
        'Europe/Lisbon',
      ),
    ).toEqual({ frequency: 'MONTHLY', timeZone: 'Europe/Lisbon', endDate: null, endCount: 12 });
    expect(
      recurrenceRequest(
        { repeat: 'WEEKLY', ends: 'DATE', endDate: '2027-01-01', endCount: '12' },
        'UTC',
      ),
    ).toEqual({ frequency: 'WEEKLY', timeZone: 'UTC', endDate: '2027-01-01', endCount: null });
  });

  it('starts from the series when editing this and future occurrences', () => {
    const series = {
      id: 5,
      frequency: 'MONTHLY' as const,
      timeZone: 'Europe/Lisbon',
      startDate: '2026-01-31',
      endDate: null,
      endCount: 12,
      nextDate: '2026-03-31',
      ended: false,
    };
    expect(initialRecurrence(series)).toEqual({
      repeat: 'MONTHLY',
      ends: 'COUNT',
      endDate: '',
      endCount: '12',
    });
    expect(initialRecurrence({ ...series, endCount: null, endDate: '2026-12-31' }).ends).toBe(
      'DATE',
    );
    expect(initialRecurrence(null)).toEqual(NO_RECURRENCE);
  });
});
