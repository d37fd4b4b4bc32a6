// Display helpers of the admin area, in the page's language (issue #32).
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { intlTag } from '../../i18n/locale';

/** Bytes as B, KB, MB, GB or TB (powers of 1024), one decimal below 10. */
export function formatBytes(i18n: I18n, bytes: number): string {
  const tag = intlTag(i18n.locale);
  if (bytes < 1024) {
    const value = bytes.toLocaleString(tag);
    return i18n._(msg`${value} B`);
  }
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < 3) {
    size /= 1024;
    unit += 1;
  }
  const digits = size < 10 ? 1 : 0;
  const value = size.toLocaleString(tag, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  if (unit === 0) return i18n._(msg`${value} KB`);
  if (unit === 1) return i18n._(msg`${value} MB`);
  if (unit === 2) return i18n._(msg`${value} GB`);
  return i18n._(msg`${value} TB`);
}

/** A moment, date and time, medium length. */
export function formatWhen(locale: string, iso: string): string {
  return new Date(iso).toLocaleString(intlTag(locale), { dateStyle: 'medium', timeStyle: 'short' });
}
