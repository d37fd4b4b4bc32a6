// Expense search through the HTTP API (issue #14 point 2): text tolerant of typos and accents over
// description, notes and comments; amount, category, person and date filters; cursor pages;
// who may search what; deleted expenses left out; bad parameters. PGlite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers, leaveGroup } from './support/fixtures.js';
import { equalExpense, postExpense } from './support/ledger.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

interface Found {
  id: number;
  description: string;
  groupId: number | null;
}

let ctx: TestContext;
let ann: TestUser;
let bea: TestUser;
let cid: TestUser;
let dan: TestUser;
let flat: number;
let trip: number;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  [ann, bea, cid, dan] = (await createUsers(ctx, 'Ann', 'Bea', 'Cid', 'Dan')) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  const db = ctx.database.handle.db;
  flat = await createGroup(db, ann, 'Flat', [bea]);
  trip = await createGroup(db, cid, 'Trip', [bea]);
  await befriend(db, ann, dan);
});

async function add(
  user: TestUser,
  people: TestUser[],
  amount: number,
  extra: Record<string, unknown>,
): Promise<number> {
  const res = await postExpense(ctx, user, equalExpense(user, people, amount, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

function get(user: TestUser, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: user.auth });
}

async function search(user: TestUser, url: string): Promise<string[]> {
  const res = await get(user, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Found[]>().map((e) => e.description);
}

describe('text', () => {
  beforeEach(async () => {
    await add(ann, [ann, bea], 30, { groupId: flat, description: 'Pizza night' });
    await add(ann, [ann, bea], 12, { groupId: flat, description: 'Café crème', notes: null });
    await add(bea, [ann, bea], 80, {
      groupId: flat,
      description: 'Groceries',
      notes: 'Market on Saturday',
    });
    await add(ann, [ann, bea], 9, { groupId: flat, description: 'Taxi' });
  });

  it('tolerates typos: "piza" finds "Pizza night"', async () => {
    expect(await search(ann, `/api/groups/${flat}/search?q=piza`)).toEqual(['Pizza night']);
    expect(await search(ann, `/api/search?q=PIZA`)).toEqual(['Pizza night']);
    expect(await search(ann, `/api/search?q=pizza%20nigth`)).toEqual(['Pizza night']);
  });

  it('ignores accents both ways: "cafe" finds "Café", "crème" finds "creme"', async () => {
    expect(await search(ann, `/api/search?q=cafe`)).toEqual(['Café crème']);
    expect(await search(bea, `/api/search?q=${encodeURIComponent('CAFÉ CREME')}`)).toEqual([
      'Café crème',
    ]);
  });

  it('matches the notes and substrings', async () => {
    expect(await search(ann, `/api/search?q=saturday`)).toEqual(['Groceries']);
    expect(await search(ann, `/api/search?q=groc`)).toEqual(['Groceries']);
  });

  it('matches comments, ranking the expense’s own text first', async () => {
    const taxi = (await get(ann, `/api/search?q=taxi`)).json<Found[]>()[0];
    expect(taxi).toBeDefined();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/expenses/${taxi?.id ?? 0}/comments`,
      headers: ann.auth,
      payload: { content: 'The driver took the pizza detour' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await search(bea, `/api/search?q=detour`)).toEqual(['Taxi']);
    expect(await search(bea, `/api/search?q=pizza`)).toEqual(['Pizza night', 'Taxi']);
  });

  it('finds nothing for unrelated words, and every word must match', async () => {
    expect(await search(ann, `/api/search?q=xylophone`)).toEqual([]);
    expect(await search(ann, `/api/search?q=pizza%20groceries`)).toEqual([]);
    expect(await search(ann, `/api/search?q=%25`)).toEqual([]);
  });
});

describe('filters', () => {
  beforeEach(async () => {
    await add(ann, [ann, bea], 30, {
      groupId: flat,
      description: 'Dinner out',
      category: 'dining_out',
      date: '2025-03-01',
    });
    await add(bea, [bea], 45.5, {
      groupId: flat,
      description: 'Dinner in',
      category: 'groceries',
      date: '2025-03-10',
      splits: [{ userId: bea.id }],
    });
    await add(ann, [ann, dan], 20, { description: 'Dinner with Dan', date: '2025-04-02' });
    await add(cid, [cid, bea], 100, { groupId: trip, description: 'Dinner in Rome' });
  });

  it('by amount (inclusive bounds, decimals)', async () => {
    expect(await search(ann, `/api/search?minAmount=30&maxAmount=45.5`)).toEqual([
      'Dinner in',
      'Dinner out',
    ]);
    expect(await search(ann, `/api/search?q=dinner&minAmount=30.01`)).toEqual(['Dinner in']);
  });

  it('by amount in the expense’s own currency (yen have no decimals, dinars three)', async () => {
    const db = ctx.database.handle.db;
    const tokyo = await createGroup(db, ann, 'Tokyo', [bea], { defaultCurrency: 'JPY' });
    const amman = await createGroup(db, ann, 'Amman', [bea], { defaultCurrency: 'JOD' });
    await add(ann, [ann, bea], 1500, { groupId: tokyo, description: 'Ramen' });
    await add(ann, [ann, bea], 12.345, { groupId: amman, description: 'Falafel' });
    expect(await search(ann, `/api/groups/${tokyo}/search?minAmount=1500&maxAmount=1500`)).toEqual([
      'Ramen',
    ]);
    expect(await search(ann, `/api/groups/${tokyo}/search?minAmount=1500.01`)).toEqual([]);
    expect(
      await search(ann, `/api/groups/${amman}/search?minAmount=12.345&maxAmount=12.3451`),
    ).toEqual(['Falafel']);
    expect(await search(ann, `/api/groups/${amman}/search?maxAmount=12.3449`)).toEqual([]);
  });

  it('by category', async () => {
    expect(await search(ann, `/api/search?category=dining_out`)).toEqual(['Dinner out']);
    expect(await search(ann, `/api/search?q=dinner&category=groceries`)).toEqual(['Dinner in']);
  });

  it('by person (payer or in the split)', async () => {
    expect(await search(ann, `/api/search?personId=${dan.id}`)).toEqual(['Dinner with Dan']);
    expect(await search(ann, `/api/groups/${flat}/search?personId=${ann.id}`)).toEqual([
      'Dinner out',
    ]);
    expect(await search(bea, `/api/search?q=dinner&personId=${cid.id}`)).toEqual([
      'Dinner in Rome',
    ]);
  });

  it('by date range, newest first without text', async () => {
    expect(await search(ann, `/api/search?from=2025-03-05&to=2025-04-30`)).toEqual([
      'Dinner with Dan',
      'Dinner in',
    ]);
    expect(await search(ann, `/api/search?to=2025-03-01`)).toEqual(['Dinner out']);
  });
});

describe('pages', () => {
  it('follows X-Next-Cursor and Link to the end, without repeats, keeping the filters', async () => {
    for (let i = 1; i <= 7; i++) {
      await add(ann, [ann, bea], 10 + i, {
        groupId: flat,
        description: `Pizza ${i}`,
        date: `2025-05-0${i}`,
      });
    }
    for (const q of ['', 'pizza']) {
      const seen: string[] = [];
      let url: string | null = `/api/search?limit=3&minAmount=12${q === '' ? '' : `&q=${q}`}`;
      let pages = 0;
      while (url !== null) {
        const res = await get(ann, url);
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...res.json<Found[]>().map((e) => e.description));
        pages++;
        const link = res.headers['link'];
        const next = res.headers['x-next-cursor'];
        if (typeof link === 'string') {
          expect(link).toContain(`before=${String(next)}`);
          expect(link).toContain('minAmount=12');
          url = /^<([^>]+)>/.exec(link)?.[1] ?? null;
        } else {
          expect(next).toBeUndefined();
          url = null;
        }
      }
      expect(pages).toBe(2);
      // Relevance ties (every "Pizza i" is as close to "pizza") fall back to newest first.
      expect(seen).toEqual(['Pizza 7', 'Pizza 6', 'Pizza 5', 'Pizza 4', 'Pizza 3', 'Pizza 2']);
    }
  });
});

describe('who sees what', () => {
  beforeEach(async () => {
    await add(ann, [ann, bea], 30, { groupId: flat, description: 'Flat pizza' });
    await add(cid, [cid, bea], 30, { groupId: trip, description: 'Trip pizza' });
    await add(ann, [ann, dan], 30, { description: 'Pizza with Dan' });
  });

  it('searches only the groups one is a member of and one’s own non-group expenses', async () => {
    expect((await search(ann, `/api/search?q=pizza`)).sort()).toEqual([
      'Flat pizza',
      'Pizza with Dan',
    ]);
    expect((await search(bea, `/api/search?q=pizza`)).sort()).toEqual(['Flat pizza', 'Trip pizza']);
    expect(await search(dan, `/api/search?q=pizza`)).toEqual(['Pizza with Dan']);
    expect(await search(cid, `/api/search`)).toEqual(['Trip pizza']);
  });

  it('refuses a group to non-members (403) and unknown groups (404)', async () => {
    const res = await get(ann, `/api/groups/${trip}/search?q=pizza`);
    expect(res.statusCode).toBe(403);
    expect(errorBody(res)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You are not a member of this group.',
    });
    const missing = await get(ann, `/api/groups/99999/search`);
    expect(missing.statusCode).toBe(404);
    expect(errorBody(missing).message).toBe('Group not found.');
    expect((await get(ann, `/api/groups/abc/search`)).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/search' })).statusCode).toBe(401);
  });

  it('forgets a group once one has left it', async () => {
    await leaveGroup(ctx.database.handle.db, flat, bea.id);
    expect(await search(bea, `/api/search?q=pizza`)).toEqual(['Trip pizza']);
    expect((await get(bea, `/api/groups/${flat}/search`)).statusCode).toBe(403);
  });

  it('leaves deleted expenses out', async () => {
    const [flatPizza] = (await get(ann, `/api/groups/${flat}/search?q=pizza`)).json<Found[]>();
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/expenses/${flatPizza?.id ?? 0}`,
      headers: ann.auth,
    });
    expect(del.statusCode).toBe(204);
    expect(await search(ann, `/api/search?q=pizza`)).toEqual(['Pizza with Dan']);
    expect(await search(bea, `/api/groups/${flat}/search`)).toEqual([]);
  });
});

