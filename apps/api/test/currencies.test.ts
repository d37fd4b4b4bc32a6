// Currencies (issue #10): minor units per ISO 4217 currency at the API edge, expenses and
// payments in another currency than their group's (converted at a typed rate, from the amount
// the bank charged, keeping the rate on edits), groups that keep currencies apart, and the
// fixup that moved stored 0-decimal amounts from hundredths to whole units.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDataFixups } from '../src/db/fixups.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
import {
  equalExpense,
  expectBalancesMatchRecomputation,
  postExpense,
  putExpense,
} from './support/ledger.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let ann: TestUser;
let bea: TestUser;
let cal: TestUser;
beforeEach(async () => {
  await ctx.reset();
  [ann, bea, cal] = (await createUsers(ctx, 'Ann', 'Bea', 'Cal')) as [TestUser, TestUser, TestUser];
});

async function groupBalances(user: TestUser, groupId: number) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/balances/group/${groupId}`,
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ otherUser: { id: number }; netAmount: number; currency: string }[]>();
}

async function postPayment(user: TestUser, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: user.auth,
    payload: body,
  });
}

describe('minor units per currency', () => {
  it('keeps yen whole: shares in whole yen, decimals refused with the currency named', async () => {
    const g = await createGroup(ctx.database.handle.db, ann, 'Tokyo', [bea, cal], {
      defaultCurrency: 'JPY',
    });
    let res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea, cal], 1000, { groupId: g }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: 1000, currency: 'JPY', conversion: null });
    expect(res.json().splits.map((s: { amountOwed: number }) => s.amountOwed)).toEqual([
      334, 333, 333,
    ]);
    const lines = await groupBalances(ann, g);
    expect(lines.map((l) => [l.netAmount, l.currency]).sort()).toEqual([
      [333, 'JPY'],
      [333, 'JPY'],
    ]);
    res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 12.5, { groupId: g }));
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toMatchObject({
      message: 'Amounts in JPY can have at most 0 decimal places.',
      details: [{ field: 'amount' }, { field: 'payers[0].amountPaid' }],
    });
    // A payment without a currency is read in the group's: 333 yen, not 3.33.
    res = await postPayment(bea, { paidToUserId: ann.id, amount: 333, groupId: g });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: 333, currency: 'JPY' });
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('keeps three decimals for dinars', async () => {
    const g = await createGroup(ctx.database.handle.db, ann, 'Manama', [bea], {
      defaultCurrency: 'BHD',
    });
    const res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 1.005, { groupId: g }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().splits.map((s: { amountOwed: number }) => s.amountOwed)).toEqual([
      0.503, 0.502,
    ]);
    const bad = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 1.0005, { groupId: g }));
    expect(errorBody(bad).message).toBe('Amounts in BHD can have at most 3 decimal places.');
  });
});

describe('another currency in a CONVERT group', () => {
  let g: number;
  beforeEach(async () => {
    g = await createGroup(ctx.database.handle.db, ann, 'Lisbon', [bea, cal], {
      defaultCurrency: 'EUR',
    });
  });

  it('converts at a typed rate; balances in the group currency; both sides sum exactly', async () => {
    const res = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea, cal], 10_000, {
        groupId: g,
        currency: 'JPY',
        exchangeRate: '0.00625',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      amount: 10_000,
      currency: 'JPY',
      payers: [{ amountPaid: 10_000 }],
      conversion: {
        currency: 'EUR',
        amount: 62.5,
        exchangeRate: 0.00625,
        exchangeRateText: '0.00625',
        rateSource: 'MANUAL',
        rateDate: null,
        payers: [{ userId: ann.id, amountPaid: 62.5 }],
      },
    });
    expect(body.splits.map((s: { amountOwed: number }) => s.amountOwed)).toEqual([
      3334, 3333, 3333,
    ]);
    const converted = body.conversion.splits.map((s: { amountOwed: number }) => s.amountOwed);
    expect(Math.round(converted.reduce((a: number, b: number) => a + b, 0) * 100)).toBe(6250);
    const lines = await groupBalances(ann, g);
    expect(lines.every((l) => l.currency === 'EUR')).toBe(true);
    expect(Math.round(lines.reduce((s, l) => s + l.netAmount, 0) * 100)).toBe(
      6250 - converted[0] * 100,
    );
    // The transaction list shows it the same way.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${g}/transactions`,
      headers: bea.auth,
    });
    expect(page.json()[0]).toMatchObject({
      currency: 'JPY',
      amount: 10_000,
      conversion: { currency: 'EUR', amount: 62.5 },
    });
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('takes the amount the bank charged and derives the rate', async () => {
    const res = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 10_000, {
        groupId: g,
        currency: 'JPY',
        convertedAmount: 62.37,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().conversion).toMatchObject({
      amount: 62.37,
      exchangeRateText: '0.006237',
      rateSource: 'CHARGED',
    });
    const both = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 10_000, {
        groupId: g,
        currency: 'JPY',
        convertedAmount: 62.37,
        exchangeRate: 0.006,
      }),
    );
    expect(errorBody(both).message).toBe(
      'Please give either an exchange rate or the converted amount, not both.',
    );
    const badRate = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 10_000, { groupId: g, currency: 'JPY', exchangeRate: '-1' }),
    );
    const huge = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 99_999_999, {
        groupId: g,
        currency: 'JPY',
        exchangeRate: '1000000000',
      }),
    );
    expect(errorBody(huge).details).toEqual([
      {
        field: 'exchangeRate',
        message: 'The converted amount is too large. Please check the rate.',
      },
    ]);
    expect(errorBody(badRate).details).toEqual([
      { field: 'exchangeRate', message: 'Please enter a valid exchange rate (a positive number).' },
    ]);
  });

  it('keeps the stored rate on edits unless a new one is given', async () => {
    const created = await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 10_000, { groupId: g, currency: 'JPY', exchangeRate: '0.006' }),
    );
    const id = created.json().id as number;
    // No rate fields and no rate service: the stored rate applies to the new amount.
    let res = await putExpense(ctx, ann, id, equalExpense(ann, [ann, bea], 20_000, {}));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      amount: 20_000,
      currency: 'JPY',
      conversion: { amount: 120, exchangeRateText: '0.006', rateSource: 'MANUAL' },
    });
    res = await putExpense(
      ctx,
      ann,
      id,
      equalExpense(ann, [ann, bea], 20_000, { exchangeRate: '0.0065' }),
    );
    expect(res.json().conversion).toMatchObject({ amount: 130, exchangeRateText: '0.0065' });
    // Back to the group currency: no conversion any more.
    res = await putExpense(ctx, ann, id, equalExpense(ann, [ann, bea], 50, { currency: 'EUR' }));
    expect(res.json()).toMatchObject({ amount: 50, currency: 'EUR', conversion: null });
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('settles in either currency: a yen payment converted into euros', async () => {
    await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 100, { groupId: g }));
    // Bea owes Ann 50 EUR; she pays 8,000 JPY at 0.00625 = 50 EUR.
    const res = await postPayment(bea, {
      paidToUserId: ann.id,
      amount: 8000,
      currency: 'JPY',
      groupId: g,
      exchangeRate: '0.00625',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      amount: 8000,
      currency: 'JPY',
      conversion: { currency: 'EUR', amount: 50, rateSource: 'MANUAL' },
    });
    expect(await groupBalances(ann, g)).toEqual([]);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('property: converted histories keep balances equal to a recomputation', async () => {
    const people = [ann, bea, cal];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            payer: fc.integer({ min: 0, max: 2 }),
            amount: fc.integer({ min: 1, max: 500_000 }),
            currency: fc.constantFrom('EUR', 'JPY', 'USD', 'BHD'),
            rate: fc.integer({ min: 1, max: 2_000_000 }),
            splitWith: fc.subarray([0, 1, 2], { minLength: 1 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (entries) => {
          for (const e of entries) {
            const digits = e.currency === 'JPY' ? 0 : e.currency === 'BHD' ? 3 : 2;
            const payer = people[e.payer] as TestUser;
            const res = await postExpense(
              ctx,
              payer,
              equalExpense(
                payer,
                e.splitWith.map((i) => people[i] as TestUser),
                Number((e.amount / 10 ** digits).toFixed(digits)),
                { groupId: g, currency: e.currency, exchangeRate: (e.rate / 10_000).toString() },
              ),
            );
            if (res.statusCode === 400) {
              // A tiny amount at a tiny rate converts to zero: refused, nothing written.
              expect(errorBody(res).details?.[0]?.field).toBe('exchangeRate');
              continue;
            }
            expect(res.statusCode, res.body).toBe(201);
            const c = res.json().conversion;
            if (c !== null) {
              const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100);
              expect(sum(c.splits.map((s: { amountOwed: number }) => s.amountOwed))).toBe(
                Math.round(c.amount * 100),
              );
              expect(sum(c.payers.map((p: { amountPaid: number }) => p.amountPaid))).toBe(
                Math.round(c.amount * 100),
              );
            }
          }
          await expectBalancesMatchRecomputation(ctx.database.handle.db);
          const lines = await groupBalances(ann, g);
          expect(lines.every((l) => l.currency === 'EUR')).toBe(true);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('groups that keep currencies separate', () => {
  it('keeps balances per currency and locks the mode once there is history', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: ann.auth,
      payload: { name: 'Asia trip', defaultCurrency: 'USD', currencyMode: 'separate' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ currencyMode: 'SEPARATE' });
    const g = await createGroup(ctx.database.handle.db, ann, 'Asia trip', [bea], {
      currencyMode: 'SEPARATE',
    });
    await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 200, { groupId: g }));
    const jpy = await postExpense(
      ctx,
      bea,
      equalExpense(bea, [ann, bea], 20_000, { groupId: g, currency: 'JPY' }),
    );
    expect(jpy.json()).toMatchObject({ currency: 'JPY', conversion: null });
    const lines = await groupBalances(ann, g);
    expect(lines.map((l) => [l.currency, l.netAmount]).sort()).toEqual([
      ['JPY', -10_000],
      ['USD', 100],
    ]);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/groups/${g}`,
      headers: ann.auth,
      payload: { currencyMode: 'CONVERT' },
    });
    expect(patch.statusCode).toBe(409);
    expect(errorBody(patch)).toMatchObject({
      code: 'CURRENCY_LOCKED',
      message:
        'Whether currencies are kept separate can only be changed while the group has no expenses or payments.',
    });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: ann.auth,
      payload: { name: 'X', currencyMode: 'MIXED' },
    });
    expect(errorBody(bad).message).toBe('Currency mode must be CONVERT or SEPARATE.');
  });
});

describe('currency exchanges', () => {
  /** The key is the body's unless given: the same body again is a replay of the first answer. */
  async function exchange(
    user: TestUser,
    groupId: number,
    body: Record<string, unknown>,
    key = `x-${JSON.stringify(body)}`,
  ) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/groups/${groupId}/exchanges`,
      headers: { ...user.auth, 'idempotency-key': key },
      payload: body,
    });
  }

  it('moves a pair balance into another currency at the rate, value unchanged', async () => {
    const g = await createGroup(ctx.database.handle.db, ann, 'Asia trip', [bea, cal], {
      currencyMode: 'SEPARATE',
    });
    // Bea owes Ann 100 USD; Ann owes Bea 10,000 JPY.
    await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 200, { groupId: g }));
    await postExpense(
      ctx,
      bea,
      equalExpense(bea, [ann, bea], 20_000, { groupId: g, currency: 'JPY' }),
    );
    const body = {
      otherUserId: bea.id,
      fromCurrency: 'JPY',
      toCurrency: 'usd',
      exchangeRate: '0.006849',
    };
    const res = await exchange(ann, g, body);
    expect(res.statusCode, res.body).toBe(201);
    const [first, second] = res.json() as {
      id: number;
      exchangeId: number;
      amount: number;
      currency: string;
      paidBy: { id: number };
    }[];
    expect(first).toMatchObject({ amount: 10_000, currency: 'JPY', paidBy: { id: ann.id } });
    expect(second).toMatchObject({ amount: 68.49, currency: 'USD', paidBy: { id: bea.id } });
    expect(first?.exchangeId).toBe(first?.id);
    expect(second?.exchangeId).toBe(first?.id);
    expect((await groupBalances(ann, g)).map((l) => [l.currency, l.netAmount])).toEqual([
      ['USD', 31.51],
    ]);
    // The same key replays; nothing is written twice.
    const again = await exchange(ann, g, body);
    expect(again.json()).toEqual(res.json());
    expect((await groupBalances(ann, g)).map((l) => l.netAmount)).toEqual([31.51]);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);

    // Nothing left in JPY to convert; an exchange cannot be edited; deleting one deletes both.
    const none = await exchange(ann, g, { ...body, exchangeRate: '0.0068' });
    expect(errorBody(none).message).toBe(
      'There is no balance in JPY between you and Bea to convert.',
    );
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/payments/${first?.id ?? 0}`,
      headers: ann.auth,
      payload: { paidToUserId: bea.id, amount: 1 },
    });
    expect(errorBody(edit).message).toBe(
      'A currency exchange cannot be edited. Delete it and record it again.',
    );
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/payments/${second?.id ?? 0}`,
      headers: ann.auth,
    });
    expect(del.statusCode, del.body).toBe(204);
    expect((await groupBalances(ann, g)).map((l) => [l.currency, l.netAmount]).sort()).toEqual([
      ['JPY', -10_000],
      ['USD', 100],
    ]);
    await expectBalancesMatchRecomputation(ctx.database.handle.db);
  });

  it('property: an exchange keeps the pair value at its rate', async () => {
    let run = 0;
    const g = await createGroup(ctx.database.handle.db, ann, 'Trip', [bea], {
      currencyMode: 'SEPARATE',
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 3_000_000 }),
        fc.boolean(),
        async (yen, rateMillionths, annPays) => {
          // The last run's pair balances are folded after its commits, in the background: let
          // that finish before the rows go, or a late fold lands in this run's balances.
          await ctx.app.infra.pairs.settled();
          await ctx.database.handle.db.execute(sql`delete from payments`);
          await ctx.database.handle.db.execute(sql`delete from expenses`);
          await ctx.database.handle.db.execute(sql`delete from pair_balances`);
          const payer = annPays ? ann : bea;
          const r = await postExpense(
            ctx,
            payer,
            equalExpense(payer, [ann, bea], yen * 2, { groupId: g, currency: 'JPY' }),
          );
          expect(r.statusCode, r.body).toBe(201);
          const rate = rateMillionths / 1_000_000;
          // A key of its own per run: two runs with the same rate and date send the same body
          // (seed 1459460221 did), and the body's key would replay the earlier run's exchange.
          run += 1;
          const res = await exchange(
            ann,
            g,
            {
              otherUserId: bea.id,
              fromCurrency: 'JPY',
              toCurrency: 'EUR',
              exchangeRate: rate.toFixed(6),
              date: `2025-01-0${String((yen % 9) + 1)}`,
            },
            `pair-value-${run}`,
          );
          if (res.statusCode === 400) {
            expect(errorBody(res).details?.[0]?.field).toBe('exchangeRate');
            return;
          }
          expect(res.statusCode, res.body).toBe(201);
          const lines = await groupBalances(ann, g);
          expect(lines.filter((l) => l.currency === 'JPY')).toEqual([]);
          const eur = lines.find((l) => l.currency === 'EUR')?.netAmount ?? 0;
          // Ann's yen balance (+yen when she paid) is now worth the same in euros, rounded once.
          const expected = Math.round((yen * rateMillionths) / 10_000) / 100;
          expect(Math.abs(eur)).toBeCloseTo(expected, 2);
          expect(Math.sign(eur)).toBe(annPays ? 1 : -1);
          await expectBalancesMatchRecomputation(ctx.database.handle.db);
        },
      ),
      { numRuns: 10 },
    );
  });

  it('is refused in groups that convert', async () => {
    const g = await createGroup(ctx.database.handle.db, ann, 'Trip', [bea]);
    const res = await exchange(ann, g, {
      otherUserId: bea.id,
      fromCurrency: 'JPY',
      toCurrency: 'USD',
      exchangeRate: 0.0068,
    });
    expect(errorBody(res).message).toBe(
      'Currency exchanges are for groups that keep currencies separate.',
    );
  });
});

