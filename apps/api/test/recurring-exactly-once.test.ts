// Exactly-once recurring occurrences (issue #11) with real server processes and a fake clock
// (EVENLY_FAKE_NOW=file:…, test only) moved through half a simulated year. On PostgreSQL two
// processes share the database and one is killed with SIGKILL in the middle of a catch-up and
// started again; on the embedded database the one process is killed and restarted. In the end
// every occurrence the core's date math says is due exists exactly once, and the balances equal
// their recomputation from the stored expenses.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { occurrenceDatesThrough, startOfDayIn } from '@evenly/core';
import type { Frequency } from '@evenly/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { openDatabase, queryRows } from '../src/db/database.js';
import {
  account,
  call,
  equalExpenseBody,
  friendsInGroup,
  waitUntil,
} from './support/http-client.js';
import { expectBalancesMatchRecomputation } from './support/ledger.js';
import type { RunningServer } from './support/server-process.js';
import { assertServerBuilt, startServer, stopServer } from './support/server-process.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

const SECRET = 'recurring-secret-recurring-secret-0123456789';
const isPostgres = testDbKind() === 'postgres';

interface Plan {
  description: string;
  frequency: Frequency;
  timeZone: string;
  startDate: string;
  endCount: number | null;
  group: boolean;
}

const PLANS: Plan[] = [
  {
    description: 'Bread',
    frequency: 'DAILY',
    timeZone: 'Europe/Lisbon',
    startDate: '2026-01-01',
    endCount: null,
    group: true,
  },
  {
    description: 'Rent',
    frequency: 'MONTHLY',
    timeZone: 'America/New_York',
    startDate: '2026-01-31',
    endCount: null,
    group: true,
  },
  {
    description: 'Gym',
    frequency: 'WEEKLY',
    timeZone: 'UTC',
    startDate: '2026-01-03',
    endCount: null,
    group: false,
  },
  {
    description: 'Phone',
    frequency: 'MONTHLY',
    timeZone: 'Asia/Beirut',
    startDate: '2026-01-29',
    endCount: 4,
    group: true,
  },
  {
    description: 'Cleaning',
    frequency: 'BIWEEKLY',
    timeZone: 'America/Santiago',
    startDate: '2026-01-02',
    endCount: null,
    group: true,
  },
];

const START = Date.parse('2026-01-01T12:00:00Z');
const END = Date.parse('2026-07-01T12:00:00Z');
const DAY = 86_400_000;

/** The occurrence dates of `plan` due at `now`, by the core's date math. */
function expectedDates(plan: Plan, now: number): string[] {
  return occurrenceDatesThrough(
    {
      frequency: plan.frequency,
      startDate: plan.startDate,
      endDate: null,
      endCount: plan.endCount,
    },
    '2027-01-01',
  ).filter((d) => startOfDayIn(d, plan.timeZone).getTime() <= now);
}

/** How many occurrences exist at `now`: the due ones, and occurrence 0 (made by the POST). */
function dueCount(now: number): number {
  return PLANS.reduce((n, p) => n + Math.max(1, expectedDates(p, now).length), 0);
}

/** The first occurrence date of `plan` not due at `now` (null: the series has ended by then). */
function nextDateAfter(plan: Plan, now: number): string | null {
  const all = occurrenceDatesThrough(
    {
      frequency: plan.frequency,
      startDate: plan.startDate,
      endDate: null,
      endCount: plan.endCount,
    },
    '2027-01-01',
  );
  return all.find((d) => startOfDayIn(d, plan.timeZone).getTime() > now) ?? null;
}

