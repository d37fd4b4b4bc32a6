// GET /api/balances/people (docs/api.md §4.7, issue #31 point 4): everyone the caller has a
// non-zero balance with, friends and group-mates alike, so that a screen listing them adds up to
// the overall figure. Balances are written straight into the running totals with applyDebts, as
// the expense and payment services do.
import type { Cents, Debt } from '@evenly/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { applyDebts } from '../src/db/pair-slots.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers, leaveGroup } from './support/fixtures.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.handle.db;
});
afterAll(async () => ctx.close());
beforeEach(async () => ctx.reset());

/** Users as a fixed tuple (one per name). */
async function people<N extends string[]>(...names: N): Promise<{ [K in keyof N]: TestUser }> {
  return (await createUsers(ctx, ...names)) as { [K in keyof N]: TestUser };
}

/** `from` owes `to` `amount` cents. */
function owes(from: { id: number }, to: { id: number }, amount: number): Debt {
  return { from: from.id, to: to.id, cents: amount as Cents };
}

async function add(groupId: number | null, currency: string, ...debts: Debt[]): Promise<void> {
  await db.transaction(async (tx) => applyDebts(tx, groupId, currency, debts, 1));
}

async function get(user: TestUser, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: user.auth });
}

interface PersonOut {
  otherUser: { id: number; name: string; email: string | null };
  netBalance: number;
  nonGroupBalance: number;
  currency: string;
  byCurrency: { currency: string; netBalance: number; nonGroupBalance: number }[];
  groups: { group: { id: number; name: string }; netAmount: number; currency: string }[];
  isFriend: boolean;
}

interface OverallOut {
  byCurrency: { currency: string; totalOwedToUser: number; totalOwedByUser: number }[];
}

/** Per currency, the sum of the entries' nets in cents (integers: no float drift). */
function netCentsByCurrency(list: PersonOut[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of list) {
    for (const c of p.byCurrency) {
      out.set(c.currency, (out.get(c.currency) ?? 0) + Math.round(c.netBalance * 100));
    }
  }
  return out;
}

describe('GET /api/balances/people', () => {
  it('lists friends and group-mates with a balance, marked, by name; leaves out the even', async () => {
    const [ana, bea, dani, eli, fay] = await people('Ana', 'bea', 'Daniela', 'Eli', 'Fay');
    await befriend(db, ana, bea);
    await befriend(db, ana, fay); // a friend with nothing open: not listed
    const g = await createGroup(db, ana, 'Lisbon trip', [bea, dani, eli]);
    await add(g, 'EUR', owes(ana, dani, 770), owes(bea, ana, 245));
    // Eli is even overall: +5 in the group, −5 outside.
    await add(g, 'EUR', owes(eli, ana, 500));
    await add(null, 'EUR', owes(ana, eli, 500));

    const res = await get(ana, '/api/balances/people');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        otherUser: { id: bea.id, name: 'bea', email: 'bea@example.com' },
        netBalance: 2.45,
        nonGroupBalance: 0,
        currency: 'EUR',
        byCurrency: [{ currency: 'EUR', netBalance: 2.45, nonGroupBalance: 0 }],
        groups: [{ group: { id: g, name: 'Lisbon trip' }, netAmount: 2.45, currency: 'EUR' }],
        isFriend: true,
      },
      {
        otherUser: { id: dani.id, name: 'Daniela', email: 'daniela@example.com' },
        netBalance: -7.7,
        nonGroupBalance: 0,
        currency: 'EUR',
        byCurrency: [{ currency: 'EUR', netBalance: -7.7, nonGroupBalance: 0 }],
        groups: [{ group: { id: g, name: 'Lisbon trip' }, netAmount: -7.7, currency: 'EUR' }],
        isFriend: false,
      },
    ]);
  });

  it('adds up, per currency, to /balances/overall (simplified groups, former members, guests)', async () => {
    const [ana, bea, cid, dan] = await people('Ana', 'Bea', 'Cid', 'Dan');
    await befriend(db, ana, bea);
    const trip = await createGroup(db, ana, 'Trip', [bea, cid, dan], { simplifyDebts: true });
    const flat = await createGroup(db, ana, 'Old flat', [cid]);
    const guest = await ctx.app.inject({
      method: 'POST',
      url: `/api/groups/${String(flat)}/guests`,
      headers: ana.auth,
      payload: { name: 'Gus' },
    });
    expect(guest.statusCode).toBe(201);
    const gus = guest
      .json<{ members: { id: number; name: string; guest: boolean }[] }>()
      .members.find((m) => m.guest);
    if (gus === undefined) throw new Error('guest not added');
    // Simplified (nets: Cid −10.15, Ana +6.82, Dan +3.33), Cid pays Ana and Dan: Ana has no line
    // with Bea or Dan in the trip, one with Cid, as the group shows them.
    await add(trip, 'EUR', owes(cid, bea, 1015), owes(bea, ana, 1015), owes(ana, dan, 333));
    await add(flat, 'USD', owes(ana, cid, 1250), owes(gus, ana, 2001));
    await add(null, 'JPY', owes(bea, ana, 1500));
    await leaveGroup(db, flat, cid.id);

    const list = (await get(ana, '/api/balances/people')).json<PersonOut[]>();
    expect(list.map((p) => [p.otherUser.name, p.isFriend])).toEqual([
      ['Bea', true],
      ['Cid', false],
      ['Gus', false],
    ]);
    const overall = (await get(ana, '/api/balances/overall')).json<OverallOut>();
    const expected = new Map(
      overall.byCurrency.map((c) => [
        c.currency,
        Math.round(c.totalOwedToUser * 100) - Math.round(c.totalOwedByUser * 100),
      ]),
    );
    expect(netCentsByCurrency(list)).toEqual(expected);
    expect(expected.size).toBe(3);
  });

  it('answers [] when the caller is settled with everyone', async () => {
    const [ana, bea] = await people('Ana', 'Bea');
    await befriend(db, ana, bea);
    expect((await get(ana, '/api/balances/people')).json()).toEqual([]);
  });

  it('is published in the OpenAPI document with an example', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{
      paths: Record<string, { get?: { summary?: string } }>;
      components: { schemas: Record<string, { example?: { isFriend?: boolean } }> };
    }>();
    expect(doc.paths['/api/balances/people']?.get?.summary).toMatch(/friends or not/);
    expect(doc.components.schemas['PersonBalance']?.example?.isFriend).toBe(false);
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/balances/people' });
    expect(res.statusCode).toBe(401);
    expect(errorBody(res).code).toBe('UNAUTHENTICATED');
  });
});
