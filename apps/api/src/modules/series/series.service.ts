// SeriesService: recurring expenses (issue #11). A series is created with its occurrence 0 by
// POST /expenses with a `recurrence`; later occurrences are created by the materializer (the
// `series.materialize` job, series-jobs.ts) through ExpenseService's own creation path, one
// transaction per occurrence that also advances the series. Exactly once: the series row is
// locked while an occurrence is created and advanced in the same transaction, and the unique
// (series_id, occurrence_date) index refuses any second row for a date whatever happens.
import {
  asRecord,
  DEFAULT_CATEGORY,
  dateIn,
  isBlank,
  occurrenceDate,
  occurrenceIndexOf,
  RECURRENCE_MESSAGES,
  validateRecurrence,
  withinEnd,
} from '@evenly/core';
import type { RecurrenceInput, ValidationIssue } from '@evenly/core';
import { and, asc, eq, gt, isNull, max } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { errorCode, rootMessage } from '../../db/errors.js';
import { expenses } from '../../db/schema.js';
import {
  AppError,
  ForbiddenError,
  issuesError,
  NotFoundError,
  ValidationError,
} from '../../errors/app-errors.js';
import type { JobRegistry } from '../../jobs/job-registry.js';
import type { ServiceDeps, Services } from '../../services.js';
import { isDbId } from '../expenses/expense-access.js';
import type { ExpenseRequest } from '../expenses/expense.service.js';
import type { ExpenseView, Person } from '../expenses/expense.repository.js';
import { loadExpenseViews } from '../expenses/expense.repository.js';
import {
  findGroup,
  GROUP_NOT_FOUND,
  isCurrentMember,
  NOT_A_MEMBER,
} from '../groups/membership.repository.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/idempotency.js';
import type { EditGuard } from '../ledger/edit-guard.js';
import { NO_EDIT_GUARD } from '../ledger/edit-guard.js';
import type { Clock } from './clock.js';
import { clockOf } from './clock.js';
import { materializeSeriesJob, SeriesTicker } from './series-jobs.js';
import type { SeriesRow } from './series.repository.js';
import {
  addSkip,
  findSeries,
  groupSeries,
  insertSeries,
  lockDueSeries,
  mySeriesIds,
  personOf,
  progressFrom,
  scheduleOf,
  seriesByIds,
  skippedDates,
  summaryOf,
  templateOf,
  templatePeople,
  updateSeriesRow,
} from './series.repository.js';

export const SERIES_MESSAGES = {
  notFound: 'Series not found.',
  noAccess: 'You do not have access to this series.',
  notInSeries: 'This expense is not part of a recurring series.',
  ended: 'This series has ended.',
  notUpcoming: 'That date is not an upcoming occurrence of this series.',
  skipDate: 'Please enter a valid date (YYYY-MM-DD).',
} as const;

/** A series with its creator, as GET /series/{id} shows it. */
export interface SeriesView {
  row: SeriesRow;
  createdBy: Person;
}

/** Issues of a nested object, their paths under `prefix`. */
function under(prefix: string, issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.map((i) => ({ path: [prefix, ...i.path], message: i.message }));
}

/** Reads a body's `recurrence` (400 with the shared messages); null when absent. */
function readRecurrence(data: unknown, startDate: string | null): RecurrenceInput | null {
  const r = validateRecurrence(asRecord(data).recurrence, startDate);
  if (!r.ok) throw issuesError(under('recurrence', r.issues));
  return r.value;
}

function endBeforeStart(): ValidationError {
  return issuesError([
    { path: ['recurrence', 'endDate'], message: RECURRENCE_MESSAGES.endBeforeStart },
  ]);
}

/** The unique (series_id, occurrence_date) index refused a row: that occurrence exists. */
function isOccurrenceConflict(error: unknown): boolean {
  return (
    errorCode(error) === '23505' && rootMessage(error).includes('expenses_series_occurrence_key')
  );
}

