// Recurring expenses in the form and on screen: the repeat/ends choices, their validation (the
// shared rules of @evenly/core, so the form and the API say the same thing), the request's
// `recurrence`, and how a series is described to people.
import {
  MAX_END_COUNT,
  RECURRENCE_MESSAGES,
  validateRecurrence as validateRecurrenceInput,
} from '@evenly/core';
import type { ExpenseSeriesInfo, Frequency, Recurrence } from '../api/types';

export type RepeatChoice = Frequency | 'NEVER';
export type EndMode = 'NEVER' | 'DATE' | 'COUNT';

/** Labels of the "Repeat" control. */
export const REPEAT_LABELS: Record<RepeatChoice, string> = {
  NEVER: 'Never',
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  BIWEEKLY: 'Every 2 weeks',
  MONTHLY: 'Monthly',
  YEARLY: 'Yearly',
};

/** Short badge text on an occurrence ("Repeats monthly"). */
export const REPEATS_LABELS: Record<Frequency, string> = {
  DAILY: 'Repeats daily',
  WEEKLY: 'Repeats weekly',
  BIWEEKLY: 'Repeats every 2 weeks',
  MONTHLY: 'Repeats monthly',
  YEARLY: 'Repeats yearly',
};

export const END_LABELS: Record<EndMode, string> = {
  NEVER: 'Never',
  DATE: 'On a date',
  COUNT: 'After N times',
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
  new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    timeZone: 'UTC',
  });

const monthDay = (month: number, day: number) =>
  new Date(Date.UTC(2000, month - 1, day)).toLocaleDateString('en-US', {
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
  let when: string;
  switch (frequency) {
    case 'DAILY':
      when = 'Repeats daily';
      break;
    case 'WEEKLY':
      when = `Repeats weekly on ${weekday(date)}s`;
      break;
    case 'BIWEEKLY':
      when = `Repeats every 2 weeks on ${weekday(date)}s`;
      break;
    case 'MONTHLY':
      when =
        d > 28
          ? `Repeats monthly on day ${d} (last day in shorter months)`
          : `Repeats monthly on day ${d}`;
      break;
    case 'YEARLY':
      when =
        m === 2 && d === 29
          ? `Repeats yearly on ${monthDay(2, 29)} (${monthDay(2, 28)} in other years)`
          : `Repeats yearly on ${monthDay(m, d)}`;
      break;
  }
  return `${when}, ${timeZone}`;
}

/** How a series ends, for people: "", "until Mar 31, 2027", "12 times". */
export function describeEnd(endDate: string | null, endCount: number | null): string {
  if (endDate) {
    const label = new Date(`${endDate.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return `until ${label}`;
  }
  if (endCount !== null) return endCount === 1 ? 'once' : `${endCount} times`;
  return '';
}

/** What the form asks for before the shared rules apply (a chosen end left blank). */
export const FORM_MESSAGES = {
  endDateMissing: 'Please choose an end date.',
  endCountMissing: 'Please enter how many times.',
} as const;

/**
 * The first problem with the repeat fields, or null. `startDate` is the expense's date (the
 * first occurrence): the end date may not be before it.
 */
export function validateRecurrence(
  state: RecurrenceFormState,
  startDate: string,
  timeZone: string,
): string | null {
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
