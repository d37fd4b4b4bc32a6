// Balances (docs/api.md §4.7, §5.3, §1.4): overall summary, group lines (plain and simplified,
// former members), per-friend balances; errors. Balances are written straight into the running
// totals with applyDebts, as the expense and payment services do.
import type { Cents, Debt } from '@evenly/core';
import { sql } from 'drizzle-orm';
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
function owes(from: TestUser, to: TestUser, amount: number): Debt {
  return { from: from.id, to: to.id, cents: amount as Cents };
}

async function add(groupId: number | null, currency: string, ...debts: Debt[]): Promise<void> {
  await db.transaction(async (tx) => applyDebts(tx, groupId, currency, debts, 1));
}

async function get(user: TestUser, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: user.auth });
}

interface Line {
  otherUser: { id: number; name: string; email: string };
  netAmount: number;
  currency: string;
}

describe('GET /api/balances/overall', () => {
  it('is exactly zero in USD when settled', async () => {
    const [ann] = await people('Ann');
    const res = await get(ann, '/api/balances/overall');
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toEqual({
      totalOwedToUser: 0,
      totalOwedByUser: 0,
      currency: 'USD',
      byCurrency: [],
    });
    expect(Object.is(body['totalOwedToUser'], 0)).toBe(true);
    expect(Object.is(body['totalOwedByUser'], 0)).toBe(true);
  });

  it('nets per counterparty first, over groups and non-group items', async () => {
    const [ann, bea, cid, dan] = await people('Ann', 'Bea', 'Cid', 'Dan');
    const g = await createGroup(db, ann, 'Trip', [bea, cid, dan]);
    // Bea owes Ann 30 in the group but Ann owes Bea 10 outside: net +20.
    await add(g, 'USD', owes(bea, ann, 3000), owes(ann, cid, 1250));
    await add(null, 'USD', owes(ann, bea, 1000));
    // Dan and Ann are even: +5 in the group, -5 outside.
    await add(g, 'USD', owes(dan, ann, 500));
    await add(null, 'USD', owes(ann, dan, 500));

    const res = await get(ann, '/api/balances/overall');
    expect(res.json()).toEqual({
      totalOwedToUser: 20,
      totalOwedByUser: 12.5,
      currency: 'USD',
      byCurrency: [{ currency: 'USD', totalOwedToUser: 20, totalOwedByUser: 12.5 }],
    });
    const bea2 = await get(bea, '/api/balances/overall');
    expect(bea2.json()).toMatchObject({ totalOwedToUser: 0, totalOwedByUser: 20, currency: 'USD' });
  });

  it('picks the primary currency by owed-to + owed-by, with byCurrency per currency', async () => {
    const [ann, bea, cid] = await people('Ann', 'Bea', 'Cid');
    await add(null, 'USD', owes(bea, ann, 1000));
    await add(null, 'EUR', owes(bea, ann, 800), owes(ann, cid, 700));
    const res = await get(ann, '/api/balances/overall');
    expect(res.json()).toEqual({
      totalOwedToUser: 8,
      totalOwedByUser: 7,
      currency: 'EUR',
      byCurrency: [
        { currency: 'EUR', totalOwedToUser: 8, totalOwedByUser: 7 },
        { currency: 'USD', totalOwedToUser: 10, totalOwedByUser: 0 },
      ],
    });
  });

  it('prefers USD on a tie, otherwise the alphabetically first currency', async () => {
    const [ann, bea] = await people('Ann', 'Bea');
    await add(null, 'USD', owes(bea, ann, 1000));
    await add(null, 'AUD', owes(bea, ann, 1000));
    expect((await get(ann, '/api/balances/overall')).json()).toMatchObject({ currency: 'USD' });
    await add(null, 'USD', owes(ann, bea, 1000));
    await add(null, 'GBP', owes(bea, ann, 1000));
    expect((await get(ann, '/api/balances/overall')).json()).toMatchObject({
      currency: 'AUD',
      totalOwedToUser: 10,
      totalOwedByUser: 0,
    });
  });

  it('counts simplified group lines as the group shows them', async () => {
    const [ann, bea, cid] = await people('Ann', 'Bea', 'Cid');
    const g = await createGroup(db, ann, 'Flat', [bea, cid], { simplifyDebts: true });
    await add(g, 'USD', owes(bea, ann, 1000), owes(cid, bea, 1000));
    // Simplified: Cid pays Ann 10; Bea is even.
    expect((await get(bea, '/api/balances/overall')).json()).toMatchObject({
      totalOwedToUser: 0,
      totalOwedByUser: 0,
    });
    expect((await get(ann, '/api/balances/overall')).json()).toMatchObject({
      totalOwedToUser: 10,
      totalOwedByUser: 0,
    });
  });

  it('needs a valid token', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/balances/overall' });
    expect(none.statusCode).toBe(401);
    expect(errorBody(none).message).toBe('Please log in to continue.');
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/balances/overall',
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.statusCode).toBe(401);
    expect(errorBody(bad)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Your session has expired. Please log in again.',
    });
  });
});

