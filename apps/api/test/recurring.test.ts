// Recurring expenses through the HTTP API (issue #11): a series and its occurrence 0 from
// POST /expenses, the occurrences the materializer job creates as a fake clock (EVENLY_FAKE_NOW,
// test only) moves on, skip, end, edit this / this and future, delete one, who may do what, and
// the validation messages. Runs on PGlite and on PostgreSQL.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messageText, occurrenceDatesThrough, RECURRENCE_MESSAGES } from '@evenly/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { sql } from 'drizzle-orm';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers, leaveGroup } from './support/fixtures.js';
import { equalExpense, expectBalancesMatchRecomputation, multipart } from './support/ledger.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

interface SeriesSummary {
  id: number;
  frequency: string;
  timeZone: string;
  startDate: string;
  endDate: string | null;
  endCount: number | null;
  nextDate: string | null;
  ended: boolean;
}
interface ExpenseBody {
  id: number;
  amount: number;
  date: string;
  description: string;
  series: SeriesSummary | null;
  occurrenceDate: string | null;
  createdBy: { id: number };
}

let ctx: TestContext;
let dir: string;
let clockFile: string;
let ann: TestUser;
let bea: TestUser;
let cat: TestUser;
let groupId: number;

async function setNow(iso: string): Promise<void> {
  await writeFile(clockFile, iso);
}

/** Moves the clock to `iso` and lets the materializer job run (the tick enqueues it). */
async function runAt(iso: string): Promise<void> {
  await setNow(iso);
  await ctx.app.services.series.lookNow();
  await ctx.drainJobs();
}

