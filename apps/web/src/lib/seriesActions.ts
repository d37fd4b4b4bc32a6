// The confirmations of the actions on a recurring series and its occurrences: what each asks,
// the call it makes once confirmed, and the toasts it ends with.
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
  /** "Failed to …: reason" after a failure. */
  failure: string;
  /** Set when the action deletes an entry: its toast then offers Undo (restores it). */
  deletes?: { kind: 'expense'; id: number };
}

/** DELETE one occurrence: the series does not create it again. */
export function deleteOccurrenceAction(expense: Expense): ConfirmedAction {
  const date = expense.occurrenceDate ?? expense.date;
  return {
    title: 'Delete this one',
    message: `Delete "${expense.description}" of ${formatDate(date)}? The other repeats stay, and this one is not created again.`,
    confirmLabel: 'Delete this one',
    call: () => expensesApi.remove(expense.id),
    success: 'Expense deleted',
    failure: 'delete expense',
    deletes: { kind: 'expense', id: expense.id },
  };
}

/** POST /series/{id}/skip for the next date still to come. */
export function skipNextAction(seriesId: number, description: string, date: string) {
  return {
    title: 'Skip next',
    message: `Skip "${description}" on ${formatDate(date)}? Later repeats are still added.`,
    confirmLabel: 'Skip',
    call: () => seriesApi.skip(seriesId, date),
    success: `Skipped ${formatDate(date)}`,
    failure: 'skip',
  } satisfies ConfirmedAction;
}

/** POST /series/{id}/end: nothing more is added; what exists stays. */
export function endSeriesAction(seriesId: number, description: string): ConfirmedAction {
  return {
    title: 'End series',
    message: `Stop repeating "${description}"? No further expenses are added; the ones already added stay.`,
    confirmLabel: 'End series',
    call: () => seriesApi.end(seriesId),
    success: 'Series ended',
    failure: 'end series',
  };
}
