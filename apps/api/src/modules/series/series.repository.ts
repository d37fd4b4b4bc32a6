// The `expense_series` and `expense_series_skips` tables. A series row is locked (FOR UPDATE)
// by every write that changes it or creates one of its occurrences, so those writes take turns;
// the materializer takes due rows with SKIP LOCKED, so processes share the work without waiting.
import { and, asc, eq, gt, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import { asRecord, nextOccurrence, startOfDayIn, toId } from '@evenly/core';
import type { CategoryId, Frequency, SeriesSchedule } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import { expenses, expenseSeries, expenseSeriesSkips, users } from '../../db/schema.js';
import { run, statement } from '../../db/statements.js';
import type { Person, SeriesSummary } from '../expenses/index.js';

export type SeriesRow = typeof expenseSeries.$inferSelect;

/** The expense each occurrence repeats: the create request's fields without date and receipt. */
export interface SeriesTemplate {
  groupId: number | null;
  description: string;
  amount: unknown;
  currency?: unknown;
  splitType: unknown;
  payers: unknown;
  splits: unknown;
  notes?: unknown;
  exchangeRate?: unknown;
}

/** The fields of an expense request a template keeps (no date, receipt or per-charge amount). */
const TEMPLATE_FIELDS = [
  'groupId',
  'description',
  'amount',
  'currency',
  'splitType',
  'payers',
  'splits',
  'notes',
  'category',
  'exchangeRate',
] as const;

/**
 * The template of a validated expense request body, with its category and the currency it was
 * entered in (so a later change of the group's default currency does not change the series)
 * and people's ids as numbers (the lists by participant search them).
 */
export function templateOf(
  data: unknown,
  groupId: number | null,
  currency: string | null,
  category: CategoryId,
): SeriesTemplate {
  const body = asRecord(data);
  const out: Record<string, unknown> = {};
  for (const k of TEMPLATE_FIELDS) if (body[k] !== undefined) out[k] = body[k];
  out['groupId'] = groupId;
  // As the expense got it (normalised; on an edit that named none, the one kept).
  out['category'] = category;
  if (currency !== null) out['currency'] = currency;
  for (const list of ['payers', 'splits'] as const) {
    const items = body[list];
    if (Array.isArray(items)) {
      out[list] = items.map((p: unknown) => {
        const r = asRecord(p);
        return { ...r, userId: toId(r.userId) ?? r.userId };
      });
    }
  }
  return out as unknown as SeriesTemplate;
}

export function scheduleOf(row: SeriesRow): SeriesSchedule {
  return {
    frequency: row.frequency,
    startDate: row.startDate,
    endDate: row.endDate,
    endCount: row.endCount,
  };
}

/** Where a series stands once the occurrences before index `from` are done. */
export function progressFrom(
  row: Pick<SeriesRow, 'frequency' | 'startDate' | 'endDate' | 'endCount' | 'timeZone'>,
  from: number,
  skipped: ReadonlySet<string>,
  now: Date,
): { nextIndex: number; nextDueAt: Date | null; endedAt: Date | null } {
  const next = nextOccurrence(
    {
      frequency: row.frequency,
      startDate: row.startDate,
      endDate: row.endDate,
      endCount: row.endCount,
    },
    from,
    skipped,
  );
  return next === null
    ? { nextIndex: from, nextDueAt: null, endedAt: now }
    : { nextIndex: next.index, nextDueAt: startOfDayIn(next.date, row.timeZone), endedAt: null };
}

export function summaryOf(row: SeriesRow): SeriesSummary {
  const ended = row.endedAt !== null;
  const next = ended ? null : nextOccurrence(scheduleOf(row), row.nextIndex);
  return {
    id: row.id,
    frequency: row.frequency,
    timeZone: row.timeZone,
    startDate: row.startDate,
    endDate: row.endDate,
    endCount: row.endCount,
    nextDate: next?.date ?? null,
    ended,
  };
}

export async function insertSeries(
  db: Db,
  values: {
    groupId: number | null;
    createdById: number;
    template: SeriesTemplate;
    frequency: Frequency;
    startDate: string;
    timeZone: string;
    endDate: string | null;
    endCount: number | null;
    nextIndex: number;
    nextDueAt: Date | null;
    endedAt: Date | null;
  },
): Promise<SeriesRow> {
  const [row] = await db.insert(expenseSeries).values(values).returning();
  if (row === undefined) throw new Error('series insert failed');
  return row;
}

export async function findSeries(
  db: Db,
  id: number,
  forUpdate = false,
): Promise<SeriesRow | undefined> {
  const q = db.select().from(expenseSeries).where(eq(expenseSeries.id, id)).limit(1);
  return (forUpdate ? await q.for('update') : await q)[0];
}

/** The series whose next occurrence is due the longest, locked; none when every due one is taken. */
export async function lockDueSeries(db: Db, now: Date): Promise<SeriesRow | undefined> {
  const rows = await db
    .select()
    .from(expenseSeries)
    .where(and(lte(expenseSeries.nextDueAt, now), isNull(expenseSeries.endedAt)))
    .orderBy(asc(expenseSeries.nextDueAt), asc(expenseSeries.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

/** Whether any series has an occurrence due at `now` (the partial index on next_due_at). */
export async function anySeriesDue(db: Db, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: expenseSeries.id })
    .from(expenseSeries)
    .where(lte(expenseSeries.nextDueAt, now))
    .limit(1);
  return rows.length > 0;
}

export async function skippedDates(db: Db, seriesId: number): Promise<Set<string>> {
  const rows = await db
    .select({ d: expenseSeriesSkips.occurrenceDate })
    .from(expenseSeriesSkips)
    .where(eq(expenseSeriesSkips.seriesId, seriesId));
  return new Set(rows.map((r) => r.d));
}

export async function addSkip(db: Db, seriesId: number, date: string): Promise<void> {
  await db
    .insert(expenseSeriesSkips)
    .values({ seriesId, occurrenceDate: date })
    .onConflictDoNothing();
}

export async function updateSeriesRow(
  db: Db,
  id: number,
  values: Partial<Omit<SeriesRow, 'id' | 'createdAt'>>,
): Promise<SeriesRow> {
  const [row] = await db
    .update(expenseSeries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(expenseSeries.id, id))
    .returning();
  if (row === undefined) throw new Error('series vanished');
  return row;
}

export async function personOf(db: Db, userId: number): Promise<Person | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The people a template names (payers and split), as ids. */
export function templatePeople(template: unknown): number[] {
  const t = (typeof template === 'object' && template !== null ? template : {}) as {
    payers?: unknown;
    splits?: unknown;
  };
  const ids = (list: unknown) =>
    Array.isArray(list)
      ? list.map((p) => Number((p as { userId?: unknown } | null)?.userId)).filter(Number.isFinite)
      : [];
  return [...new Set([...ids(t.payers), ...ids(t.splits)])];
}

/** Active series of a group, oldest first. */
export async function groupSeries(db: Db, groupId: number): Promise<SeriesRow[]> {
  return db
    .select()
    .from(expenseSeries)
    .where(and(eq(expenseSeries.groupId, groupId), isNull(expenseSeries.endedAt)))
    .orderBy(asc(expenseSeries.id));
}

/**
 * Active series the user takes part in (creator, payer or in the split), in groups they still
 * belong to or outside groups, oldest first.
 */
export async function mySeriesIds(db: Db, userId: number): Promise<number[]> {
  const me = JSON.stringify([{ userId }]);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from expense_series s
         where s.ended_at is null
           and (s.created_by_id = ${userId}
                or s.template -> 'payers' @> ${me}::jsonb
                or s.template -> 'splits' @> ${me}::jsonb)
           and (s.group_id is null or exists (select 1 from group_members m
                 where m.group_id = s.group_id and m.user_id = ${userId} and m.left_at is null))
         order by s.id`,
  );
  return rows.map((r) => Number(r.id));
}

export async function seriesByIds(db: Db, ids: readonly number[]): Promise<SeriesRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(expenseSeries)
    .where(inArray(expenseSeries.id, [...ids]))
    .orderBy(asc(expenseSeries.id));
  return rows;
}

/** The live occurrences of a series after `from` (YYYY-MM-DD), by occurrence date. */
export function laterOccurrences(
  db: Db,
  seriesId: number,
  from: string,
): Promise<{ id: number; date: string }[]> {
  return db
    .select({ id: expenses.id, date: expenses.date })
    .from(expenses)
    .where(
      and(
        eq(expenses.seriesId, seriesId),
        gt(expenses.occurrenceDate, from),
        // A deleted occurrence stays as it was deleted (and comes back so when restored).
        isNull(expenses.deletedAt),
      ),
    )
    .orderBy(asc(expenses.occurrenceDate));
}

/** The latest occurrence date of a series already created (deleted ones too); null for none. */
export async function lastOccurrenceDate(db: Db, seriesId: number): Promise<string | null> {
  const [last] = await db
    .select({ d: max(expenses.occurrenceDate) })
    .from(expenses)
    .where(eq(expenses.seriesId, seriesId));
  return last?.d ?? null;
}

// A job only when something is due and none is waiting to be claimed (a running one, under
// lease, does not count: after a crash its lease must run out, and the work should not wait).
const enqueueIfDue = statement<{ id: string }>(
  'series.enqueue-materialize',
  `insert into jobs (kind, payload)
   select 'series.materialize', '{}'::jsonb
    where exists (select 1 from expense_series
                   where next_due_at is not null and next_due_at <= $1::timestamptz)
      and not exists (select 1 from jobs
                       where kind = 'series.materialize' and failed_at is null
                         and (locked_until is null or locked_until <= now()))
   returning id`,
);

/** Enqueues the materialize job when a series is due at `now` and none waits; true when it did. */
export async function enqueueMaterializeIfDue(db: Db, now: Date): Promise<boolean> {
  return (await run(db, enqueueIfDue, [now.toISOString()])).length > 0;
}
