// The exchange-rate service (issue #10): lookups through a local Frankfurter-compatible server,
// cached in the database for every process, and what happens when the service is down.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
import type { FakeRates } from './support/fake-rates.js';
import { startFakeRates } from './support/fake-rates.js';
import { equalExpense, postExpense } from './support/ledger.js';

let ctx: TestContext;
let rates: FakeRates;
beforeAll(async () => {
  rates = await startFakeRates();
  ctx = await createTestContext({ FX_RATES_URL: rates.url, FX_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await ctx.close();
  await rates.close();
});

let ann: TestUser;
beforeEach(async () => {
  await ctx.reset();
  [ann] = (await createUsers(ctx, 'Ann')) as [TestUser];
  rates.rates.clear();
  rates.requests.length = 0;
  rates.mode = 'ok';
  rates.rateDate = null;
});

function getRate(query: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/fx/rate?${query}`, headers: ann.auth });
}

describe('GET /api/fx/rate', () => {
  it('asks the service once, then answers from the database (also the inverse pair)', async () => {
    rates.rates.set('JPY>EUR', '0.006849315068');
    rates.rateDate = '2026-11-20';
    let res = await getRate('from=jpy&to=EUR&date=2026-11-22');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: 'JPY',
      to: 'EUR',
      date: '2026-11-22',
      rate: 0.006849315068,
      rateText: '0.006849315068',
      rateDate: '2026-11-20',
    });
    expect(rates.requests).toEqual(['/2026-11-22?from=JPY&to=EUR']);
    res = await getRate('from=JPY&to=EUR&date=2026-11-22');
    expect(res.json().rateText).toBe('0.006849315068');
    // The inverse pair comes from the same row, inverted to 12 decimals.
    res = await getRate('from=EUR&to=JPY&date=2026-11-22');
    expect(res.json()).toMatchObject({ rateText: '146.000000010512', rateDate: '2026-11-20' });
    expect(rates.requests).toHaveLength(1);
    // A second server process on the same database uses the cache too.
    const other = await createTestContext({ FX_RATES_URL: rates.url });
    try {
      // (each test context has its own database: copy the row over to stand for a shared one)
      const [row] = (
        (await ctx.database.handle.db.execute(
          sql`select rate::text as rate from fx_rates where base = 'JPY'`,
        )) as unknown as { rows: { rate: string }[] }
      ).rows;
      await other.database.handle.db.execute(
        sql`insert into fx_rates (base, quote, day, rate, rate_date)
            values ('JPY', 'EUR', '2026-11-22', ${row?.rate ?? '0'}::numeric, '2026-11-20')`,
      );
      const [bea] = await createUsers(other, 'Bea');
      const r2 = await other.app.inject({
        method: 'GET',
        url: '/api/fx/rate?from=JPY&to=EUR&date=2026-11-22',
        headers: bea?.auth ?? {},
      });
      expect(r2.json().rateText).toBe('0.006849315068');
      expect(rates.requests).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('answers 503 with Retry-After when the service is down, times out or talks nonsense', async () => {
    for (const mode of ['error', 'hang', 'garbage'] as const) {
      rates.mode = mode;
      const res = await getRate(`from=USD&to=EUR&date=2026-11-1${mode.length}`);
      expect(res.statusCode, mode).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(errorBody(res)).toMatchObject({
        code: 'RATES_UNAVAILABLE',
        message: 'Exchange rates cannot be fetched right now. Please enter the rate.',
      });
    }
    // A currency the service does not know: the same.
    rates.mode = 'ok';
    expect((await getRate('from=USD&to=XAU&date=2026-11-10')).statusCode).toBe(503);
  });

  it('needs no service for the same currency, and validates its query', async () => {
    const same = await getRate('from=EUR&to=eur');
    expect(same.json()).toMatchObject({ rate: 1, rateText: '1' });
    expect(rates.requests).toEqual([]);
    const bad = await getRate('from=EURO&to=USD&date=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).details).toEqual([
      { field: 'from', message: 'Currency must be a 3-letter ISO 4217 code.' },
      { field: 'date', message: 'Please enter a valid date (YYYY-MM-DD).' },
    ]);
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/fx/rate?from=USD&to=EUR' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('conversions use the rate service', () => {
  it('converts at the service rate for the expense date, or asks for a rate when it is down', async () => {
    const [bea] = (await createUsers(ctx, 'Bea')) as [TestUser];
    const g = await createGroup(ctx.database.handle.db, ann, 'Lisbon', [bea], {
      defaultCurrency: 'EUR',
    });
    rates.rates.set('JPY>EUR', '0.0062');
    let res = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 10_000, { groupId: g, currency: 'JPY', date: '2026-11-18' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().conversion).toMatchObject({
      currency: 'EUR',
      amount: 62,
      exchangeRateText: '0.0062',
      rateSource: 'SERVICE',
      rateDate: '2026-11-18',
    });
    expect(rates.requests).toEqual(['/2026-11-18?from=JPY&to=EUR']);
    rates.mode = 'error';
    res = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 5000, { groupId: g, currency: 'JPY', date: '2026-11-19' }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).details).toEqual([
      {
        field: 'exchangeRate',
        message: 'Exchange rates cannot be fetched right now. Please enter the rate.',
      },
    ]);
    // With a typed rate nothing waits for the service.
    const before = rates.requests.length;
    res = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 5000, {
        groupId: g,
        currency: 'JPY',
        date: '2026-11-19',
        exchangeRate: '0.0061',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(rates.requests.length).toBe(before);
  });
});
