// Recurring expenses in the form and on screen: the repeat/ends choices, their validation (the
// shared rules of @evenly/core, so the form and the API say the same thing), the request's
// `recurrence`, and how a series is described to people.
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import {
  MAX_END_COUNT,
  RECURRENCE_MESSAGES,
  validateRecurrence as validateRecurrenceInput,
} from '@evenly/core';
import type { ExpenseSeriesInfo, Frequency, Recurrence } from '../api/types';
import { appLocale } from '../i18n/pageLocale';
import { utcDate } from './dates';

export type RepeatChoice = Frequency | 'NEVER';
export type EndMode = 'NEVER' | 'DATE' | 'COUNT';

/** Labels of the "Repeat" control (shown with `i18n._`). */
export const REPEAT_LABELS: Record<RepeatChoice, MessageDescriptor> = {
  NEVER: msg`Never`,
  DAILY: msg`Daily`,
  WEEKLY: msg`Weekly`,
  BIWEEKLY: msg`Every 2 weeks`,
  MONTHLY: msg`Monthly`,
  YEARLY: msg`Yearly`,
};

/**
 * Short badge text on an occurrence ("Repeats monthly"), in the page's language when read (each
 * entry is a getter: the language can change after the module loads).
 */
export const REPEATS_LABELS: Readonly<Record<Frequency, string>> = {
  get DAILY() {
    return t`Repeats daily`;
  },
  get WEEKLY() {
    return t`Repeats weekly`;
  },
  get BIWEEKLY() {
    return t`Repeats every 2 weeks`;
  },
  get MONTHLY() {
    return t`Repeats monthly`;
  },
  get YEARLY() {
    return t`Repeats yearly`;
  },
};

export const END_LABELS: Record<EndMode, MessageDescriptor> = {
  NEVER: msg`Never`,
  DATE: msg`On a date`,
  COUNT: msg`After N times`,
};

export interface RecurrenceFormState {
  repeat: RepeatChoice;
  ends: EndMode;
  /** YYYY-MM-DD as typed in the date input ('' when none). */
  endDate: string;
  /** Number of occurrences as typed. */
  endCount: string;
}

export const NO_RECURRENCE: RecurrenceFormState = {
  repeat: 'NEVER',
  ends: 'NEVER',
  endDate: '',
  endCount: '',
};

/** The form's choices for a new expense (never) or for editing an existing series. */
export function initialRecurrence(series?: ExpenseSeriesInfo | null): RecurrenceFormState {
  if (!series) return NO_RECURRENCE;
  if (series.endDate) {
    return { repeat: series.frequency, ends: 'DATE', endDate: series.endDate, endCount: '' };
  }
  if (series.endCount !== null) {
    return {
      repeat: series.frequency,
      ends: 'COUNT',
      endDate: '',
      endCount: String(series.endCount),
    };
  }
  return { repeat: series.frequency, ends: 'NEVER', endDate: '', endCount: '' };
}

/** The browser's IANA time zone (e.g. "Europe/Lisbon"); UTC when the browser names none. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const weekday = (date: string) =>
  utcDate(date).toLocaleDateString(appLocale(), {
    weekday: 'long',
    timeZone: 'UTC',
  });

const monthDay = (month: number, day: number) =>
  new Date(Date.UTC(2000, month - 1, day)).toLocaleDateString(appLocale(), {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * One sentence saying when a series repeats, e.g. "Repeats monthly on day 31 (last day in
 * shorter months), Europe/Lisbon".
 */
export function describeRecurrence(
  frequency: Frequency,
  startDate: string,
  timeZone: string,
): string {
  const date = startDate.slice(0, 10);
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = weekday(date);
  switch (frequency) {
    case 'DAILY':
      return t`Repeats daily, ${timeZone}`;
    case 'WEEKLY':
      return t`Repeats weekly on ${day}s, ${timeZone}`;
    case 'BIWEEKLY':
      return t`Repeats every 2 weeks on ${day}s, ${timeZone}`;
    case 'MONTHLY':
      return d > 28
        ? t`Repeats monthly on day ${d} (last day in shorter months), ${timeZone}`
        : t`Repeats monthly on day ${d}, ${timeZone}`;
    case 'YEARLY': {
      if (m === 2 && d === 29) {
        const leap = monthDay(2, 29);
        const other = monthDay(2, 28);
        return t`Repeats yearly on ${leap} (${other} in other years), ${timeZone}`;
      }
      const on = monthDay(m, d);
      return t`Repeats yearly on ${on}, ${timeZone}`;
    }
  }
}

/** How a series ends, for people: "", "until Mar 31, 2027", "12 times". */
export function describeEnd(endDate: string | null, endCount: number | null): string {
  if (endDate) {
    const label = utcDate(endDate).toLocaleDateString(appLocale(), {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return t`until ${label}`;
  }
  if (endCount !== null) return plural(endCount, { 1: 'once', other: '# times' });
  return '';
}

/** What the form asks for before the shared rules apply (a chosen end left blank). */
export const FORM_MESSAGES = {
  endDateMissing: msg`Please choose an end date.`,
  endCountMissing: msg`Please enter how many times.`,
} as const;

/**
 * The first problem with the repeat fields, or null. `startDate` is the expense's date (the
 * first occurrence): the end date may not be before it.
 */
export function validateRecurrence(
  state: RecurrenceFormState,
  startDate: string,
  timeZone: string,
): MessageDescriptor | null {
  if (state.repeat === 'NEVER') return null;
  if (state.ends === 'DATE' && !state.endDate.trim()) return FORM_MESSAGES.endDateMissing;
  if (state.ends === 'COUNT' && !state.endCount.trim()) return FORM_MESSAGES.endCountMissing;
  const result = validateRecurrenceInput(
    recurrenceRequest(state, timeZone),
    startDate.slice(0, 10),
  );
  return result.ok ? null : (result.issues[0]?.message ?? RECURRENCE_MESSAGES.frequency);
}

/** The control to focus for a problem with the repeat: the end's date or count, else Repeat. */
export function repeatFocusId(value: RecurrenceFormState): string {
  if (value.repeat === 'NEVER') return 'expense-repeat';
  return value.ends === 'DATE'
    ? 'expense-end-date'
    : value.ends === 'COUNT'
      ? 'expense-end-count'
      : 'expense-repeat';
}

/** The request's `recurrence` (null when the expense does not repeat). */
export function recurrenceRequest(state: RecurrenceFormState, timeZone: string): Recurrence | null {
  if (state.repeat === 'NEVER') return null;
  return {
    frequency: state.repeat,
    timeZone,
    endDate: state.ends === 'DATE' ? state.endDate.trim() : null,
    // A count that is not a whole number goes as typed, for the shared rules to name it.
    endCount: state.ends === 'COUNT' ? countOrNaN(state.endCount) : null,
  };
}

function countOrNaN(text: string): number {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : NaN;
}

export { MAX_END_COUNT };