describe('home currency', () => {
  it('adds approximate totals in the chosen currency at the latest cached rates', async () => {
    const me = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: ann.auth,
      payload: { homeCurrency: 'eur' },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: ann.id, homeCurrency: 'EUR' });
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: ann.auth,
      payload: { homeCurrency: 'XYZ' },
    });
    expect(errorBody(bad)).toMatchObject({
      status: 400,
      details: [{ field: 'homeCurrency', message: 'Currency must be a 3-letter ISO 4217 code.' }],
    });
    const db = ctx.database.handle.db;
    await db.execute(sql`insert into fx_rates (base, quote, day, rate, rate_date)
                         values ('EUR', 'JPY', '2026-11-20', 160, '2026-11-20')`);
    const g = await createGroup(db, ann, 'Trip', [bea], { currencyMode: 'SEPARATE' });
    // Bea owes Ann 16,000 JPY (100 EUR at 160) and Ann owes Bea 10 EUR; 5 USD has no rate.
    await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea], 32_000, { groupId: g, currency: 'JPY' }),
    );
    await postExpense(ctx, bea, equalExpense(bea, [ann, bea], 20, { groupId: g, currency: 'EUR' }));
    await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId: g, currency: 'USD' }));
    const overall = await ctx.app.inject({
      method: 'GET',
      url: '/api/balances/overall',
      headers: ann.auth,
    });
    expect(overall.json().approximate).toEqual({
      currency: 'EUR',
      totalOwedToUser: 100,
      totalOwedByUser: 10,
      missingCurrencies: ['USD'],
    });
    const friends = await ctx.app.inject({
      method: 'GET',
      url: '/api/balances/friends',
      headers: ann.auth,
    });
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/groups/my', headers: ann.auth });

    expect(mine.json()[0].myBalance.approximate).toEqual({
      currency: 'EUR',
      net: 90,
      missingCurrencies: ['USD'],
    });
    // Bea shares a group but is not a friend here: no entries; Bea's own view has none either.
    expect(Array.isArray(friends.json())).toBe(true);
    const beaView = await ctx.app.inject({
      method: 'GET',
      url: '/api/balances/overall',
      headers: bea.auth,
    });
    expect(beaView.json()).not.toHaveProperty('approximate');
    const cleared = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: ann.auth,
      payload: { homeCurrency: null },
    });
    expect(cleared.json().homeCurrency).toBeNull();
  });
});