describe('GET /api/balances/group/{id}', () => {
  it('lists non-zero lines, largest first, then by name and id, including former members', async () => {
    const [ann, bea, cid, dan, eve] = await people('Ann', 'bea', 'Cid', 'Dan', 'Eve');
    const g = await createGroup(db, ann, 'Trip', [bea, cid, dan, eve]);
    await add(
      g,
      'USD',
      owes(bea, ann, 500),
      owes(ann, cid, 2000),
      owes(dan, ann, 500),
      owes(eve, ann, 1),
    );
    await leaveGroup(db, g, dan.id);
    const res = await get(ann, `/api/balances/group/${g}`);
    expect(res.statusCode).toBe(200);
    const lines = res.json<Line[]>();
    expect(lines).toEqual([
      {
        otherUser: { id: cid.id, name: 'Cid', email: 'cid@example.com' },
        netAmount: -20,
        currency: 'USD',
      },
      {
        otherUser: { id: bea.id, name: 'bea', email: 'bea@example.com' },
        netAmount: 5,
        currency: 'USD',
      },
      {
        otherUser: { id: dan.id, name: 'Dan', email: 'dan@example.com' },
        netAmount: 5,
        currency: 'USD',
      },
      {
        otherUser: { id: eve.id, name: 'Eve', email: 'eve@example.com' },
        netAmount: 0.01,
        currency: 'USD',
      },
    ]);
    // Bea sees her one line; lines sum to her group net.
    expect((await get(bea, `/api/balances/group/${g}`)).json()).toEqual([
      {
        otherUser: { id: ann.id, name: 'Ann', email: 'ann@example.com' },
        netAmount: -5,
        currency: 'USD',
      },
    ]);
  });

  it('omits zero lines and answers [] when settled', async () => {
    const [ann, bea] = await people('Ann', 'Bea');
    const g = await createGroup(db, ann, 'Trip', [bea]);
    expect((await get(ann, `/api/balances/group/${g}`)).json()).toEqual([]);
    await add(g, 'USD', owes(bea, ann, 700));
    await add(g, 'USD', owes(ann, bea, 700));
    expect((await get(ann, `/api/balances/group/${g}`)).json()).toEqual([]);
  });

  it('gives the simplified plan when simplifyDebts is on', async () => {
    const [ann, bea, cid] = await people('Ann', 'Bea', 'Cid');
    const plain = await createGroup(db, ann, 'Plain', [bea, cid]);
    const simple = await createGroup(db, ann, 'Simple', [bea, cid], { simplifyDebts: true });
    for (const g of [plain, simple]) {
      await add(g, 'EUR', owes(bea, ann, 1000), owes(cid, bea, 1000));
    }
    expect((await get(ann, `/api/balances/group/${plain}`)).json<Line[]>()).toEqual([
      { otherUser: expect.objectContaining({ id: bea.id }), netAmount: 10, currency: 'EUR' },
    ]);
    expect((await get(bea, `/api/balances/group/${plain}`)).json<Line[]>()).toEqual([
      { otherUser: expect.objectContaining({ id: ann.id }), netAmount: -10, currency: 'EUR' },
      { otherUser: expect.objectContaining({ id: cid.id }), netAmount: 10, currency: 'EUR' },
    ]);
    expect((await get(ann, `/api/balances/group/${simple}`)).json<Line[]>()).toEqual([
      { otherUser: expect.objectContaining({ id: cid.id }), netAmount: 10, currency: 'EUR' },
    ]);
    expect((await get(bea, `/api/balances/group/${simple}`)).json()).toEqual([]);
    expect((await get(cid, `/api/balances/group/${simple}`)).json<Line[]>()).toEqual([
      { otherUser: expect.objectContaining({ id: ann.id }), netAmount: -10, currency: 'EUR' },
    ]);
  });

  it('refuses non-members, former members, unknown groups and bad ids', async () => {
    const [ann, bea, out] = await people('Ann', 'Bea', 'Out');
    const g = await createGroup(db, ann, 'Trip', [bea]);
    await leaveGroup(db, g, bea.id);
    for (const u of [out, bea]) {
      const res = await get(u, `/api/balances/group/${g}`);
      expect(res.statusCode).toBe(403);
      expect(errorBody(res)).toMatchObject({
        code: 'FORBIDDEN',
        message: 'You are not a member of this group.',
      });
    }
    for (const id of [String(g + 1000), '99999999999', '9999999999999999']) {
      const res = await get(ann, `/api/balances/group/${id}`);
      expect(res.statusCode).toBe(404);
      expect(errorBody(res)).toMatchObject({ code: 'NOT_FOUND', message: 'Group not found.' });
    }
    for (const id of ['0', 'abc', '-1', '1.5', '01', '12345678901234567']) {
      const res = await get(ann, `/api/balances/group/${id}`);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Invalid Group ID.',
      });
    }
    const anon = await ctx.app.inject({ method: 'GET', url: `/api/balances/group/${g}` });
    expect(anon.statusCode).toBe(401);
  });
});

