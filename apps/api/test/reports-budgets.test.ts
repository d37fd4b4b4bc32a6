// Spending reports and budgets (issue #14 points 3 and 4): group and personal sums exact to the
// cent per currency (converted entries in the group's currency, deleted ones left out), who may
// read them, budgets CRUD and validation, and the budget alerts at 80 % and 100 % (once per
// threshold and month, off with the BUDGET setting). PGlite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup } from './support/fixtures.js';
import { equalExpense, postExpense } from './support/ledger.js';
import { caller, makeUsers } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
let ann: TestUser;
let bea: TestUser;
let cal: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  [ann, bea, cal] = await makeUsers(ctx, 'Ann', 'Bea', 'Cal');
});

async function add(
  payer: TestUser,
  people: TestUser[],
  amount: number,
  extra: Record<string, unknown>,
): Promise<number> {
  const res = await postExpense(ctx, payer, equalExpense(payer, people, amount, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

interface CurrencyReport {
  currency: string;
  total: number;
  byCategory: { category: string; label: string; amount: number; count: number }[];
  byMonth: { month: string; amount: number }[];
  members?: { user: { id: number; name: string }; paid: number; share: number }[];
}

const today = (): string => new Date().toISOString().slice(0, 10);

describe('GET /api/groups/{id}/reports', () => {
  it('sums per currency, by category, month and member, exact to the cent', async () => {
    const db = ctx.database.handle.db;
    const g = await createGroup(db, ann, 'Flat', [bea, cal], { currencyMode: 'SEPARATE' });
    await add(ann, [ann, bea, cal], 10, { groupId: g, category: 'groceries', date: '2026-10-03' });
    await add(bea, [ann, bea], 30.01, { groupId: g, category: 'dining_out', date: '2026-10-20' });
    await add(cal, [ann, bea, cal], 0.05, {
      groupId: g,
      category: 'groceries',
      date: '2026-11-01',
    });
    await add(ann, [ann, bea], 12.5, {
      groupId: g,
      category: 'taxi',
      date: '2026-11-02',
      currency: 'EUR',
    });
    const deleted = await add(ann, [ann, bea], 99, {
      groupId: g,
      category: 'groceries',
      date: '2026-11-02',
    });
    expect((await caller(ctx, ann)('DELETE', `/api/expenses/${String(deleted)}`)).statusCode).toBe(
      204,
    );

    const res = await caller(ctx, bea)('GET', `/api/groups/${String(g)}/reports`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ groupId: number; currencies: CurrencyReport[] }>();
    expect(body.groupId).toBe(g);
    expect(body.currencies.map((c) => c.currency)).toEqual(['USD', 'EUR']);
    const [usd, eur] = body.currencies;
    expect(usd).toEqual({
      currency: 'USD',
      total: 40.06,
      byCategory: [
        { category: 'dining_out', label: 'Dining out', amount: 30.01, count: 1 },
        { category: 'groceries', label: 'Groceries', amount: 10.05, count: 2 },
      ],
      byMonth: [
        { month: '2026-10', amount: 40.01 },
        { month: '2026-11', amount: 0.05 },
      ],
      members: [
        // Each expense's splits as the split rules leave them (remainder cents included).
        { user: { id: bea.id, name: 'Bea' }, paid: 30.01, share: 18.35 },
        { user: { id: ann.id, name: 'Ann' }, paid: 10, share: 18.37 },
        { user: { id: cal.id, name: 'Cal' }, paid: 0.05, share: 3.34 },
      ],
    });
    // Shares sum to the total, paid too.
    const members = usd?.members ?? [];
    expect(Math.round(members.reduce((s, m) => s + m.share * 100, 0))).toBe(4006);
    expect(Math.round(members.reduce((s, m) => s + m.paid * 100, 0))).toBe(4006);
    expect(eur).toMatchObject({
      currency: 'EUR',
      total: 12.5,
      byCategory: [{ category: 'taxi', amount: 12.5, count: 1 }],
      byMonth: [{ month: '2026-11', amount: 12.5 }],
      members: [
        { user: { id: ann.id }, paid: 12.5, share: 6.25 },
        { user: { id: bea.id }, paid: 0, share: 6.25 },
      ],
    });

    const october = await caller(ctx, ann)(
      'GET',
      `/api/groups/${String(g)}/reports?from=2026-10-01&to=2026-10-31`,
    );
    expect(october.json<{ currencies: CurrencyReport[] }>().currencies).toMatchObject([
      { currency: 'USD', total: 40.01 },
    ]);
  });

  it('counts converted entries in the group currency', async () => {
    const g = await createGroup(ctx.database.handle.db, ann, 'Lisbon', [bea], {
      defaultCurrency: 'EUR',
    });
    await add(ann, [ann, bea], 10_000, {
      groupId: g,
      currency: 'JPY',
      exchangeRate: '0.00625',
      category: 'hotel',
      date: '2026-09-09',
    });
    await add(bea, [ann, bea], 20, { groupId: g, category: 'hotel', date: '2026-09-10' });
    const body = (await caller(ctx, ann)('GET', `/api/groups/${String(g)}/reports`)).json<{
      currencies: CurrencyReport[];
    }>();
    expect(body.currencies).toHaveLength(1);
    expect(body.currencies[0]).toMatchObject({
      currency: 'EUR',
      total: 82.5,
      byCategory: [{ category: 'hotel', amount: 82.5, count: 2 }],
      members: [
        { user: { id: ann.id }, paid: 62.5, share: 41.25 },
        { user: { id: bea.id }, paid: 20, share: 41.25 },
      ],
    });
  });

  it('is for current members only; bad ranges are 400', async () => {
    const g = await createGroup(ctx.database.handle.db, ann, 'Flat', [bea]);
    expect((await caller(ctx, cal)('GET', `/api/groups/${String(g)}/reports`)).statusCode).toBe(
      403,
    );
    expect((await caller(ctx, cal)('GET', '/api/groups/999999/reports')).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/groups/${String(g)}/reports` })).statusCode,
    ).toBe(401);
    const bad = await caller(ctx, ann)('GET', `/api/groups/${String(g)}/reports?from=2026-13-01`);
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).code).toBe('VALIDATION_FAILED');
    const reversed = await caller(ctx, ann)(
      'GET',
      `/api/groups/${String(g)}/reports?from=2026-10-02&to=2026-10-01`,
    );
    expect(reversed.statusCode).toBe(400);
  });
});

describe('GET /api/reports/me', () => {
  it('sums my shares over groups and friends, per currency, deleted ones left out', async () => {
    const db = ctx.database.handle.db;
    const g = await createGroup(db, ann, 'Flat', [bea, cal]);
    await befriend(db, ann, cal);
    await add(bea, [ann, bea, cal], 10, { groupId: g, category: 'groceries', date: '2026-10-03' });
    await add(cal, [ann, cal], 7.01, { category: 'groceries', date: '2026-11-03' });
    await add(cal, [ann, cal], 4, { category: 'movies', date: '2026-11-04', currency: 'EUR' });
    const gone = await add(ann, [ann, cal], 50, { category: 'movies', date: '2026-11-04' });
    await caller(ctx, ann)('DELETE', `/api/expenses/${String(gone)}`);
    // Not mine: no share of Ann's.
    await add(bea, [bea, cal], 80, { groupId: g, category: 'groceries', date: '2026-11-05' });

    const res = await caller(ctx, ann)('GET', '/api/reports/me');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ currencies: CurrencyReport[] }>();
    expect(body.currencies).toEqual([
      {
        currency: 'USD',
        total: 6.85, // 3.34 + 3.51
        byCategory: [{ category: 'groceries', label: 'Groceries', amount: 6.85, count: 2 }],
        byMonth: [
          { month: '2026-10', amount: 3.34 },
          { month: '2026-11', amount: 3.51 },
        ],
      },
      {
        currency: 'EUR',
        total: 2,
        byCategory: [{ category: 'movies', label: 'Movies & streaming', amount: 2, count: 1 }],
        byMonth: [{ month: '2026-11', amount: 2 }],
      },
    ]);
    const eurOnly = await caller(ctx, ann)('GET', '/api/reports/me?currency=eur&from=2026-11-01');
    expect(
      eurOnly.json<{ currencies: CurrencyReport[] }>().currencies.map((c) => c.currency),
    ).toEqual(['EUR']);
    expect((await caller(ctx, ann)('GET', '/api/reports/me?currency=XXQ')).statusCode).toBe(400);
  });
});

describe('budgets', () => {
  it('are set, replaced, listed with this month’s share, and removed', async () => {
    const as = caller(ctx, ann);
    const created = await as('PUT', '/api/budgets/dining_out', { amount: 100, currency: 'usd' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      category: 'dining_out',
      label: 'Dining out',
      amount: 100,
      currency: 'USD',
      spent: 0,
      percent: 0,
      status: 'UNDER',
    });
    const g = await createGroup(ctx.database.handle.db, ann, 'Flat', [bea]);
    await add(bea, [ann, bea], 90.02, { groupId: g, category: 'dining_out', date: today() });
    await add(bea, [ann, bea], 50, { groupId: g, category: 'dining_out', date: '2020-01-01' });
    const replaced = await as('PUT', '/api/budgets/dining_out', {
      amount: '50.00',
      currency: 'USD',
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      amount: 50,
      spent: 45.01,
      percent: 90,
      status: 'NEAR',
    });
    const list = await as('GET', '/api/budgets');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      month: today().slice(0, 7),
      budgets: [expect.objectContaining({ category: 'dining_out', amount: 50, spent: 45.01 })],
    });
    // Someone else's budgets are their own.
    expect((await caller(ctx, bea)('GET', '/api/budgets')).json()).toMatchObject({ budgets: [] });
    expect((await as('DELETE', '/api/budgets/dining_out')).statusCode).toBe(204);
    expect((await as('DELETE', '/api/budgets/dining_out')).statusCode).toBe(404);
    expect((await as('GET', '/api/budgets')).json()).toMatchObject({ budgets: [] });
  });

  it('refuses bad categories, amounts and currencies (400 with each field)', async () => {
    const as = caller(ctx, ann);
    const cases: [string, unknown, string][] = [
      ['nonsense', { amount: 10, currency: 'USD' }, 'category'],
      ['groceries', { amount: 0, currency: 'USD' }, 'amount'],
      ['groceries', { amount: -5, currency: 'USD' }, 'amount'],
      ['groceries', { amount: 1.005, currency: 'USD' }, 'amount'],
      ['groceries', { amount: 10, currency: 'XYZ' }, 'currency'],
    ];
    for (const [category, body, field] of cases) {
      const res = await as('PUT', `/api/budgets/${category}`, body);
      expect(res.statusCode, `${category} ${JSON.stringify(body)}`).toBe(400);
      const err = errorBody(res) as { code: string; details?: { field: string }[] };
      expect(err.code).toBe('VALIDATION_FAILED');
      expect(err.details?.map((d) => d.field)).toContain(field);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/budgets' })).statusCode).toBe(401);
  });
});

describe('budget alerts', () => {
  async function notify(): Promise<void> {
    await ctx.app.services.notifications.requestFollow();
    await ctx.drainJobs();
  }

  async function alertsOf(user: TestUser) {
    const res = await caller(ctx, user)('GET', '/api/notifications');
    expect(res.statusCode).toBe(200);
    return res
      .json<{ type: string; description: string; category: string | null }[]>()
      .filter((n) => n.type === 'budget_alert');
  }

  function mailsTo(user: TestUser) {
    return ctx.smtp.mails.filter((m) => m.to.includes(user.email));
  }

  it('fire once at 80 % and once at 100 % of the month, for expenses by anyone', async () => {
    const g = await createGroup(ctx.database.handle.db, ann, 'Flat', [bea]);
    await caller(ctx, ann)('PUT', '/api/budgets/groceries', { amount: 100, currency: 'USD' });
    const day = today();
    await add(ann, [ann, bea], 150, { groupId: g, category: 'groceries', date: day }); // 75
    await notify();
    expect(await alertsOf(ann)).toEqual([]);
    await add(bea, [ann, bea], 10, { groupId: g, category: 'groceries', date: day }); // 80
    await notify();
    expect((await alertsOf(ann)).map((a) => a.description)).toEqual([
      '80% of your Groceries budget used',
    ]);
    // Other currencies, categories and Bea (no budget) change nothing.
    await add(ann, [ann, bea], 10, { groupId: g, category: 'groceries', date: day }); // 85
    await add(ann, [ann, bea], 500, { groupId: g, category: 'hotel', date: day });
    await notify();
    expect(await alertsOf(ann)).toHaveLength(1);
    expect(await alertsOf(bea)).toEqual([]);
    await add(ann, [ann, bea], 30, { groupId: g, category: 'groceries', date: day }); // 100
    await notify();
    await add(ann, [ann, bea], 30, { groupId: g, category: 'groceries', date: day }); // 115
    await notify();
    const alerts = await alertsOf(ann);
    expect(alerts.map((a) => a.description)).toEqual([
      'Over your Groceries budget',
      '80% of your Groceries budget used',
    ]);
    expect(alerts[0]?.category).toBe('groceries');
    const unread = await caller(ctx, ann)('GET', '/api/notifications/unread-count');
    expect(unread.json<{ count: number }>().count).toBeGreaterThanOrEqual(2);
    // BUDGET mails go out at once by default.
    const subjects = mailsTo(ann).map((m) => m.raw);
    expect(subjects.filter((raw) => raw.includes('Groceries budget'))).toHaveLength(2);
  });

  it('say nothing when the BUDGET kind is off', async () => {
    const g = await createGroup(ctx.database.handle.db, ann, 'Flat', [bea]);
    const as = caller(ctx, ann);
    const settings = await as('PUT', '/api/notification-settings', [
      { kind: 'BUDGET', email: 'OFF', push: false },
    ]);
    expect(settings.statusCode).toBe(200);
    await as('PUT', '/api/budgets/groceries', { amount: 10, currency: 'USD' });
    await add(bea, [ann, bea], 40, { groupId: g, category: 'groceries', date: today() });
    await notify();
    expect(await alertsOf(ann)).toEqual([]);
    expect(mailsTo(ann).filter((m) => m.raw.includes('budget'))).toEqual([]);
  });
});
