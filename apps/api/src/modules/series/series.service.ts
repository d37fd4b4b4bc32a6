// SeriesService: recurring expenses (issue #11). A series is created with its occurrence 0 by
// POST /expenses with a `recurrence`; later occurrences are created by the materializer (the
// `series.materialize` job, series-jobs.ts; series-materializer.ts) through ExpenseService's own
// creation path, one transaction per occurrence that also advances the series. Exactly once: the
// series row is locked while an occurrence is created and advanced in the same transaction, and
// the unique (series_id, occurrence_date) index refuses any second row for a date whatever
// happens. "This and future" edits are in series-edit.ts.
import {
  asRecord,
  DEFAULT_CATEGORY,
  dateIn,
  isBlank,
  occurrenceIndexOf,
  withinEnd,
} from '@evenly/core';
import type { Db } from '../../db/database.js';
import {
  ForbiddenError,
  issuesError,
  NotFoundError,
  ValidationError,
} from '../../errors/app-errors.js';
import type { JobRegistry } from '../../jobs/job-registry.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { isDbId } from '../expenses/index.js';
import type { ExpenseRequest } from '../expenses/index.js';
import type { ExpenseView, Person } from '../expenses/index.js';
import { findGroup, GROUP_NOT_FOUND, isCurrentMember, NOT_A_MEMBER } from '../groups/index.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import type { EditGuard } from '../ledger/index.js';
import { NO_EDIT_GUARD } from '../ledger/index.js';
import type { Clock } from './clock.js';
import { clockOf } from './clock.js';
import { updateFutureOccurrences } from './series-edit.js';
import { materializeSeriesJob, SeriesTicker } from './series-jobs.js';
import { materializeDueSeries } from './series-materializer.js';
import { SERIES_MESSAGES } from './series-messages.js';
import { endBeforeStart, readRecurrence } from './series-recurrence.js';
import type { SeriesRow } from './series.repository.js';
import {
  addSkip,
  findSeries,
  groupSeries,
  insertSeries,
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

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'expenses'>;

export { SERIES_MESSAGES } from './series-messages.js';

export interface SeriesView {
  row: SeriesRow;
  createdBy: Person;
}

export class SeriesService {
  readonly clock: Clock;
  private ticker: SeriesTicker | null = null;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly services: Collaborators,
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
   * keeps its own date; the receipt goes only on this one) and the template of those to come
   * (series-edit.ts).
   */
  async updateFuture(
    callerId: number,
    expenseId: number,
    request: ExpenseRequest,
    guard: EditGuard<ExpenseView> = NO_EDIT_GUARD,
  ): Promise<WriteOutcome<ExpenseView>> {
    const outcome = await updateFutureOccurrences(
      this.services,
      this.clock,
      callerId,
      expenseId,
      request,
      guard,
    );
    void this.ticker?.tick();
    return outcome;
  }

  // -------------------------------------------------------------------------------------------
  // The materializer

  /** Looks for due occurrences now and wakes the worker when there are (tests, after writes). */
  async lookNow(): Promise<void> {
    await this.ticker?.tick();
  }

  /** Starts the tick that enqueues the materialize job when something is due (app ready). */
  startTicker(): void {
    this.ticker?.start();
  }

  /** Stops the tick and waits for a look under way (before the database closes). */
  async stopTicker(): Promise<void> {
    await this.ticker?.close();
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
    return materializeDueSeries(this.deps, this.services, this.clock, this.clock());
  }
}
