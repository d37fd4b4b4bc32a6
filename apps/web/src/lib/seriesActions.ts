// The confirmations of the actions on a recurring series and its occurrences: what each asks,
// the call it makes once confirmed, and the toasts it ends with.
import { t } from '@lingui/core/macro';
import { expensesApi } from '../api/expenses';
import { seriesApi } from '../api/series';
import type { Expense } from '../api/types';
import { formatDate } from './dates';

export interface ConfirmedAction {
  title: string;
  message: string;
  confirmLabel: string;
  call: () => Promise<unknown>;
  /** Toast after success. */
  success: string;
  /**
   * The English verb of "Failed to …: reason" for the callers not translated yet (issue #32:
   * they are to show `failed` instead).
   */
  failure: string;
  /** "Failed to …" in the page's language, for "{failed}: {reason}" after a failure. */
  failed: string;
  /** Set when the action deletes an entry: its toast then offers Undo (restores it). */
  deletes?: { kind: 'expense'; id: number };
}

/** DELETE one occurrence: the series does not create it again. */
export function deleteOccurrenceAction(expense: Expense): ConfirmedAction {
  const date = formatDate(expense.occurrenceDate ?? expense.date);
  const description = expense.description;
  return {
    title: t`Delete this one`,
    message: t`Delete "${description}" of ${date}? The other repeats stay, and this one is not created again.`,
    confirmLabel: t`Delete this one`,
    call: () => expensesApi.remove(expense.id),
    success: t`Expense deleted`,
    failure: 'delete expense',
    failed: t`Failed to delete expense`,
    deletes: { kind: 'expense', id: expense.id },
  };
}

/** POST /series/{id}/skip for the next date still to come. */
export function skipNextAction(seriesId: number, description: string, date: string) {
  const day = formatDate(date);
  return {
    title: t`Skip next`,
    message: t`Skip "${description}" on ${day}? Later repeats are still added.`,
    confirmLabel: t`Skip`,
    call: () => seriesApi.skip(seriesId, date),
    success: t`Skipped ${day}`,
    failure: 'skip',
    failed: t`Failed to skip`,
  } satisfies ConfirmedAction;
}

/** POST /series/{id}/end: nothing more is added; what exists stays. */
export function endSeriesAction(seriesId: number, description: string): ConfirmedAction {
  return {
    title: t`End series`,
    message: t`Stop repeating "${description}"? No further expenses are added; the ones already added stay.`,
    confirmLabel: t`End series`,
    call: () => seriesApi.end(seriesId),
    success: t`Series ended`,
    failure: 'end series',
    failed: t`Failed to end series`,
  };
}
