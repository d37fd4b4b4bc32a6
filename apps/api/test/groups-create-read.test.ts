// Groups through the real HTTP stack (docs/api.md §4.3): creating one, reading the list and one
// group (members only, in one statement), and PATCH of its name, settings, colour and emoji.
// Membership is in groups-members.test.ts, deleting a group and notifications in
// groups-delete-notify.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { activities, groups, payments } from '../src/db/schema.js';
import { groupLines } from '../src/modules/balances/balance-reader.js';
import { createGroup, leaveGroup } from './support/fixtures.js';
import { caller, makeUsers, owe } from './support/social.js';
import { statementRecorder } from './support/query-log.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { GroupBody, MyGroupBody } from './support/group-bodies.js';
import { insertExpenseWithComment, insertPayment, ISO, m, u } from './support/group-bodies.js';

let ctx: TestContext;
const recorder = statementRecorder();
beforeAll(async () => {
  ctx = await createTestContext({}, { onQuery: recorder.onQuery });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

const db = () => ctx.database.handle.db;
function users<const N extends readonly string[]>(...names: N) {
  return makeUsers(ctx, ...names);
}

describe('POST /groups', () => {
  it('creates a group with the caller as creator and first member (201)', async () => {
    const [ann] = await users('Ann');
    const res = await caller(ctx, ann)('POST', '/api/groups', { name: '  Lisbon trip ' });
    expect(res.statusCode).toBe(201);
    const body = res.json<GroupBody>();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Lisbon trip',
      createdAt: expect.stringMatching(ISO),
      lastActivityAt: expect.stringMatching(ISO),
      creator: u(ann),
      members: [m(ann)],
      simplifyDebts: false,
      defaultCurrency: 'USD',
      currencyMode: 'CONVERT',
      coverEmoji: null,
      coverColor: null,
    });
    const feed = await db().select().from(activities);
    expect(feed).toMatchObject([
      {
        recipientId: ann.id,
        type: 'group_created',
        actorId: ann.id,
        groupId: body.id,
        groupName: 'Lisbon trip',
        description: 'Lisbon trip',
        amountCents: null,
        currency: null,
        myShareCents: 0,
      },
    ]);

    const withOptions = await caller(ctx, ann)('POST', '/api/groups', {
      name: 'Flat',
      defaultCurrency: 'eur',
      simplifyDebts: true,
    });
    expect(withOptions.json<GroupBody>()).toMatchObject({
      simplifyDebts: true,
      defaultCurrency: 'EUR',
    });
  });

  it('validates the name', async () => {
    const [ann] = await users('Ann');
    const empty = await caller(ctx, ann)('POST', '/api/groups', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(errorBody(empty)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Group name cannot be empty.',
    });
    const long = await caller(ctx, ann)('POST', '/api/groups', { name: 'x'.repeat(101) });
    expect(errorBody(long).message).toBe('Group name must be at most 100 characters.');
    const currency = await caller(ctx, ann)('POST', '/api/groups', {
      name: 'X',
      defaultCurrency: 'XYZ',
    });
    expect(errorBody(currency).message).toBe('Currency must be a 3-letter ISO 4217 code.');
    expect(await db().select().from(groups)).toEqual([]);
  });
});

