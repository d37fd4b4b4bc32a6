// The exchange-rate service is trusted no further than needed (issue #30, finding 11): its
// redirects are not followed, a body over 1 MB is not read, a rate of an impossible day is not
// used or stored, and a failed lookup is not asked again for a minute (on an injected clock).
// A local Frankfurter-compatible server stands in for the service. The app remembers failures
// for a minute across tests, so each test asks for days of its own.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RatesUnavailableError } from '../src/errors/app-errors.js';
import { MAX_RATE_BODY_BYTES } from '../src/modules/fx/frankfurter-client.js';
import { FAILURE_TTL_MS, FxService } from '../src/modules/fx/fx.service.js';
import type { TestUser } from './support/fixtures.js';
import { createUsers } from './support/fixtures.js';
import type { FakeRates } from './support/fake-rates.js';
import { startFakeRates } from './support/fake-rates.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
let rates: FakeRates;
beforeAll(async () => {
  rates = await startFakeRates();
  ctx = await createTestContext({ FX_RATES_URL: rates.url, FX_TIMEOUT_MS: '5000' });
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
  rates.rates.set('USD>EUR', '0.9');
  rates.requests.length = 0;
  rates.mode = 'ok';
  rates.rateDate = null;
});

function getRate(date: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/fx/rate?from=USD&to=EUR&date=${date}`,
    headers: ann.auth,
  });
}

async function storedRates(): Promise<number> {
  const res = (await ctx.database.handle.db.execute(
    sql`select count(*)::int as n from fx_rates`,
  )) as unknown as { rows: { n: number }[] };
  return res.rows[0]?.n ?? -1;
}

function expectUnavailable(res: Awaited<ReturnType<typeof getRate>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(errorBody(res).code).toBe('RATES_UNAVAILABLE');
}

describe('the exchange-rate client', () => {
  it('does not follow a redirect: the service is unavailable', async () => {
    rates.mode = 'redirect';
    expectUnavailable(await getRate('2026-11-10'));
    expect(rates.requests).toEqual(['/2026-11-10?from=USD&to=EUR']);
    expect(await storedRates()).toBe(0);
  });

  it('reads no more than 1 MB of an answer: a bigger one is the service unavailable', async () => {
    rates.mode = 'huge';
    expectUnavailable(await getRate('2026-10-10'));
    expect(await storedRates()).toBe(0);
    // The same answer without the padding is used.
    rates.mode = 'ok';
    const ok = await getRate('2026-10-11');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ rateText: '0.9', rateDate: '2026-10-11' });
    expect(MAX_RATE_BODY_BYTES).toBe(1_000_000);
  });

  it('refuses a rate of a day after the day asked, or absurdly far from it, and stores none', async () => {
    for (const [asked, said] of [
      ['2026-11-10', '2999-01-01'],
      ['2026-11-11', '2026-11-12'],
      ['2026-11-12', '1970-01-01'],
      ['2026-11-13', '2026-02-30'],
    ] as const) {
      rates.rateDate = said;
      expectUnavailable(await getRate(asked));
    }
    expect(await storedRates()).toBe(0);
    // The last business day before a weekend is a rate of that day.
    rates.rateDate = '2026-11-06';
    const weekend = await getRate('2026-11-08');
    expect(weekend.statusCode, weekend.body).toBe(200);
    expect(weekend.json()).toMatchObject({ rateDate: '2026-11-06' });
    expect(await storedRates()).toBe(1);
  });

  it('asks the service once for a failed lookup, not on every request', async () => {
    rates.mode = 'error';
    expectUnavailable(await getRate('2026-10-20'));
    expectUnavailable(await getRate('2026-10-20'));
    expectUnavailable(await getRate('2026-10-20'));
    expect(rates.requests).toEqual(['/2026-10-20?from=USD&to=EUR']);
  });

  it('asks again once the failure is a minute old (injected clock)', async () => {
    let now = Date.parse('2026-11-20T12:00:00Z');
    const fx = new FxService(ctx.app.infra, () => now);
    rates.mode = 'error';
    await expect(fx.rateFor('USD', 'EUR', '2026-11-18')).rejects.toBeInstanceOf(
      RatesUnavailableError,
    );
    expect(rates.requests).toHaveLength(1);
    rates.mode = 'ok';
    now += FAILURE_TTL_MS - 1;
    await expect(fx.rateFor('USD', 'EUR', '2026-11-18')).rejects.toBeInstanceOf(
      RatesUnavailableError,
    );
    expect(rates.requests).toHaveLength(1);
    now += 1;
    const quote = await fx.rateFor('USD', 'EUR', '2026-11-18');
    expect(quote.rateDate).toBe('2026-11-18');
    expect(rates.requests).toHaveLength(2);
    // Another lookup was never refused by the first one's failure.
    rates.mode = 'error';
    await expect(fx.rateFor('USD', 'EUR', '2026-11-17')).rejects.toBeInstanceOf(
      RatesUnavailableError,
    );
    expect(rates.requests).toHaveLength(3);
    expect(FAILURE_TTL_MS).toBe(60_000);
  });
});