describe(`recurring occurrences across crashes (${isPostgres ? 'two processes on PostgreSQL' : 'embedded database'})`, () => {
  let database: TestDatabase | null = null;
  const dirs: string[] = [];
  let clockFile: string;
  let servers: RunningServer[] = [];
  let env: (dir: string) => Record<string, string>;

  beforeAll(async () => {
    assertServerBuilt();
    for (let i = 0; i < (isPostgres ? 2 : 1); i++) {
      dirs.push(await mkdtemp(path.join(os.tmpdir(), 'evenly-recurring-')));
    }
    clockFile = path.join(dirs[0] ?? '', 'now');
    await writeFile(clockFile, new Date(START).toISOString());
    if (isPostgres) database = await createTestDatabase('postgres');
    env = (dir) => ({
      DATA_DIR: dir,
      ...(database === null ? {} : { DATABASE_URL: database.url ?? '' }),
      JWT_SECRET: SECRET,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      LOG_LEVEL: 'warn',
      EVENLY_FAKE_NOW: `file:${clockFile}`,
      RECURRING_TICK_MS: '100',
    });
    servers = await Promise.all(dirs.map((d) => startServer(env(d), { timeoutMs: 180_000 })));
  }, 300_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
    await database?.close();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('creates every due occurrence exactly once, through kill -9 and restart', async () => {
    const [first] = servers;
    if (first === undefined) throw new Error('no server');
    const ann = await account(first.base, 'Ann');
    const bea = await account(first.base, 'Bea');
    const groupId = await friendsInGroup(first.base, ann, bea);
    const seriesIds = new Map<string, number>();
    for (const plan of PLANS) {
      const res = await call(first.base, ann, 'POST', '/api/expenses', {
        ...equalExpenseBody(plan.description, 12, ann, [ann, bea], plan.group ? groupId : null),
        date: plan.startDate,
        recurrence: { frequency: plan.frequency, timeZone: plan.timeZone, endCount: plan.endCount },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const body = (await res.json()) as { series: { id: number } };
      seriesIds.set(plan.description, body.series.id);
    }

    const listed = async (base: string) => {
      const res = await call(base, ann, 'GET', '/api/expenses/my?limit=1000');
      return (await res.json()) as {
        series: { id: number } | null;
        occurrenceDate: string | null;
      }[];
    };
    const count = async (base: string) => (await listed(base)).length;

    // Half a year in steps of one to three simulated days; the last process (or the only one)
    // is killed in the middle of a ten-day catch-up and started again eight steps later. Each
    // step waits until a running process has created what is due at its instant (none runs on
    // the embedded database while its one process is down), so every step is seen, however
    // slowly the machine runs.
    const victim = servers.length - 1;
    let victimDown = false;
    const running = () => servers.find((s, i) => !(victimDown && i === victim));
    let now = START;
    let step = 0;
    let killedAt = -1;
    while (now < END) {
      step++;
      const before = now;
      now = Math.min(END, now + (step === 30 ? 10 : 1 + (step % 3)) * DAY);
      await writeFile(clockFile, new Date(now).toISOString());
      if (step === 30) {
        // Killed once the catch-up has begun (its first new occurrence exists): wherever it
        // stands then, the restarted process must end up with every occurrence exactly once.
        const base = running()?.base ?? '';
        const deadline = Date.now() + 60_000;
        while ((await count(base)) <= dueCount(before)) {
          if (Date.now() > deadline) throw new Error('the ten-day catch-up never began');
          await new Promise((r) => setTimeout(r, 10));
        }
        servers[victim]?.child.kill('SIGKILL');
        await new Promise((r) => servers[victim]?.child.once('exit', r));
        victimDown = true;
        killedAt = step;
      }
      if (killedAt > 0 && step === killedAt + 8) {
        servers[victim] = await startServer(env(dirs[victim] ?? ''), { timeoutMs: 180_000 });
        victimDown = false;
      }
      const up = running();
      if (up !== undefined) {
        await waitUntil(
          async () => (await count(up.base)) >= dueCount(now),
          `the occurrences due on ${new Date(now).toISOString()}`,
          60_000,
        );
      }
    }
    expect(killedAt).toBe(30);

    // Everything due by the end exists, each exactly once.
    const live = servers[0] ?? first;
    const expected = new Map(
      PLANS.map((p) => [seriesIds.get(p.description) ?? 0, expectedDates(p, END)]),
    );
    const total = [...expected.values()].reduce((n, d) => n + d.length, 0);
    expect(dueCount(END)).toBe(total);
    await waitUntil(
      async () => (await count(live.base)) >= total,
      'every occurrence exists',
      60_000,
    );
    // No look can find anything more to do: every series' next occurrence starts after the
    // clock's last instant (a look takes only series due by then), or the series has ended.
    const nextOf = async (id: number) => {
      const res = await call(live.base, ann, 'GET', `/api/series/${id}`);
      return ((await res.json()) as { nextDate: string | null }).nextDate;
    };
    await waitUntil(
      async () => {
        for (const plan of PLANS) {
          const id = seriesIds.get(plan.description) ?? 0;
          if ((await nextOf(id)) !== nextDateAfter(plan, END)) return false;
        }
        return true;
      },
      'every series has moved past the end',
      60_000,
    );
    const items = await listed(live.base);
    const actual = new Map<number, string[]>();
    for (const e of items) {
      if (e.series === null || e.occurrenceDate === null) continue;
      actual.set(e.series.id, [...(actual.get(e.series.id) ?? []), e.occurrenceDate]);
    }
    for (const [id, dates] of expected) {
      expect((actual.get(id) ?? []).sort(), `series ${id}`).toEqual(dates);
    }
    expect(items).toHaveLength(total);
    // The ended series says so.
    const phone = await call(live.base, ann, 'GET', `/api/series/${seriesIds.get('Phone')}`);
    expect(await phone.json()).toMatchObject({ ended: true, nextDate: null });

    // Balances equal their recomputation from the stored expenses.
    await Promise.all(servers.map((s) => stopServer(s)));
    let handle: DatabaseHandle;
    if (database !== null) handle = database.handle;
    else
      handle = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dirs[0] ?? '', 'db') });
    try {
      await expectBalancesMatchRecomputation(handle.db);
      const dupes = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from (select series_id, occurrence_date from expenses
              where series_id is not null group by 1, 2 having count(*) > 1) d`,
      );
      expect(Number(dupes[0]?.n)).toBe(0);
      const failed = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from jobs where failed_at is not null`,
      );
      expect(Number(failed[0]?.n)).toBe(0);
    } finally {
      if (database === null) await handle.close();
    }
  }, 600_000);
});
