// Issue #30 finding 16: one request made the embedded database stop answering for everyone, for
// good. The cause: a write that needed an exchange rate looked it up inside its transaction, and
// the rate service reads its cache on the shared database handle; PGlite has one session, so
// that read waited for the very transaction that waited for it. Here: the writes that need a
// rate answer and leave the database answering (both databases); a statement on the shared handle
// inside a transaction is refused at once instead of waiting for itself; and the watchdog
// (db/database-watchdog.ts) notices a really stuck embedded database and says what it was doing.
// The process-level recovery (exit 70, `npm start` starts the server again) is in
// database-watchdog-process.test.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StallReport } from '../src/db/database-watchdog.js';
import { startDatabaseWatchdog } from '../src/db/database-watchdog.js';
import type { FakeRates } from './support/fake-rates.js';
import { startFakeRates } from './support/fake-rates.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
import { eventually, equalExpense, postExpense, putExpense } from './support/ledger.js';
import { testDbKind } from './support/test-database.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';

let ctx: TestContext;
let rates: FakeRates;
let ann: TestUser;
let bea: TestUser;
let trip: number;

beforeAll(async () => {
  rates = await startFakeRates();
  ctx = await createTestContext({ FX_RATES_URL: rates.url });
});
afterAll(async () => {
  await ctx.close();
  await rates.close();
});
beforeEach(async () => {
  await ctx.reset();
  rates.rates.clear();
  rates.rates.set('EUR>USD', '1.1');
  rates.rates.set('GBP>USD', '1.25');
  [ann, bea] = (await createUsers(ctx, 'Ann', 'Bea')) as [TestUser, TestUser];
  trip = await createGroup(ctx.database.handle.db, ann, 'Trip', [bea]);
});

/** A write after the one under test: the database still answers, and promptly. */
async function expectStillWritable() {
  const started = Date.now();
  const res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId: trip }));
  expect(res.statusCode, res.body).toBe(201);
  // Not a speed measure: a wedged database never answers, a healthy one well within this.
  expect(Date.now() - started).toBeLessThan(30_000);
}

describe('writes that need an exchange rate (the cause of finding 16)', () => {
  it('PUT /expenses/{id} into another currency converts at the service rate and stays writable', async () => {
    const created = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 20, { groupId: trip }),
    );
    const { id } = created.json<{ id: number }>();
    const res = await putExpense(
      ctx,
      ann,
      id,
      equalExpense(ann, [ann, bea], 20, { groupId: trip, currency: 'EUR' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      currency: 'EUR',
      conversion: { exchangeRateText: '1.1', rateSource: 'SERVICE' },
    });
    expect(rates.requests.filter((r) => r.includes('from=EUR'))).toHaveLength(1);
    await expectStillWritable();
  });

  it('a repeating expense in another currency (a locking transaction) converts and stays writable', async () => {
    const res = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 30, {
        groupId: trip,
        currency: 'GBP',
        recurrence: { frequency: 'MONTHLY', timeZone: 'Europe/London' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      currency: 'GBP',
      conversion: { exchangeRateText: '1.25', rateSource: 'SERVICE' },
    });
    await expectStillWritable();
  });

  it('a payment edited into another currency converts and stays writable', async () => {
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: bea.auth,
      payload: { paidToUserId: ann.id, amount: '5.00', groupId: trip },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const { id } = paid.json<{ id: number }>();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/payments/${id}`,
      headers: bea.auth,
      payload: { paidToUserId: ann.id, amount: '5.00', groupId: trip, currency: 'EUR' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'EUR' });
    await expectStillWritable();
  });

  it('a rate service that cannot be reached is a 400 asking for the rate, and the database answers', async () => {
    const created = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 20, { groupId: trip }),
    );
    const { id } = created.json<{ id: number }>();
    rates.rates.clear();
    rates.mode = 'error';
    try {
      const res = await putExpense(
        ctx,
        ann,
        id,
        equalExpense(ann, [ann, bea], 20, { groupId: trip, currency: 'EUR' }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ details: [{ field: 'exchangeRate' }] });
    } finally {
      rates.mode = 'ok';
    }
    await expectStillWritable();
  });
});

describe('a statement on the shared handle inside a transaction', () => {
  it('is refused at once (it would wait for its own transaction for ever on the embedded database)', async () => {
    const { handle } = ctx.database;
    const error: unknown = await handle
      .transaction(async () => {
        await handle.db.execute(sql`select 1`);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    const messages: string[] = [];
    for (let e = error; e instanceof Error; e = e.cause) messages.push(e.message);
    expect(messages.join(' | ')).toMatch(/inside an open transaction.*wait for itself/);
    await expectStillWritable();
  });
});

describe.runIf(testDbKind() === 'pglite')('the embedded database watchdog', () => {
  it('reports a transaction that waits for ever, with its statement and the statements behind it', async () => {
    const { handle } = ctx.database;
    const activity = handle.activity;
    if (activity === null) throw new Error('PGlite has activity');
    let release: () => void = () => undefined;
    const stuck = handle.transaction(async (tx) => {
      await tx.execute(sql`select count(*) from users where id = ${ann.id}`);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await eventually(() => expect(activity.openTransaction()?.lastStatement).toMatch(/users/));
    // A request arrives behind it: it waits, as every request did in finding 16.
    const behind = postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId: trip }));
    const reports: StallReport[] = [];
    const dog = startDatabaseWatchdog({
      activity,
      stallMs: 1_000,
      intervalMs: 50,
      ping: async () => {
        await handle.db.execute(sql`select 1`);
      },
      onStalled: (r) => reports.push(r),
    });
    try {
      await eventually(() => expect(reports).toHaveLength(1));
    } finally {
      dog.stop();
      release();
    }
    const [report] = reports as [StallReport];
    expect(report.stalledForMs).toBeGreaterThanOrEqual(1_000);
    expect(report.openTransaction?.lastStatement).toMatch(/select count\(\*\) from users/);
    expect(report.waiting.some((w) => w.sql === 'select 1')).toBe(true);
    expect(report.waitingCount).toBeGreaterThanOrEqual(2);
    await stuck;
    expect((await behind).statusCode).toBe(201);
  });

  it('reports a backend that crashed and now fails every statement', async () => {
    // Its own database: this one does not come back.
    const crashed = await createTestContext();
    try {
      const { pglite, activity } = crashed.database.handle;
      if (pglite === null || activity === null) throw new Error('expected PGlite');
      // COPY FROM STDIN has no client to read from: PGlite's backend exits (ExitStatus).
      await expect(pglite.exec('copy users from stdin')).rejects.toMatchObject({
        name: 'ExitStatus',
      });
      const reports: StallReport[] = [];
      const dog = startDatabaseWatchdog({
        activity,
        stallMs: 1_000,
        intervalMs: 50,
        ping: () => crashed.database.handle.ping(1_000),
        onStalled: (r) => reports.push(r),
      });
      try {
        await eventually(() => expect(reports).toHaveLength(1));
      } finally {
        dog.stop();
      }
      expect(reports[0]).toMatchObject({ openTransaction: null });
      expect(reports[0]?.lastError).toBeTruthy();
    } finally {
      await crashed.app.close().catch(() => undefined);
      await crashed.smtp.close();
    }
  });
});