describe('the 0-decimal fixup of migration 0007', () => {
  it('turns stored hundredths of yen into whole yen, sums exact, balances rebuilt', async () => {
    const db = ctx.database.handle.db;
    const g = await createGroup(db, ann, 'Old Tokyo trip', [bea, cal], { defaultCurrency: 'JPY' });
    // Written as whole yen now, then turned back into what the old version stored: hundredths,
    // with one amount that was not whole (1,000.01 yen).
    await postExpense(
      ctx,
      ann,
      equalExpense(ann, [ann, bea, cal], 1000, { groupId: g, date: '2025-01-01' }),
    );
    await db.execute(sql`update expenses set amount_cents = 100001,
        payer_amounts = '{100001}', split_owed = '{33334,33334,33333}'`);
    await db.execute(sql`update expense_payers set amount_paid_cents = 100001`);
    await db.execute(
      sql`update expense_splits s set owed_cents = case s.position when 2 then 33333 else 33334 end`,
    );
    await db.execute(sql`delete from data_fixups`);
    await runDataFixups(ctx.database.handle);
    const [row] = (
      (await db.execute(
        sql`select amount_cents::int as a, payer_amounts::text as p, split_owed::text as s from expenses`,
      )) as unknown as { rows: { a: number; p: string; s: string }[] }
    ).rows;
    expect(row).toEqual({ a: 1000, p: '{1000}', s: '{334,333,333}' });
    await expectBalancesMatchRecomputation(db);
    // Ran once: a second run changes nothing.
    await runDataFixups(ctx.database.handle);
    await expectBalancesMatchRecomputation(db);
  });
});
