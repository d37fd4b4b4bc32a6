// A date read from a receipt that is far from today is more likely a misread (or an old receipt
// picked by mistake) than an expense to back-date silently (issue #31 point 7: a receipt dated
// 2017 was saved without a word). The form flags it for a look; it never changes or refuses it.
import { t } from '@lingui/core/macro';
import { formatDate } from './dates';

/** How far from today, in days either way, a scanned date may be before the form flags it. */
export const RECEIPT_DATE_LOOK_DAYS = 60;

/** Whole days from `from` to `to`, both YYYY-MM-DD (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  const utc = (d: string) =>
    Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/**
 * What the form says about a date read from a receipt, or null when it is within
 * RECEIPT_DATE_LOOK_DAYS of `today` (both YYYY-MM-DD; today is the caller's, for tests).
 */
export function receiptDateNotice(scanned: string, today: string): string | null {
  const days = daysBetween(today, scanned);
  if (Math.abs(days) <= RECEIPT_DATE_LOOK_DAYS) return null;
  const date = formatDate(scanned);
  const limit = RECEIPT_DATE_LOOK_DAYS;
  return days < 0
    ? t`The receipt is dated ${date}, more than ${limit} days ago. Please check the date before saving.`
    : t`The receipt is dated ${date}, more than ${limit} days from today. Please check the date before saving.`;
}
