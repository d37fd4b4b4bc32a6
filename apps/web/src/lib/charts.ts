// Helpers of the charts screens: month labels and report periods.
import { useLingui } from '@lingui/react';
import { intlLocale, type WebLocale } from '../i18n/locale';
import { appLocale } from '../i18n/pageLocale';

/** The page's language as `Intl` takes it (the charts' months are written in it). */
export function usePageLocale(): string {
  const { i18n } = useLingui();
  return intlLocale(i18n.locale as WebLocale);
}

/** "Nov 2026" for "2026-11" in `locale` (the page's language; else the browser's). */
export function monthLabel(
  month: string,
  style: 'short' | 'long' = 'short',
  locale: string = appLocale(),
): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  return d.toLocaleString(locale, { month: style, year: 'numeric', timeZone: 'UTC' });
}

/** Whether months ("2026-10"…) fall in more than one calendar year. */
export function spansYears(months: readonly string[]): boolean {
  return new Set(months.map((m) => m.slice(0, 4))).size > 1;
}

/**
 * The axis labels of a run of months ("2026-10"…): the short month alone ("Oct") while every
 * month falls in one calendar year, else each with its year ("Oct 2025", "Oct 2026"), so that
 * two Octobers never read the same.
 */
export function monthAxisLabels(months: readonly string[], locale: string = appLocale()): string[] {
  const withYear = spansYears(months);
  return months.map((m) =>
    new Date(`${m}-01T00:00:00Z`).toLocaleString(locale, {
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    }),
  );
}

export type Period = 'all' | '12m' | 'year';

/** The inclusive bounds of a period, today in UTC. */
export function periodRange(
  p: Period,
  now = new Date(),
): { from: string | null; to: string | null } {
  if (p === 'all') return { from: null, to: null };
  if (p === 'year') return { from: `${String(now.getUTCFullYear())}-01-01`, to: null };
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: d.toISOString().slice(0, 10), to: null };
}