function req(
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: user.auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function occurrences(
  seriesId: number,
): Promise<{ date: string; amount: number; id: number }[]> {
  const res = await req(ann, 'GET', `/api/groups/${groupId}/transactions`);
  expect(res.statusCode).toBe(200);
  return res
    .json<ExpenseBody[]>()
    .filter((e) => e.series?.id === seriesId)
    .map((e) => ({ date: e.occurrenceDate ?? '', amount: e.amount, id: e.id }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

async function createRent(
  extra: Record<string, unknown> = {},
  recurrence: Record<string, unknown> = {},
) {
  const res = await req(ann, 'POST', '/api/expenses', {
    ...equalExpense(ann, [ann, bea], 900, { description: 'Rent', groupId, date: '2026-01-31' }),
    ...extra,
    recurrence: { frequency: 'MONTHLY', timeZone: 'Europe/Lisbon', ...recurrence },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ExpenseBody>();
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-recurring-'));
  clockFile = path.join(dir, 'now');
  await setNow('2026-01-31T12:00:00Z');
  ctx = await createTestContext({
    EVENLY_FAKE_NOW: `file:${clockFile}`,
    // The test runs the materializer itself (lookNow + drainJobs).
    RECURRING_TICK_MS: '3600000',
  });
});
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await ctx.reset();
  await setNow('2026-01-31T12:00:00Z');
  [ann, bea, cat] = (await createUsers(ctx, 'Ann', 'Bea', 'Cat')) as [TestUser, TestUser, TestUser];
  groupId = await createGroup(ctx.database.handle.db, ann, 'Flat', [bea]);
});

describe('a monthly series', () => {
  it('is created with occurrence 0 and shown on every expense, its series and the lists', async () => {
    const first = await createRent({}, { endCount: 12 });
    expect(first.occurrenceDate).toBe('2026-01-31');
    expect(first.date).toBe('2026-01-31');
    expect(first.series).toEqual({
      id: first.series?.id,
      frequency: 'MONTHLY',
      timeZone: 'Europe/Lisbon',
      startDate: '2026-01-31',
      endDate: null,
      endCount: 12,
      nextDate: '2026-02-28',
      ended: false,
    });
    const id = first.series?.id ?? 0;
    const one = await req(bea, 'GET', `/api/expenses/${first.id}`);
    expect(one.json<ExpenseBody>().series?.id).toBe(id);
    const mine = await req(bea, 'GET', '/api/expenses/my');
    expect(mine.json<ExpenseBody[]>()[0]?.occurrenceDate).toBe('2026-01-31');

    const series = await req(bea, 'GET', `/api/series/${id}`);
    expect(series.statusCode).toBe(200);
    expect(series.json()).toMatchObject({
      id,
      groupId,
      nextDate: '2026-02-28',
      createdBy: { id: ann.id, name: 'Ann' },
      template: {
        description: 'Rent',
        amount: 900,
        currency: 'USD',
        splitType: 'EQUAL',
        payers: [{ userId: ann.id, amountPaid: 900 }],
        splits: [
          { userId: ann.id, value: null },
          { userId: bea.id, value: null },
        ],
        notes: null,
      },
    });
    expect((await req(bea, 'GET', `/api/groups/${groupId}/series`)).json()).toMatchObject([{ id }]);
    expect((await req(bea, 'GET', '/api/series/my')).json()).toMatchObject([{ id }]);
    expect((await req(cat, 'GET', '/api/series/my')).json()).toEqual([]);
  });

  it('names the template split type as §4.4 does, however the request wrote it', async () => {
    // The validator accepts " share " (trimmed, any case); the template keeps the body as
    // posted, and the Series schema (and the web app's type) promise one of the four names.
    const first = await createRent({
      splitType: ' share ',
      splits: [
        { userId: ann.id, value: 2 },
        { userId: bea.id, value: 1 },
      ],
    });
    const series = await req(bea, 'GET', `/api/series/${first.series?.id ?? 0}`);
    expect(series.statusCode).toBe(200);
    expect(series.json<{ template: { splitType: string } }>().template.splitType).toBe('SHARE');
  });

  it('creates each occurrence at 00:00 of its date in the series time zone, clamped to month ends, and catches up after downtime', async () => {
    const first = await createRent();
    const id = first.series?.id ?? 0;
    await runAt('2026-02-27T23:59:59Z');
    expect((await occurrences(id)).map((o) => o.date)).toEqual(['2026-01-31']);
    // Lisbon is on UTC in February.
    await runAt('2026-02-28T00:00:00Z');
    expect((await occurrences(id)).map((o) => o.date)).toEqual(['2026-01-31', '2026-02-28']);
    // 30 April begins at 29 April 23:00 UTC (summer time, UTC+1).
    await runAt('2026-04-29T22:59:59Z');
    expect((await occurrences(id)).map((o) => o.date)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    // Down from March to mid-June: every missed occurrence, each with its own date.
    await runAt('2026-06-15T10:00:00Z');
    const all = await occurrences(id);
    expect(all.map((o) => o.date)).toEqual(
      occurrenceDatesThrough(
        { frequency: 'MONTHLY', startDate: '2026-01-31', endDate: null, endCount: null },
        '2026-06-15',
      ),
    );
    expect(all.map((o) => o.date)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    // Ordinary expenses: the expense date is the occurrence date, Ann created them, Bea was told.
    const views = await Promise.all(all.map((o) => req(bea, 'GET', `/api/expenses/${o.id}`)));
    for (const v of views) {
      const e = v.json<ExpenseBody>();
      expect(e.date).toBe(e.occurrenceDate);
      expect(e.createdBy.id).toBe(ann.id);
    }
    const activity = await req(bea, 'GET', '/api/activity');
    expect(
      activity.json<{ type: string }[]>().filter((a) => a.type === 'expense_added'),
    ).toHaveLength(5);
    const balance = await req(bea, 'GET', `/api/balances/group/${groupId}`);
    expect(balance.statusCode).toBe(200);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
    // Running again changes nothing.
    await runAt('2026-06-15T10:00:00Z');
    expect(await occurrences(id)).toHaveLength(5);
  });

  it('ends after its count or end date', async () => {
    const byCount = await createRent({ description: 'Count' }, { endCount: 3 });
    const byDate = await createRent({ description: 'Until' }, { endDate: '2026-03-31' });
    await runAt('2026-12-01T00:00:00Z');
    expect((await occurrences(byCount.series?.id ?? 0)).map((o) => o.date)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(await occurrences(byDate.series?.id ?? 0)).toHaveLength(3);
    const s = await req(ann, 'GET', `/api/series/${byCount.series?.id}`);
    expect(s.json()).toMatchObject({ ended: true, nextDate: null });
    expect((await req(ann, 'GET', `/api/groups/${groupId}/series`)).json()).toEqual([]);
  });

  it('skips a future date, never re-creates a deleted occurrence, and stops when ended', async () => {
    const first = await createRent();
    const id = first.series?.id ?? 0;
    await runAt('2026-03-01T00:00:00Z');
    const [, feb] = await occurrences(id);
    expect((await req(bea, 'DELETE', `/api/expenses/${feb?.id}`)).statusCode).toBe(204);

    const skipped = await req(bea, 'POST', `/api/series/${id}/skip`, { date: '2026-03-31' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ nextDate: '2026-04-30' });
    const past = await req(bea, 'POST', `/api/series/${id}/skip`, { date: '2026-02-28' });
    expect(past.statusCode).toBe(400);
    expect(errorBody(past).message).toBe('That date is not an upcoming occurrence of this series.');
    const notOne = await req(bea, 'POST', `/api/series/${id}/skip`, { date: '2026-04-29' });
    expect(errorBody(notOne).message).toBe(
      'That date is not an upcoming occurrence of this series.',
    );

    await runAt('2026-05-15T00:00:00Z');
    expect((await occurrences(id)).map((o) => o.date)).toEqual(['2026-01-31', '2026-04-30']);

    const ended = await req(bea, 'POST', `/api/series/${id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ ended: true, nextDate: null });
    await runAt('2027-05-15T00:00:00Z');
    expect((await occurrences(id)).map((o) => o.date)).toEqual(['2026-01-31', '2026-04-30']);
    const after = await req(bea, 'POST', `/api/series/${id}/skip`, { date: '2027-06-30' });
    expect(errorBody(after).message).toBe('This series has ended.');
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('restores a deleted occurrence once: no duplicate, and the series never makes it again', async () => {
    const first = await createRent();
    const id = first.series?.id ?? 0;
    await runAt('2026-03-01T00:00:00Z');
    const [, feb] = await occurrences(id);
    expect((await req(bea, 'DELETE', `/api/expenses/${feb?.id}`)).statusCode).toBe(204);
    await runAt('2026-04-01T00:00:00Z');
    expect((await occurrences(id)).map((o) => o.date)).toEqual(['2026-01-31', '2026-03-31']);

    const restored = await req(ann, 'POST', `/api/expenses/${feb?.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<ExpenseBody>()).toMatchObject({
      id: feb?.id,
      occurrenceDate: '2026-02-28',
      series: { id },
    });
    await runAt('2026-05-15T00:00:00Z');
    expect((await occurrences(id)).map((o) => [o.date, o.id])).toEqual([
      ['2026-01-31', first.id],
      ['2026-02-28', feb?.id],
      ['2026-03-31', expect.any(Number)],
      ['2026-04-30', expect.any(Number)],
    ]);
    // Restoring again makes nothing either.
    expect((await req(bea, 'POST', `/api/expenses/${feb?.id}/restore`)).statusCode).toBe(200);
    const dupes = await queryRows<{ n: number }>(
      ctx.database.handle.db,
      sql`select count(*)::int as n from expenses where series_id = ${id}`,
    );
    expect(Number(dupes[0]?.n)).toBe(4);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('edits this occurrence only, or this and the future ones with the template', async () => {
    const first = await createRent();
    const id = first.series?.id ?? 0;
    await runAt('2026-04-01T00:00:00Z');
    const [jan, feb, mar] = await occurrences(id);
    const body = (amount: number, date?: string) =>
      equalExpense(ann, [ann, bea], amount, {
        description: 'Rent',
        groupId,
        ...(date === undefined ? {} : { date }),
      });

    const one = await req(
      bea,
      'PUT',
      `/api/expenses/${jan?.id}?scope=this`,
      body(950, '2026-02-01'),
    );
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<ExpenseBody>()).toMatchObject({
      amount: 950,
      date: '2026-02-01',
      occurrenceDate: '2026-01-31',
    });
    expect((await occurrences(id)).map((o) => o.amount)).toEqual([950, 900, 900]);

    const future = await req(bea, 'PUT', `/api/expenses/${feb?.id}?scope=future`, body(1000));
    expect(future.statusCode, future.body).toBe(200);
    expect((await occurrences(id)).map((o) => o.amount)).toEqual([950, 1000, 1000]);
    // Each later occurrence kept its own date.
    const marView = await req(ann, 'GET', `/api/expenses/${mar?.id}`);
    expect(marView.json<ExpenseBody>().date).toBe('2026-03-31');
    expect((await req(ann, 'GET', `/api/series/${id}`)).json()).toMatchObject({
      template: { amount: 1000 },
    });
    await runAt('2026-04-30T00:00:00Z');
    expect((await occurrences(id)).map((o) => o.amount)).toEqual([950, 1000, 1000, 1000]);

    // A new frequency restarts the series from that occurrence, after those already created.
    const weekly = await req(ann, 'PUT', `/api/expenses/${mar?.id}?scope=future`, {
      ...body(1000),
      recurrence: { frequency: 'WEEKLY', timeZone: 'Europe/Lisbon', endCount: 10 },
    });
    expect(weekly.statusCode, weekly.body).toBe(200);
    expect(weekly.json<ExpenseBody>().series).toMatchObject({
      frequency: 'WEEKLY',
      startDate: '2026-03-31',
      nextDate: '2026-05-05',
      endCount: 10,
    });

    const notSeries = await req(
      ann,
      'POST',
      '/api/expenses',
      equalExpense(ann, [ann, bea], 5, { groupId }),
    );
    const bad = await req(
      ann,
      'PUT',
      `/api/expenses/${notSeries.json<ExpenseBody>().id}?scope=future`,
      body(6),
    );
    expect(errorBody(bad).message).toBe('This expense is not part of a recurring series.');
    const badScope = await req(ann, 'PUT', `/api/expenses/${jan?.id}?scope=all`, body(6));
    expect(badScope.statusCode).toBe(400);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('repeats its category: template, every occurrence, and a this-and-future change', async () => {
    const first = await createRent({ category: 'rent' });
    const id = first.series?.id ?? 0;
    expect(first).toMatchObject({ category: 'rent' });
    expect((await req(ann, 'GET', `/api/series/${id}`)).json()).toMatchObject({
      template: { category: 'rent' },
    });
    await runAt('2026-03-01T00:00:00Z');
    const categories = async () => {
      const res = await req(ann, 'GET', `/api/groups/${groupId}/transactions`);
      return res
        .json<(ExpenseBody & { category: string })[]>()
        .filter((e) => e.series?.id === id)
        .sort((a, b) => ((a.occurrenceDate ?? '') < (b.occurrenceDate ?? '') ? -1 : 1))
        .map((e) => e.category);
    };
    expect(await categories()).toEqual(['rent', 'rent']);
    const [, feb] = await occurrences(id);
    // An edit that names no category keeps it, in the template too.
    const same = equalExpense(ann, [ann, bea], 900, { description: 'Rent', groupId });
    await req(ann, 'PUT', `/api/expenses/${feb?.id}?scope=future`, same);
    expect((await req(ann, 'GET', `/api/series/${id}`)).json()).toMatchObject({
      template: { category: 'rent' },
    });
    await req(ann, 'PUT', `/api/expenses/${feb?.id}?scope=future`, {
      ...same,
      category: 'Utilities',
    });
    expect((await req(ann, 'GET', `/api/series/${id}`)).json()).toMatchObject({
      template: { category: 'utilities' },
    });
    await runAt('2026-03-31T00:00:00Z');
    expect(await categories()).toEqual(['rent', 'utilities', 'utilities']);
    // A series made without one repeats General.
    const plain = await createRent({ description: 'Cleaner' });
    expect(plain).toMatchObject({ category: 'general' });
    expect((await req(ann, 'GET', `/api/series/${plain.series?.id ?? 0}`)).json()).toMatchObject({
      template: { category: 'general' },
    });
  });

  it('ends, and says why in the log, when its expense can no longer be created', async () => {
    const first = await createRent();
    await leaveGroup(ctx.database.handle.db, groupId, bea.id);
    await runAt('2026-03-01T00:00:00Z');
    expect(await occurrences(first.series?.id ?? 0)).toHaveLength(1);
    const s = await req(ann, 'GET', `/api/series/${first.series?.id}`);
    expect(s.json()).toMatchObject({ ended: true, nextDate: null });
    const [job] = await queryRows<{ n: number }>(
      ctx.database.handle.db,
      sql`select count(*)::int as n from jobs where failed_at is not null`,
    );
    expect(Number(job?.n)).toBe(0);
  });
});

describe('time zones', () => {
  it('creates a New York daily occurrence at local midnight across the spring-forward day', async () => {
    await setNow('2026-03-07T12:00:00Z');
    const res = await req(ann, 'POST', '/api/expenses', {
      ...equalExpense(ann, [ann, bea], 10, { groupId, date: '2026-03-07', description: 'Coffee' }),
      recurrence: { frequency: 'DAILY', timeZone: 'America/New_York' },
    });
    const id = res.json<ExpenseBody>().series?.id ?? 0;
    await runAt('2026-03-08T04:59:59Z');
    expect(await occurrences(id)).toHaveLength(1);
    await runAt('2026-03-08T05:00:00Z');
    expect(await occurrences(id)).toHaveLength(2);
    // After the change midnight is 04:00 UTC.
    await runAt('2026-03-09T03:59:59Z');
    expect(await occurrences(id)).toHaveLength(2);
    await runAt('2026-03-09T04:00:00Z');
    expect((await occurrences(id)).map((o) => o.date)).toEqual([
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ]);
  });

  it('defaults the first date to today in the series time zone', async () => {
    // 23:30 UTC on 31 January is already 1 February in Tokyo.
    await setNow('2026-01-31T23:30:00Z');
    const res = await req(ann, 'POST', '/api/expenses', {
      ...equalExpense(ann, [ann, bea], 10, { groupId }),
      recurrence: { frequency: 'WEEKLY', timeZone: 'Asia/Tokyo' },
    });
    expect(res.json<ExpenseBody>()).toMatchObject({
      date: '2026-02-01',
      occurrenceDate: '2026-02-01',
    });
  });
});

describe('who may, and what is refused', () => {
  it('lets only group members see and change a group series', async () => {
    const first = await createRent();
    const id = first.series?.id ?? 0;
    for (const [method, url] of [
      ['GET', `/api/series/${id}`],
      ['POST', `/api/series/${id}/end`],
      ['GET', `/api/groups/${groupId}/series`],
    ] as const) {
      const res = await req(cat, method, url);
      expect(res.statusCode, url).toBe(403);
    }
    const skip = await req(cat, 'POST', `/api/series/${id}/skip`, { date: '2026-02-28' });
    expect(skip.statusCode).toBe(403);
    expect((await req(ann, 'GET', '/api/series/999999')).statusCode).toBe(404);
    expect(errorBody(await req(ann, 'GET', '/api/series/abc')).message).toBe('Invalid Series ID.');
    const put = await req(
      cat,
      'PUT',
      `/api/expenses/${first.id}?scope=future`,
      equalExpense(ann, [ann, bea], 1, { groupId }),
    );
    expect(put.statusCode).toBe(403);
  });

  it('lets only the people a non-group series names see it', async () => {
    await befriend(ctx.database.handle.db, ann, bea);
    const res = await req(ann, 'POST', '/api/expenses', {
      ...equalExpense(ann, [ann, bea], 20, { date: '2026-01-31' }),
      recurrence: { frequency: 'WEEKLY', timeZone: 'UTC' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<ExpenseBody>().series?.id ?? 0;
    expect((await req(bea, 'GET', `/api/series/${id}`)).statusCode).toBe(200);
    expect((await req(cat, 'GET', `/api/series/${id}`)).statusCode).toBe(403);
    expect((await req(bea, 'GET', '/api/series/my')).json()).toMatchObject([{ id, groupId: null }]);
    await runAt('2026-02-14T00:00:00Z');
    const mine = await req(bea, 'GET', '/api/expenses/my');
    expect(
      mine
        .json<ExpenseBody[]>()
        .filter((e) => e.series?.id === id)
        .map((e) => e.occurrenceDate)
        .sort(),
    ).toEqual(['2026-01-31', '2026-02-07', '2026-02-14']);
  });

  it('answers bad recurrences with the messages the form shows', async () => {
    const post = (recurrence: unknown, extra: Record<string, unknown> = {}) =>
      req(ann, 'POST', '/api/expenses', {
        ...equalExpense(ann, [ann, bea], 10, { groupId, date: '2026-05-01', ...extra }),
        recurrence,
      });
    const cases: [unknown, string, string][] = [
      [{ timeZone: 'UTC' }, messageText(RECURRENCE_MESSAGES.frequency), 'recurrence.frequency'],
      [
        { frequency: 'MONTHLY', timeZone: 'Mars/Olympus' },
        messageText(RECURRENCE_MESSAGES.timeZone),
        'recurrence.timeZone',
      ],
      [
        { frequency: 'MONTHLY', timeZone: 'UTC', endDate: '2026-04-30' },
        messageText(RECURRENCE_MESSAGES.endBeforeStart),
        'recurrence.endDate',
      ],
      [
        { frequency: 'MONTHLY', timeZone: 'UTC', endDate: '2026-06-30', endCount: 2 },
        messageText(RECURRENCE_MESSAGES.endBoth),
        'recurrence.endDate',
      ],
      [
        { frequency: 'MONTHLY', timeZone: 'UTC', endCount: 1001 },
        messageText(RECURRENCE_MESSAGES.endCount),
        'recurrence.endCount',
      ],
      ['monthly', messageText(RECURRENCE_MESSAGES.notObject), 'recurrence'],
    ];
    expect(messageText(RECURRENCE_MESSAGES.frequency)).toBe(
      'Please choose how often the expense repeats.',
    );
    for (const [recurrence, message, field] of cases) {
      const res = await post(recurrence);
      expect(res.statusCode, JSON.stringify(recurrence)).toBe(400);
      const body = errorBody(res);
      expect(body.message).toBe(message);
      expect(body.details?.[0]?.field).toBe(field);
    }
    // Nothing was written.
    expect((await req(ann, 'GET', '/api/series/my')).json()).toEqual([]);
    const tx = await req(ann, 'GET', `/api/groups/${groupId}/transactions`);
    expect(tx.json()).toEqual([]);
  });

  it('accepts a recurrence in multipart expenseData', async () => {
    const data = {
      ...equalExpense(ann, [ann, bea], 30, { groupId, date: '2026-01-15' }),
      recurrence: { frequency: 'BIWEEKLY', timeZone: 'Europe/Lisbon', endCount: 2 },
    };
    const body = multipart([{ name: 'expenseData', value: JSON.stringify(data) }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...ann.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ExpenseBody>().series).toMatchObject({
      frequency: 'BIWEEKLY',
      nextDate: '2026-01-29',
      endCount: 2,
    });
  });

  it('replays a keyed creation without making a second series', async () => {
    const data = {
      ...equalExpense(ann, [ann, bea], 12, { groupId, date: '2026-01-31' }),
      recurrence: { frequency: 'DAILY', timeZone: 'UTC' },
    };
    const a = await ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...ann.auth, 'idempotency-key': 'k1' },
      payload: data,
    });
    const b = await ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...ann.auth, 'idempotency-key': 'k1' },
      payload: data,
    });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json<ExpenseBody>().id).toBe(a.json<ExpenseBody>().id);
    expect((await req(ann, 'GET', '/api/series/my')).json()).toHaveLength(1);
  });
});
