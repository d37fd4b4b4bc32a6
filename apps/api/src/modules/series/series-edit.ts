// "This and future" edits of a recurring expense (issue #11, PUT /expenses/{id}?scope=future):
// the occurrence, the later ones already created, and the series' template and schedule.
import { asRecord, occurrenceDate } from '@evenly/core';
import type { RecurrenceInput } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { ValidationError } from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ExpenseRequest } from '../expenses/index.js';
import type { ExpenseView } from '../expenses/index.js';
import { loadExpenseViews } from '../expenses/index.js';
import type { WriteOutcome } from '../idempotency/index.js';
import type { EditGuard } from '../ledger/index.js';
import type { Clock } from './clock.js';
import { endBeforeStart, readRecurrence } from './series-recurrence.js';
import { SERIES_MESSAGES } from './series-messages.js';
import type { SeriesRow } from './series.repository.js';
import {
  findSeries,
  lastOccurrenceDate,
  laterOccurrences,
  progressFrom,
  skippedDates,
  templateOf,
  updateSeriesRow,
} from './series.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'expenses'>;

/**
 * PUT /expenses/{id}?scope=future: this occurrence, every later one already created (each
 * keeps its own date; the receipt goes only on this one) and the template of those to come.
 * A `recurrence` in the body changes the schedule: a new frequency restarts the series from
 * this occurrence's date (an end count then counts from it).
 */
export async function updateFutureOccurrences(
  services: Collaborators,
  clock: Clock,
  callerId: number,
  expenseId: number,
  request: ExpenseRequest,
  guard: EditGuard<ExpenseView>,
): Promise<WriteOutcome<ExpenseView>> {
  const raw = asRecord(request.data);
  const rec = readRecurrence(raw, null);
  const outcome = await services.expenses.updateMany(
    request,
    async (tx, editOne) => {
      const pre = await services.expenses.requireAccess(tx, expenseId, callerId);
      if (pre.seriesId === null || pre.occurrenceDate === null) {
        throw new ValidationError(SERIES_MESSAGES.notInSeries);
      }
      const from = pre.occurrenceDate;
      // The series first, then the expenses: the materializer takes them in this order too.
      const series = await findSeries(tx, pre.seriesId, true);
      if (series === undefined) throw new ValidationError(SERIES_MESSAGES.notInSeries);
      const first = await editOne(callerId, expenseId, request.data);
      const later = await laterOccurrences(tx, series.id, from);
      const rest: Record<string, unknown> = { ...raw };
      delete rest['removeReceipt'];
      for (const o of later) await editOne(callerId, o.id, { ...rest, date: o.date });
      const template = templateOf(
        request.data,
        series.groupId,
        first.original?.currency ?? first.currency,
        first.category,
      );
      if (rec === null) {
        await updateSeriesRow(tx, series.id, { template });
      } else {
        await updateSeriesRow(tx, series.id, {
          template,
          ...(await rescheduled(tx, clock, series, rec, from)),
        });
      }
      const [out] = await loadExpenseViews(tx, [expenseId]);
      if (out === undefined) throw new Error('expense vanished');
      return out;
    },
    guard,
  );
  return outcome;
}

/** A series' schedule after a "this and future" edit of the occurrence on `from`. */
async function rescheduled(tx: Db, clock: Clock, s: SeriesRow, rec: RecurrenceInput, from: string) {
  const restart = rec.frequency !== s.frequency;
  const startDate = restart ? from : s.startDate;
  if (rec.endDate !== null && rec.endDate < startDate) throw endBeforeStart();
  const next = { ...rec, startDate };
  let index = s.nextIndex;
  if (restart) {
    // After every occurrence already created.
    const lastDate = (await lastOccurrenceDate(tx, s.id)) ?? from;
    index = 1;
    while (occurrenceDate(startDate, rec.frequency, index) <= lastDate) index++;
  }
  const skipped = await skippedDates(tx, s.id);
  return {
    frequency: rec.frequency,
    startDate,
    timeZone: rec.timeZone,
    endDate: rec.endDate,
    endCount: rec.endCount,
    ...progressFrom(next, index, skipped, clock()),
  };
}