export class SeriesService {
  readonly clock: Clock;
  private ticker: SeriesTicker | null = null;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly services: Services,
  ) {
    this.clock = clockOf(deps.config.recurring);
  }

  // -------------------------------------------------------------------------------------------
  // Creation (POST /expenses with a recurrence)

  async createWithFirst(
    caller: Person,
    request: ExpenseRequest,
    idempotency: IdempotencyScope<ExpenseView> | null,
  ): Promise<WriteOutcome<ExpenseView>> {
    const rec = readRecurrence(request.data, null);
    if (rec === null) throw new Error('createWithFirst without a recurrence');
    const now = this.clock();
    const raw = asRecord(request.data);
    // Without a date, occurrence 0 is today where the series lives.
    const data = isBlank(raw.date) ? { ...raw, date: dateIn(now, rec.timeZone) } : raw;
    const outcome = await this.services.expenses.createRecurring(
      caller,
      { data, file: request.file },
      idempotency,
      async (tx, v, date) => {
        if (rec.endDate !== null && rec.endDate < date) throw endBeforeStart();
        const groupId = v.group?.id ?? null;
        const row = await insertSeries(tx, {
          groupId,
          createdById: caller.id,
          template: templateOf(
            data,
            groupId,
            v.original?.currency ?? v.currency,
            v.input.category ?? DEFAULT_CATEGORY,
          ),
          frequency: rec.frequency,
          startDate: date,
          timeZone: rec.timeZone,
          endDate: rec.endDate,
          endCount: rec.endCount,
          ...progressFrom({ ...rec, startDate: date }, 1, new Set(), now),
        });
        return { seriesId: row.id, date, summary: summaryOf(row) };
      },
    );
    // A series that starts in the past has occurrences due already.
    if (outcome.kind === 'done') void this.ticker?.tick();
    return outcome;
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  private async requireSeries(db: Db, id: number, callerId: number, forUpdate = false) {
    const row = isDbId(id) ? await findSeries(db, id, forUpdate) : undefined;
    if (row === undefined) throw new NotFoundError(SERIES_MESSAGES.notFound);
    if (!(await this.canSee(db, row, callerId))) throw new ForbiddenError(SERIES_MESSAGES.noAccess);
    return row;
  }

  /** Like expenses: current members of its group, or the people a non-group series names. */
  private async canSee(db: Db, row: SeriesRow, callerId: number): Promise<boolean> {
    if (row.groupId !== null) return isCurrentMember(db, row.groupId, callerId);
    return row.createdById === callerId || templatePeople(row.template).includes(callerId);
  }

  private async views(db: Db, rows: SeriesRow[]): Promise<SeriesView[]> {
    const out: SeriesView[] = [];
    const people = new Map<number, Person>();
    for (const row of rows) {
      let p = people.get(row.createdById);
      if (p === undefined) {
        p = (await personOf(db, row.createdById)) ?? { id: row.createdById, name: '', email: '' };
        people.set(p.id, p);
      }
      out.push({ row, createdBy: p });
    }
    return out;
  }

  async get(callerId: number, id: number): Promise<SeriesView> {
    const row = await this.requireSeries(this.deps.db, id, callerId);
    const [view] = await this.views(this.deps.db, [row]);
    if (view === undefined) throw new NotFoundError(SERIES_MESSAGES.notFound);
    return view;
  }

  async listGroup(callerId: number, groupId: number): Promise<SeriesView[]> {
    const db = this.deps.db;
    if (!isDbId(groupId) || (await findGroup(db, groupId)) === undefined) {
      throw new NotFoundError(GROUP_NOT_FOUND);
    }
    if (!(await isCurrentMember(db, groupId, callerId))) throw new ForbiddenError(NOT_A_MEMBER);
    return this.views(db, await groupSeries(db, groupId));
  }

  async listMine(callerId: number): Promise<SeriesView[]> {
    const db = this.deps.db;
    return this.views(db, await seriesByIds(db, await mySeriesIds(db, callerId)));
  }

  // -------------------------------------------------------------------------------------------
  // Changes

  /** POST /series/{id}/end: no more occurrences; the existing ones stay. */
  async end(callerId: number, id: number): Promise<SeriesView> {
    const row = await this.deps.transaction(async (tx) => {
      const s = await this.requireSeries(tx, id, callerId, true);
      if (s.endedAt !== null) return s;
      return updateSeriesRow(tx, s.id, { endedAt: this.clock(), nextDueAt: null });
    });
    return (await this.views(this.deps.db, [row]))[0] as SeriesView;
  }

  /** POST /series/{id}/skip: an upcoming occurrence date that is never to be created. */
  async skip(callerId: number, id: number, date: unknown): Promise<SeriesView> {
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      throw issuesError([{ path: ['date'], message: SERIES_MESSAGES.skipDate }]);
    }
    const row = await this.deps.transaction(async (tx) => {
      const s = await this.requireSeries(tx, id, callerId, true);
      if (s.endedAt !== null) throw new ValidationError(SERIES_MESSAGES.ended);
      const n = occurrenceIndexOf(s.startDate, s.frequency, date);
      if (n === null || n < s.nextIndex || !withinEnd(scheduleOf(s), n, date)) {
        throw issuesError([{ path: ['date'], message: SERIES_MESSAGES.notUpcoming }]);
      }
      await addSkip(tx, s.id, date);
      const skipped = await skippedDates(tx, s.id);
      return updateSeriesRow(tx, s.id, progressFrom(s, s.nextIndex, skipped, this.clock()));
    });
    return (await this.views(this.deps.db, [row]))[0] as SeriesView;
  }

  /**
   * PUT /expenses/{id}?scope=future: this occurrence, every later one already created (each
   * keeps its own date; the receipt goes only on this one) and the template of those to come.
   * A `recurrence` in the body changes the schedule: a new frequency restarts the series from
   * this occurrence's date (an end count then counts from it).
   */
  async updateFuture(
    callerId: number,
    expenseId: number,
    request: ExpenseRequest,
    guard: EditGuard<ExpenseView> = NO_EDIT_GUARD,
  ): Promise<WriteOutcome<ExpenseView>> {
    const raw = asRecord(request.data);
    const rec = readRecurrence(raw, null);
    const outcome = await this.services.expenses.updateMany(
      request,
      async (tx, editOne) => {
        const pre = await this.services.expenses.requireAccess(tx, expenseId, callerId);
        if (pre.seriesId === null || pre.occurrenceDate === null) {
          throw new ValidationError(SERIES_MESSAGES.notInSeries);
        }
        const from = pre.occurrenceDate;
        // The series first, then the expenses: the materializer takes them in this order too.
        const series = await findSeries(tx, pre.seriesId, true);
        if (series === undefined) throw new ValidationError(SERIES_MESSAGES.notInSeries);
        const first = await editOne(callerId, expenseId, request.data);
        const later = await tx
          .select({ id: expenses.id, date: expenses.date })
          .from(expenses)
          .where(
            and(
              eq(expenses.seriesId, series.id),
              gt(expenses.occurrenceDate, from),
              // A deleted occurrence stays as it was deleted (and comes back so when restored).
              isNull(expenses.deletedAt),
            ),
          )
          .orderBy(asc(expenses.occurrenceDate));
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
            ...(await this.rescheduled(tx, series, rec, from)),
          });
        }
        const [out] = await loadExpenseViews(tx, [expenseId]);
        if (out === undefined) throw new Error('expense vanished');
        return out;
      },
      guard,
    );
    void this.ticker?.tick();
    return outcome;
  }

  /** A series' schedule after a "this and future" edit of the occurrence on `from`. */
  private async rescheduled(tx: Db, s: SeriesRow, rec: RecurrenceInput, from: string) {
    const restart = rec.frequency !== s.frequency;
    const startDate = restart ? from : s.startDate;
    if (rec.endDate !== null && rec.endDate < startDate) throw endBeforeStart();
    const next = { ...rec, startDate };
    let index = s.nextIndex;
    if (restart) {
      // After every occurrence already created.
      const [last] = await tx
        .select({ d: max(expenses.occurrenceDate) })
        .from(expenses)
        .where(eq(expenses.seriesId, s.id));
      const lastDate = last?.d ?? from;
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
      ...progressFrom(next, index, skipped, this.clock()),
    };
  }

  // -------------------------------------------------------------------------------------------
  // The materializer

  /** Looks for due occurrences now and wakes the worker when there are (tests, after writes). */
  async lookNow(): Promise<void> {
    await this.ticker?.tick();
  }

  registerJobs(registry: JobRegistry): SeriesTicker {
    registry.register(materializeSeriesJob, async () => {
      await this.materializeDue();
    });
    this.ticker = new SeriesTicker({
      db: this.deps.db,
      jobs: this.deps.jobs,
      clock: this.clock,
      tickMs: this.deps.config.recurring.tickMs,
      logger: this.deps.logger,
    });
    return this.ticker;
  }

  /**
   * Creates every occurrence due now, oldest due first, each in its own transaction; returns how
   * many series steps were taken (created, skipped over or ended). Safe to run in any number of
   * processes at once.
   */
  async materializeDue(): Promise<number> {
    const now = this.clock();
    let steps = 0;
    while (await this.materializeOne(now)) steps++;
    return steps;
  }

  /** One due occurrence of one series (not held by another process); false when none is due. */
  private async materializeOne(now: Date): Promise<boolean> {
    let slot: { seriesId: number; date: string } | null = null;
    try {
      return await this.deps.transaction(async (tx) => {
        slot = null;
        const row = await lockDueSeries(tx, now);
        if (row === undefined) return false;
        const date = occurrenceDate(row.startDate, row.frequency, row.nextIndex);
        slot = { seriesId: row.id, date };
        const skipped = await skippedDates(tx, row.id);
        if (!skipped.has(date)) {
          const ended = await this.createOccurrence(tx, row, date);
          if (ended) return true;
        }
        await updateSeriesRow(tx, row.id, progressFrom(row, row.nextIndex + 1, skipped, now));
        return true;
      });
    } catch (error) {
      // The final guard held: the occurrence exists already. Move past it and go on.
      const s = slot as { seriesId: number; date: string } | null;
      if (s !== null && isOccurrenceConflict(error)) {
        this.deps.logger.warn(s, 'recurring occurrence already existed; moving past it');
        await this.movePast(s.seriesId, s.date, now);
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
  private async createOccurrence(tx: Db, row: SeriesRow, date: string): Promise<boolean> {
    const creator = await personOf(tx, row.createdById);
    try {
      if (creator === undefined) throw new NotFoundError('The series creator no longer exists.');
      const template = asRecord(row.template);
      await this.services.expenses.createOccurrence(
        tx,
        creator,
        { ...template, date },
        { seriesId: row.id, date, summary: summaryOf(row) },
      );
      return false;
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      this.deps.logger.warn(
        { seriesId: row.id, date, reason: error.message, code: error.code },
        `recurring expense ${row.id} ended: its occurrence on ${date} can no longer be created (${error.message})`,
      );
      await updateSeriesRow(tx, row.id, { endedAt: this.clock(), nextDueAt: null });
      return true;
    }
  }

  /** Advances a series past `date` when that is still its next occurrence and it exists. */
  private async movePast(seriesId: number, date: string, now: Date): Promise<void> {
    await this.deps.transaction(async (tx) => {
      const row = await findSeries(tx, seriesId, true);
      if (row === undefined || row.endedAt !== null) return;
      if (occurrenceDate(row.startDate, row.frequency, row.nextIndex) !== date) return;
      const skipped = await skippedDates(tx, row.id);
      await updateSeriesRow(tx, row.id, progressFrom(row, row.nextIndex + 1, skipped, now));
    });
  }
}
