// The materializer of recurring expenses (issue #11): every due occurrence created through
// ExpenseService's own creation path, one transaction per occurrence that also advances the
// series. Exactly once: the series row is locked while an occurrence is created and advanced in
// the same transaction, and the unique (series_id, occurrence_date) index refuses any second row
// for a date whatever happens.
import { asRecord, occurrenceDate } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { errorCode, rootMessage } from '../../db/errors.js';
import { AppError, NotFoundError } from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { Clock } from './clock.js';
import type { SeriesRow } from './series.repository.js';
import {
  findSeries,
  lockDueSeries,
  personOf,
  progressFrom,
  skippedDates,
  summaryOf,
  updateSeriesRow,
} from './series.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'expenses'>;

/** The unique (series_id, occurrence_date) index refused a row: that occurrence exists. */
function isOccurrenceConflict(error: unknown): boolean {
  return (
    errorCode(error) === '23505' && rootMessage(error).includes('expenses_series_occurrence_key')
  );
}

/**
 * Creates every occurrence due at `now`, oldest due first, each in its own transaction; returns
 * how many series steps were taken (created, skipped over or ended). Safe to run in any number
 * of processes at once.
 */
export async function materializeDueSeries(
  deps: ServiceDeps,
  services: Collaborators,
  clock: Clock,
  now: Date,
): Promise<number> {
  let steps = 0;
  while (await materializeOne(deps, services, clock, now)) steps++;
  return steps;
}

/** One due occurrence of one series (not held by another process); false when none is due. */
async function materializeOne(
  deps: ServiceDeps,
  services: Collaborators,
  clock: Clock,
  now: Date,
): Promise<boolean> {
  let slot: { seriesId: number; date: string } | null = null;
  try {
    return await deps.transaction(async (tx) => {
      slot = null;
      const row = await lockDueSeries(tx, now);
      if (row === undefined) return false;
      const date = occurrenceDate(row.startDate, row.frequency, row.nextIndex);
      slot = { seriesId: row.id, date };
      const skipped = await skippedDates(tx, row.id);
      if (!skipped.has(date)) {
        const ended = await createOccurrence(deps, services, clock, tx, row, date);
        if (ended) return true;
      }
      await updateSeriesRow(tx, row.id, progressFrom(row, row.nextIndex + 1, skipped, now));
      return true;
    });
  } catch (error) {
    // The final guard held: the occurrence exists already. Move past it and go on.
    const s = slot as { seriesId: number; date: string } | null;
    if (s !== null && isOccurrenceConflict(error)) {
      deps.logger.warn(s, 'recurring occurrence already existed; moving past it');
      await movePast(deps, s.seriesId, s.date, now);
      return true;
    }
    throw error;
  }
}

/**
 * Creates the occurrence on `date` as the series' creator. When the template can no longer be
 * created (someone left the group, a friendship ended, the creator left), the series ends and
 * the reason is logged: retrying would fail the same way forever. Returns true when it ended.
 */
async function createOccurrence(
  deps: ServiceDeps,
  services: Collaborators,
  clock: Clock,
  tx: Db,
  row: SeriesRow,
  date: string,
): Promise<boolean> {
  const creator = await personOf(tx, row.createdById);
  try {
    if (creator === undefined) throw new NotFoundError('The series creator no longer exists.');
    const template = asRecord(row.template);
    await services.expenses.createOccurrence(
      tx,
      creator,
      { ...template, date },
      { seriesId: row.id, date, summary: summaryOf(row) },
    );
    return false;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    deps.logger.warn(
      { seriesId: row.id, date, reason: error.message, code: error.code },
      `recurring expense ${row.id} ended: its occurrence on ${date} can no longer be created (${error.message})`,
    );
    await updateSeriesRow(tx, row.id, { endedAt: clock(), nextDueAt: null });
    return true;
  }
}

/** Advances a series past `date` when that is still its next occurrence and it exists. */
async function movePast(
  deps: ServiceDeps,
  seriesId: number,
  date: string,
  now: Date,
): Promise<void> {
  await deps.transaction(async (tx) => {
    const row = await findSeries(tx, seriesId, true);
    if (row === undefined || row.endedAt !== null) return;
    if (occurrenceDate(row.startDate, row.frequency, row.nextIndex) !== date) return;
    const skipped = await skippedDates(tx, row.id);
    await updateSeriesRow(tx, row.id, progressFrom(row, row.nextIndex + 1, skipped, now));
  });
}