describe('bad parameters', () => {
  it.each([
    ['minAmount=-1', 'minAmount'],
    ['maxAmount=12.345678', 'maxAmount'],
    ['minAmount=10&maxAmount=5', 'maxAmount'],
    ['category=snacks', 'category'],
    ['personId=0', 'personId'],
    ['personId=abc', 'personId'],
    ['from=2025-02-30', 'from'],
    ['from=2025-03-02&to=2025-03-01', 'to'],
    ['limit=0', 'limit'],
    ['before=nope', 'before'],
    [`q=${'a'.repeat(201)}`, 'q'],
    ['q=a%20b%20c%20d%20e%20f%20g%20h%20i', 'q'],
  ])('%s → 400 naming %s', async (query, field) => {
    const res = await get(ann, `/api/search?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    const body = errorBody(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details?.[0]?.field).toBe(field);
  });

  it('a cursor of the other order is refused', async () => {
    for (let i = 0; i < 3; i++) await add(ann, [ann, bea], 5, { groupId: flat });
    const res = await get(ann, `/api/search?limit=1`);
    const cursor = String(res.headers['x-next-cursor']);
    expect((await get(ann, `/api/search?q=dinner&before=${cursor}`)).statusCode).toBe(400);
  });

  it('a person id past the id column finds nothing', async () => {
    expect(await search(ann, `/api/search?personId=99999999999`)).toEqual([]);
  });
});

describe('control characters', () => {
  it('separate words like spaces', async () => {
    await add(ann, [ann, bea], 30, { groupId: flat, description: 'Pizza night' });
    expect(await search(ann, `/api/search?q=%00pizza%0Anight%00`)).toEqual(['Pizza night']);
  });
});