interface FriendBalanceOut {
  otherUser: { id: number; name: string; email: string };
  netBalance: number;
  nonGroupBalance: number;
  currency: string;
  byCurrency: { currency: string; netBalance: number; nonGroupBalance: number }[];
  groups: { group: { id: number; name: string }; netAmount: number; currency: string }[];
}

describe('GET /api/balances/friends', () => {
  it('lists accepted friends by name (case-insensitive) then id, with zero figures', async () => {
    const [ann, zed, bob, bob2, amy, pending, stranger] = await people(
      'Ann',
      'Zed',
      'bob',
      'Bob2',
      'amy',
      'Pending',
      'Stranger',
    );
    // Same name up to case as bob: ordered by id.
    await db.execute(sql`update users set name = 'Bob' where id = ${bob2.id}`);
    for (const f of [zed, bob2, bob, amy]) await befriend(db, f, ann);
    // A pending request is not a friend.
    await db.execute(
      sql`insert into friendships
        (requester_id, addressee_id, status, user_low, user_high)
        values (${ann.id}, ${pending.id}, 'PENDING', ${Math.min(ann.id, pending.id)}, ${Math.max(ann.id, pending.id)})`,
    );
    // A non-friend with a balance is not listed.
    await add(null, 'USD', owes(stranger, ann, 100));
    const res = await get(ann, '/api/balances/friends');
    expect(res.statusCode).toBe(200);
    const list = res.json<FriendBalanceOut[]>();
    expect(list.map((f) => f.otherUser.id)).toEqual([amy.id, bob.id, bob2.id, zed.id]);
    expect(list[0]).toEqual({
      otherUser: { id: amy.id, name: 'amy', email: 'amy@example.com' },
      netBalance: 0,
      nonGroupBalance: 0,
      currency: 'USD',
      byCurrency: [],
      groups: [],
    });
  });

  it('adds group lines as the groups show them to the non-group net', async () => {
    const [ann, bea, cid] = await people('Ann', 'Bea', 'Cid');
    await befriend(db, ann, bea);
    await befriend(db, ann, cid);
    const trip = await createGroup(db, ann, 'Trip', [bea, cid]);
    const flat = await createGroup(db, ann, 'Flat', [bea, cid], { simplifyDebts: true });
    await add(trip, 'USD', owes(ann, bea, 1000));
    // Simplified in Flat: Bea owes Cid 5 and Cid owes Ann 5 → Bea pays Ann 5.
    await add(flat, 'USD', owes(bea, cid, 500), owes(cid, ann, 500));
    await add(null, 'USD', owes(ann, bea, 250));
    await add(null, 'EUR', owes(bea, ann, 9900));

    const list = (await get(ann, '/api/balances/friends')).json<FriendBalanceOut[]>();
    const beaEntry = list.find((f) => f.otherUser.id === bea.id);
    expect(beaEntry).toEqual({
      otherUser: { id: bea.id, name: 'Bea', email: 'bea@example.com' },
      netBalance: 99,
      nonGroupBalance: 99,
      currency: 'EUR',
      byCurrency: [
        { currency: 'EUR', netBalance: 99, nonGroupBalance: 99 },
        { currency: 'USD', netBalance: -7.5, nonGroupBalance: -2.5 },
      ],
      groups: [
        { group: { id: trip, name: 'Trip' }, netAmount: -10, currency: 'USD' },
        { group: { id: flat, name: 'Flat' }, netAmount: 5, currency: 'USD' },
      ].sort((a, b) => a.group.id - b.group.id),
    });
    // Cid's plain Flat line (+5 to Ann) vanishes in the simplified plan: no group entry.
    const cidEntry = list.find((f) => f.otherUser.id === cid.id);
    expect(cidEntry).toMatchObject({
      netBalance: 0,
      nonGroupBalance: 0,
      groups: [],
      byCurrency: [],
    });
    // Bea's own view mirrors it.
    const beaView = (await get(bea, '/api/balances/friends')).json<FriendBalanceOut[]>();
    expect(beaView).toHaveLength(1);
    expect(beaView[0]).toMatchObject({ netBalance: -99, currency: 'EUR' });
    expect(beaView[0]?.byCurrency).toContainEqual({
      currency: 'USD',
      netBalance: 7.5,
      nonGroupBalance: 2.5,
    });
  });

  it('keeps the lines of former members, and the overall figure counts non-friends too', async () => {
    const [ann, bea, stranger] = await people('Ann', 'Bea', 'Stranger');
    await befriend(db, ann, bea);
    const g = await createGroup(db, ann, 'Old flat', [bea, stranger]);
    await add(g, 'USD', owes(bea, ann, 4000), owes(stranger, ann, 100));
    await leaveGroup(db, g, bea.id);
    const list = (await get(ann, '/api/balances/friends')).json<FriendBalanceOut[]>();
    expect(list).toEqual([
      {
        otherUser: { id: bea.id, name: 'Bea', email: 'bea@example.com' },
        netBalance: 40,
        nonGroupBalance: 0,
        currency: 'USD',
        byCurrency: [{ currency: 'USD', netBalance: 40, nonGroupBalance: 0 }],
        groups: [{ group: { id: g, name: 'Old flat' }, netAmount: 40, currency: 'USD' }],
      },
    ]);
    expect((await get(ann, '/api/balances/overall')).json()).toMatchObject({
      totalOwedToUser: 41,
      totalOwedByUser: 0,
    });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/balances/friends' });
    expect(res.statusCode).toBe(401);
    expect(errorBody(res).code).toBe('UNAUTHENTICATED');
  });
});
