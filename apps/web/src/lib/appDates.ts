// Dates and times in the page's language (issue #32), for the screens whose lib/dates.ts helpers
// still format in English: `locale` is Lingui's active locale (`i18n.locale`).
import { intlLocale, isWebLocale } from '../i18n/locale';

/** The tag Intl formats with for Lingui's locale (English for the pseudo-locale or an unknown one). */
export function intlTag(locale: string): string {
  return isWebLocale(locale) ? intlLocale(locale) : 'en';
}

/** "Nov 29, 2:05 PM" in English: a moment of this year or so, without the year. */
export function formatDateTimeIn(locale: string, iso: string): string {
  return new Date(iso).toLocaleString(intlTag(locale), {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** "Nov 29, 2026" in English: a day with its year. */
export function formatDayIn(locale: string, iso: string): string {
  return new Date(iso).toLocaleDateString(intlTag(locale), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}
