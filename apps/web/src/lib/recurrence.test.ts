import { beforeAll, describe, expect, it } from 'vitest';
import { inEnglish } from '@evenly/core';
import { i18n } from '@lingui/core';
import {
  describeEnd,
  describeRecurrence,
  initialRecurrence,
  FORM_MESSAGES,
  NO_RECURRENCE,
  type RecurrenceFormState,
  recurrenceRequest,
  validateRecurrence,
} from './recurrence';

// The texts are the messages' English (no catalog loaded: the source text is shown).
beforeAll(() => i18n.activate('en'));

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
  const check = (state: RecurrenceFormState, start = '2026-01-31', zone = 'Europe/Lisbon') =>
    validateRecurrence(state, start, zone);

  it('accepts no repetition and open-ended series', () => {
    expect(check(NO_RECURRENCE)).toBeNull();
    expect(check(monthly)).toBeNull();
  });

  it('requires an end date on or after the first date', () => {
    const ends = { ...monthly, ends: 'DATE' as const };
    expect(check(ends)).toBe(FORM_MESSAGES.endDateMissing);
    expect(inEnglish(check({ ...ends, endDate: '2026-02-30' }))).toBe(
      'Please enter a valid date (YYYY-MM-DD).',
    );
    expect(inEnglish(check({ ...ends, endDate: '2026-01-30' }))).toBe(
      'The end date must be on or after the first date.',
    );
    expect(check({ ...ends, endDate: '2026-01-31' })).toBeNull();
  });

  it('requires a whole number of times from 1 to 1000', () => {
    const times = { ...monthly, ends: 'COUNT' as const };
    expect(check({ ...times, endCount: ' ' })).toBe(FORM_MESSAGES.endCountMissing);
    for (const bad of ['0', '1001', '2.5', '-3', 'x']) {
      expect(inEnglish(check({ ...times, endCount: bad }))).toBe(
        'The number of times must be a whole number from 1 to 1000.',
      );
    }
    expect(check({ ...times, endCount: ' 12 ' })).toBeNull();
  });

  it('rejects a time zone the browser made up', () => {
    expect(inEnglish(check(monthly, '2026-01-31', 'Mars/Olympus'))).toBe(
      'Please choose a valid time zone.',
    );
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
