// Calendar dates are YYYY-MM-DD strings without time zone (docs/api.md §1.2), shown in the
// page's language (issue #32).
import { appLocale } from '../i18n/pageLocale';

export function todayIso(): string {
  const now = new Date();
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function parseIsoDate(date: string): Date {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO time, not words
  return new Date(`${date.slice(0, 10)}T00:00:00`);
}

/** A YYYY-MM-DD date at midnight UTC (formatted with `timeZone: 'UTC'`). */
export function utcDate(date: string): Date {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO time, not words
  return new Date(`${date.slice(0, 10)}T00:00:00Z`);
}

export function formatDate(date: string): string {
  return parseIsoDate(date).toLocaleDateString(appLocale(), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

export function formatMonthYear(date: string): string {
  return parseIsoDate(date).toLocaleDateString(appLocale(), { month: 'long', year: 'numeric' });
}

/** "Nov 29, 2026" in English: the day of a moment (an ISO instant), with its year. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(appLocale(), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** "Nov 29, 2:05 PM" in English: a moment of this year or so, without the year. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(appLocale(), {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** Normalises any date-ish string to YYYY-MM-DD, falling back to today. */
export function normaliseDate(value: string | null | undefined): string {
  if (value && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  if (value) {
    const parsed = new Date(value);
    if (!Number.isNaN(parsed.getTime())) return parsed.toISOString().slice(0, 10);
  }
  return todayIso();
}
