// Recurring expenses in the form and on screen: the repeat/ends choices, their validation (the
// API's messages), the request's `recurrence`, and how a series is described to people.
// Occurrence n falls on startDate + n·period; monthly and yearly keep the start's day of month,
// clamped to the month's end (31 Jan → 28/29 Feb → 31 Mar), as the server computes them.
import { z } from 'zod';
import type { ExpenseSeriesInfo, Frequency, Recurrence } from '../api/types';

export const FREQUENCIES: readonly Frequency[] = [
  'DAILY',
  'WEEKLY',
  'BIWEEKLY',
  'MONTHLY',
  'YEARLY',
];

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

/** The server accepts 1–1000 occurrences (the first one included). */
export const MAX_END_COUNT = 1000;

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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** Days in month `month` (1–12) of `year`, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The calendar date of occurrence `n` (0 = the first) of a series starting on `startDate`:
 * days and weeks are added as calendar days; months and years keep the start's day of month,
 * clamped to the last day of shorter months.
 */
export function occurrenceDate(startDate: string, frequency: Frequency, n: number): string {
  const [y, m, d] = startDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (frequency === 'DAILY' || frequency === 'WEEKLY' || frequency === 'BIWEEKLY') {
    const days = n * (frequency === 'DAILY' ? 1 : frequency === 'WEEKLY' ? 7 : 14);
    const date = new Date(Date.UTC(y, m - 1, d + days));
    return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  }
  const months = frequency === 'MONTHLY' ? n : 12 * n;
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysInMonth(year, month)))}`;
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

// The API's wording (POST /api/expenses `recurrence`), so the form and the server agree.
export const RECURRENCE_MESSAGES = {
  endDateMissing: 'Please choose an end date.',
  endDateBefore: 'The end date must be on or after the first date.',
  endCount: `Please enter how many times, from 1 to ${MAX_END_COUNT}.`,
} as const;

/** The repeat fields against the expense's date (its first occurrence). */
export const recurrenceFormSchema = z
  .object({
    startDate: z.string(),
    repeat: z.enum(['NEVER', ...FREQUENCIES] as [RepeatChoice, ...RepeatChoice[]]),
    ends: z.enum(['NEVER', 'DATE', 'COUNT']),
    endDate: z.string().trim(),
    endCount: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (v.repeat === 'NEVER') return;
    if (v.ends === 'DATE') {
      if (!isIsoDate(v.endDate)) {
        ctx.addIssue({
          code: 'custom',
          message: RECURRENCE_MESSAGES.endDateMissing,
          path: ['endDate'],
        });
      } else if (v.endDate < v.startDate.slice(0, 10)) {
        ctx.addIssue({
          code: 'custom',
          message: RECURRENCE_MESSAGES.endDateBefore,
          path: ['endDate'],
        });
      }
    }
    if (v.ends === 'COUNT') {
      const count = /^\d+$/.test(v.endCount) ? Number(v.endCount) : NaN;
      if (!(count >= 1 && count <= MAX_END_COUNT)) {
        ctx.addIssue({ code: 'custom', message: RECURRENCE_MESSAGES.endCount, path: ['endCount'] });
      }
    }
  });

/** The first problem with the repeat fields, or null. */
export function validateRecurrence(state: RecurrenceFormState, startDate: string): string | null {
  const result = recurrenceFormSchema.safeParse({ ...state, startDate });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The request's `recurrence` (null when the expense does not repeat). */
export function recurrenceRequest(state: RecurrenceFormState, timeZone: string): Recurrence | null {
  if (state.repeat === 'NEVER') return null;
  return {
    frequency: state.repeat,
    timeZone,
    endDate: state.ends === 'DATE' ? state.endDate.trim() : null,
    endCount: state.ends === 'COUNT' ? Number(state.endCount.trim()) : null,
  };
}