describe('GET /groups/my and GET /groups/{id}', () => {
  it('lists current groups newest activity first with myBalance equal to the group lines', async () => {
    const [ann, bea, cat, dan] = await users('Ann', 'Bea', 'Cat', 'Dan');
    const plain = await createGroup(db(), ann, 'Plain', [bea, cat]);
    const simple = await createGroup(db(), bea, 'Simple', [ann, cat], { simplifyDebts: true });
    const left = await createGroup(db(), cat, 'Left', [ann]);
    await leaveGroup(db(), left, ann.id);
    const empty = await createGroup(db(), dan, 'Empty', [ann]);
    // Order by lastActivityAt: Simple newest, then Empty, then Plain.
    const t0 = Date.now();
    await db()
      .update(groups)
      .set({ lastActivityAt: new Date(t0 - 3000) })
      .where(eq(groups.id, plain));
    await db()
      .update(groups)
      .set({ lastActivityAt: new Date(t0 - 2000) })
      .where(eq(groups.id, empty));
    await db()
      .update(groups)
      .set({ lastActivityAt: new Date(t0 - 1000) })
      .where(eq(groups.id, simple));

    // Plain: Bea owes Ann 20, Ann owes Cat 5. Simple: Ann owes Bea 10, Bea owes Cat 10.
    await owe(ctx, plain, bea, ann, 2000);
    await owe(ctx, plain, ann, cat, 500);
    await owe(ctx, simple, ann, bea, 1000);
    await owe(ctx, simple, bea, cat, 1000);
    // A former member still counts in the plain group's lines.
    await owe(ctx, plain, dan, ann, 100);

    const res = await caller(ctx, ann)('GET', '/api/groups/my');
    expect(res.statusCode).toBe(200);
    const list = res.json<MyGroupBody[]>();
    expect(list.map((g) => g.name)).toEqual(['Simple', 'Empty', 'Plain']);

    for (const g of list) {
      const row = { id: g.id, simplifyDebts: g.simplifyDebts };
      const expected = (await groupLines(db(), row, ann.id)).map((l) => ({
        otherUser: l.otherUser,
        netAmount: l.netCents / 100,
        currency: l.currency,
      }));
      expect(g.myBalance.lines).toEqual(expected);
      expect(g.myBalance.net).toBe(expected.reduce((s, l) => s + l.netAmount, 0));
      expect(g.myBalance.currency).toBe('USD');
    }
    const byName = new Map(list.map((g) => [g.name, g]));
    expect(byName.get('Plain')?.myBalance).toEqual({
      net: 16,
      currency: 'USD',
      lines: [
        { otherUser: u(bea), netAmount: 20, currency: 'USD' },
        { otherUser: u(cat), netAmount: -5, currency: 'USD' },
        { otherUser: u(dan), netAmount: 1, currency: 'USD' },
      ],
    });
    // Simplified: Ann pays Cat 10 directly.
    expect(byName.get('Simple')?.myBalance).toEqual({
      net: -10,
      currency: 'USD',
      lines: [{ otherUser: u(cat), netAmount: -10, currency: 'USD' }],
    });
    expect(byName.get('Empty')?.myBalance).toEqual({ net: 0, currency: 'USD', lines: [] });
    expect(byName.get('Simple')).toMatchObject({
      creator: u(bea),
      members: [m(bea), m(ann), m(cat)],
      simplifyDebts: true,
    });

    // The balance endpoint (when present) agrees.
    const lines = await caller(ctx, ann)('GET', `/api/balances/group/${plain}`);
    if (lines.statusCode === 200)
      expect(lines.json()).toEqual(byName.get('Plain')?.myBalance.lines);
  });

  it('GET /groups/{id} is one statement; a creator who left is still named', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    await leaveGroup(db(), g, ann.id);
    const get = () => caller(ctx, bea)('GET', `/api/groups/${g}`);
    await get();
    const { result: res, statements: own } = await recorder.during(get, ctx.app.jobWorker);
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupBody>()).toMatchObject({
      id: g,
      creator: u(ann),
      members: [m(bea), m(cat)],
    });
    expect(own).toHaveLength(1);
  });

  it('GET /groups/{id}: members only; former members and strangers get 403', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea]);
    const ok = await caller(ctx, bea)('GET', `/api/groups/${g}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<GroupBody>()).toMatchObject({
      id: g,
      name: 'Trip',
      creator: u(ann),
      members: [m(ann), m(bea)],
    });
    await leaveGroup(db(), g, bea.id);
    for (const who of [bea, cat]) {
      for (const url of [`/api/groups/${g}`, `/api/groups/${g}/settle-suggestions`]) {
        const res = await caller(ctx, who)('GET', url);
        expect(res.statusCode).toBe(403);
        expect(errorBody(res)).toMatchObject({
          code: 'FORBIDDEN',
          message: 'You are not a member of this group.',
        });
      }
      const patch = await caller(ctx, who)('PATCH', `/api/groups/${g}`, { name: 'Mine' });
      expect(patch.statusCode).toBe(403);
    }
    expect((await caller(ctx, bea)('GET', '/api/groups/my')).json()).toEqual([]);
    for (const id of ['424242', '9999999999999999']) {
      const res = await caller(ctx, ann)('GET', `/api/groups/${id}`);
      expect(res.statusCode).toBe(404);
      expect(errorBody(res)).toMatchObject({ code: 'NOT_FOUND', message: 'Group not found.' });
    }
    for (const id of ['0', 'abc', '01', '12345678901234567']) {
      const res = await caller(ctx, ann)('GET', `/api/groups/${id}`);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res).message).toBe('Invalid Group ID.');
    }
  });
});

describe('PATCH /groups/{id}', () => {
  it('sets and clears the cover colour and emoji; refuses others', async () => {
    const [ann] = await users('Ann');
    const g = await createGroup(db(), ann, 'Trip');
    const as = caller(ctx, ann);
    const set = await as('PATCH', `/api/groups/${g}`, { coverColor: 'teal', coverEmoji: '🏖️' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ coverColor: 'teal', coverEmoji: '🏖️' });
    const badColour = await as('PATCH', `/api/groups/${g}`, { coverColor: 'black' });
    expect(badColour.statusCode).toBe(400);
    expect(errorBody(badColour).message).toBe('Please choose one of the cover colours.');
    const badEmoji = await as('PATCH', `/api/groups/${g}`, { coverEmoji: 'ok' });
    expect(badEmoji.statusCode).toBe(400);
    expect(errorBody(badEmoji).message).toBe('Please choose a single emoji.');
    const cleared = await as('PATCH', `/api/groups/${g}`, { coverColor: null, coverEmoji: null });
    expect(cleared.json()).toMatchObject({ coverColor: null, coverEmoji: null });
    const list = await as('GET', '/api/groups/my');
    expect(list.json<{ coverColor: string | null }[]>()[0]?.coverColor).toBeNull();
  });

  it('renames and changes settings; the currency is locked once there are entries', async () => {
    const [ann, bea] = await users('Ann', 'Bea');
    const g = await createGroup(db(), ann, 'Trip', [bea]);
    // Last active a minute ago: the change below is later however fast the machine is.
    await db()
      .update(groups)
      .set({ lastActivityAt: sql`${groups.lastActivityAt} - interval '1 minute'` })
      .where(eq(groups.id, g));
    const before = (await caller(ctx, bea)('GET', `/api/groups/${g}`)).json<GroupBody>();
    const res = await caller(ctx, bea)('PATCH', `/api/groups/${g}`, {
      name: 'Porto',
      simplifyDebts: true,
      defaultCurrency: 'eur',
    });
    expect(res.statusCode).toBe(200);
    const after = res.json<GroupBody>();
    expect(after).toMatchObject({
      id: g,
      name: 'Porto',
      simplifyDebts: true,
      defaultCurrency: 'EUR',
      creator: u(ann),
    });
    expect(Date.parse(after.lastActivityAt)).toBeGreaterThan(Date.parse(before.lastActivityAt));

    const empty = await caller(ctx, bea)('PATCH', `/api/groups/${g}`, { name: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorBody(empty).message).toBe('Group name cannot be empty.');

    await insertPayment(db(), g, bea, ann);
    const locked = await caller(ctx, ann)('PATCH', `/api/groups/${g}`, {
      name: 'Lisbon',
      defaultCurrency: 'USD',
    });
    expect(locked.statusCode).toBe(409);
    expect(errorBody(locked)).toMatchObject({
      code: 'CURRENCY_LOCKED',
      message: 'The currency can only be changed while the group has no expenses or payments.',
    });
    // Nothing changed, and naming the current currency is fine.
    const same = await caller(ctx, ann)('PATCH', `/api/groups/${g}`, {
      name: 'Lisbon',
      defaultCurrency: 'EUR',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json<GroupBody>()).toMatchObject({ name: 'Lisbon', defaultCurrency: 'EUR' });

    await db().delete(payments);
    await insertExpenseWithComment(db(), g, ann);
    const lockedByExpense = await caller(ctx, ann)('PATCH', `/api/groups/${g}`, {
      defaultCurrency: 'GBP',
    });
    expect(errorBody(lockedByExpense).code).toBe('CURRENCY_LOCKED');
  });
});
