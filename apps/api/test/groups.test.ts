// Groups, their settings and membership through the real HTTP stack (docs/api.md §4.3, §5.5, §5.6).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  activities,
  comments,
  expenses,
  groupMembers,
  groups,
  invitations,
  pairBalances,
  payments,
} from '../src/db/schema.js';
import { groupLines } from '../src/modules/balances/balance-reader.js';
import { befriend, createGroup, leaveGroup } from './support/fixtures.js';
import type { TestUser } from './support/fixtures.js';
import { caller, listenChanges, makeUsers, owe } from './support/social.js';
import { statementRecorder } from './support/query-log.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

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

interface UserBody {
  id: number;
  name: string;
  email: string;
}
interface GroupBody {
  id: number;
  name: string;
  createdAt: string;
  lastActivityAt: string;
  creator: UserBody;
  members: UserBody[];
  simplifyDebts: boolean;
  defaultCurrency: string;
}
interface FriendshipBody {
  id: number;
}
interface MyGroupBody extends GroupBody {
  myBalance: {
    net: number;
    currency: string;
    lines: { otherUser: UserBody; netAmount: number; currency: string }[];
  };
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const db = () => ctx.database.handle.db;
const u = (p: TestUser): UserBody => ({ id: p.id, name: p.name, email: p.email });
/** A member as the Group object lists them (an account without a picture). */
const m = (p: TestUser) => ({ ...u(p), guest: false, avatarUrl: null });
function users<const N extends readonly string[]>(...names: N) {
  return makeUsers(ctx, ...names);
}

async function insertPayment(groupId: number, from: TestUser, to: TestUser): Promise<number> {
  const [row] = await db()
    .insert(payments)
    .values({
      groupId,
      paidById: from.id,
      paidToId: to.id,
      amountCents: 500,
      currency: 'USD',
      date: '2025-03-01',
      createdById: from.id,
    })
    .returning({ id: payments.id });
  return row?.id ?? 0;
}

async function insertExpenseWithComment(groupId: number, by: TestUser): Promise<number> {
  const [row] = await db()
    .insert(expenses)
    .values({
      groupId,
      description: 'Dinner',
      amountCents: 1000,
      currency: 'USD',
      date: '2025-03-01',
      splitType: 'EQUAL',
      receiptKey: 'no-such-file.pdf',
      receiptContentType: 'application/pdf',
      createdById: by.id,
    })
    .returning({ id: expenses.id });
  const id = row?.id ?? 0;
  await db().insert(comments).values({ expenseId: id, authorId: by.id, content: 'Yum' });
  return id;
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

    await insertPayment(g, bea, ann);
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
    await insertExpenseWithComment(g, ann);
    const lockedByExpense = await caller(ctx, ann)('PATCH', `/api/groups/${g}`, {
      defaultCurrency: 'GBP',
    });
    expect(errorBody(lockedByExpense).code).toBe('CURRENCY_LOCKED');
  });
});

describe('POST /groups/{id}/members', () => {
  it('adds friends by id, all or none, in the given order', async () => {
    const [ann, bea, cat, dan, eve] = await users('Ann', 'Bea', 'Cat', 'Dan', 'Eve');
    await befriend(db(), ann, bea);
    await befriend(db(), cat, ann);
    await befriend(db(), ann, eve);
    const g = await createGroup(db(), ann, 'Trip', [eve]);
    const add = caller(ctx, ann);

    const notFriend = await add('POST', `/api/groups/${g}/members`, {
      memberIds: [bea.id, dan.id],
    });
    expect(notFriend.statusCode).toBe(400);
    expect(errorBody(notFriend)).toMatchObject({
      code: 'NOT_FRIENDS',
      message: 'You can only add your friends. Send them a friend request first.',
    });
    const unknown = await add('POST', `/api/groups/${g}/members`, { memberIds: [987654] });
    expect(errorBody(unknown).code).toBe('NOT_FRIENDS');
    const huge = await add('POST', `/api/groups/${g}/members`, { memberIds: [99999999999] });
    expect(errorBody(huge).code).toBe('NOT_FRIENDS');
    const already = await add('POST', `/api/groups/${g}/members`, { memberIds: [cat.id, eve.id] });
    expect(already.statusCode).toBe(409);
    expect(errorBody(already)).toMatchObject({
      code: 'ALREADY_MEMBER',
      message: 'Eve is already a member of this group.',
    });
    expect((await caller(ctx, ann)('GET', `/api/groups/${g}`)).json<GroupBody>().members).toEqual([
      m(ann),
      m(eve),
    ]);

    const res = await add('POST', `/api/groups/${g}/members`, { memberIds: [cat.id, bea.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupBody>().members).toEqual([m(ann), m(eve), m(cat), m(bea)]);

    const feed = await db().select().from(activities).where(eq(activities.type, 'member_added'));
    expect(feed).toHaveLength(8);
    expect(feed.filter((a) => a.recipientId === eve.id).map((a) => a.description)).toEqual([
      'Ann added Cat',
      'Ann added Bea',
    ]);
  });

  it('validates the request', async () => {
    const [ann, bea] = await users('Ann', 'Bea');
    const g = await createGroup(db(), ann, 'Trip');
    const cases: [unknown, string][] = [
      [{}, 'Please select at least one friend from the list.'],
      [{ memberIds: [] }, 'Please select at least one friend from the list.'],
      [
        { memberIds: [bea.id], memberEmail: 'bea@example.com' },
        'Send either memberEmail or memberIds, not both.',
      ],
      [{ memberEmail: 'nope' }, 'Please enter a valid email address.'],
    ];
    for (const [payload, message] of cases) {
      const res = await caller(ctx, ann)('POST', `/api/groups/${g}/members`, payload);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const stranger = await caller(ctx, bea)('POST', `/api/groups/${g}/members`, {
      memberIds: [ann.id],
    });
    expect(stranger.statusCode).toBe(403);
    const missing = await caller(ctx, bea)('POST', '/api/groups/4242/members', {
      memberIds: [ann.id],
    });
    expect(errorBody(missing).message).toBe('Group not found.');
  });

  it('adds by e-mail: friend → 200, non-friend → NOT_FRIENDS, member → ALREADY_MEMBER, unknown → 202 invitation', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    await befriend(db(), ann, bea);
    const g = await createGroup(db(), ann, 'Trip');
    const add = (email: string) =>
      caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberEmail: email });

    const ok = await add(' BEA@example.com');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<GroupBody>().members).toEqual([m(ann), m(bea)]);

    const again = await add('bea@example.com');
    expect(again.statusCode).toBe(409);
    expect(errorBody(again).message).toBe('Bea is already a member of this group.');
    const self = await add('ann@example.com');
    expect(errorBody(self).message).toBe('Ann is already a member of this group.');

    const notFriend = await add('cat@example.com');
    expect(notFriend.statusCode).toBe(400);
    expect(errorBody(notFriend)).toMatchObject({
      code: 'NOT_FRIENDS',
      message: 'You can only add your friends. Send them a friend request first.',
    });
    expect(cat).toBeDefined();

    const invited = await add('newbie@example.com');
    expect(invited.statusCode).toBe(202);
    expect(invited.body).toBe('');
    const mail = await ctx.smtp.waitFor('newbie@example.com');
    const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(decoded).toContain('http://evenly.test/register?email=newbie@example.com');
    expect(await db().select().from(invitations)).toMatchObject([
      { inviterId: ann.id, email: 'newbie@example.com', groupId: g },
    ]);
  });

  it('a former member added again comes back at the end of the joining order', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    await befriend(db(), ann, bea);
    await befriend(db(), ann, cat);
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    await leaveGroup(db(), g, bea.id);
    const res = await caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberIds: [bea.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupBody>().members).toEqual([m(ann), m(cat), m(bea)]);
    expect((await caller(ctx, bea)('GET', `/api/groups/${g}`)).statusCode).toBe(200);
  });
});

describe('DELETE /groups/{id}/members/{userId}', () => {
  it('a settled member leaves: 200, row kept with left_at, activity for everyone', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    const res = await caller(ctx, bea)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupBody>().members).toEqual([m(ann), m(cat)]);
    const [row] = await db()
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, g), eq(groupMembers.userId, bea.id)));
    expect(row?.leftAt).toBeInstanceOf(Date);
    const feed = await db().select().from(activities).where(eq(activities.type, 'member_left'));
    expect(feed.map((a) => a.recipientId).sort()).toEqual([ann.id, bea.id, cat.id].sort());
    expect(feed.every((a) => a.description === 'Bea left the group')).toBe(true);
    expect((await caller(ctx, bea)('GET', `/api/groups/${g}`)).statusCode).toBe(403);
    const again = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(again.statusCode).toBe(404);
    expect(errorBody(again).message).toBe('That user is not a member of this group.');
  });

  it('only the creator removes others; outstanding balances block leaving and removal', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    const notCreator = await caller(ctx, bea)('DELETE', `/api/groups/${g}/members/${cat.id}`);
    expect(notCreator.statusCode).toBe(403);
    expect(errorBody(notCreator)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the group creator can remove other members.',
    });

    await owe(ctx, g, cat, ann, 250);
    const leave = await caller(ctx, cat)('DELETE', `/api/groups/${g}/members/${cat.id}`);
    expect(leave.statusCode).toBe(409);
    expect(errorBody(leave)).toMatchObject({
      code: 'OUTSTANDING_BALANCE',
      message: 'You can\u2019t leave a group while you have an outstanding balance in it.',
    });
    const remove = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/${cat.id}`);
    expect(remove.statusCode).toBe(409);
    expect(errorBody(remove)).toMatchObject({
      code: 'OUTSTANDING_BALANCE',
      message: 'Cat still has an outstanding balance in this group.',
    });
    const unknown = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/9999`);
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(unknown).message).toBe('That user is not a member of this group.');
    const badUser = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/x`);
    expect(badUser.statusCode).toBe(400);
    expect(errorBody(badUser).message).toBe('Invalid User ID.');

    // Bea is settled and can be removed by the creator.
    const removed = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<GroupBody>().members).toEqual([m(ann), m(cat)]);
    const feed = await db()
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'member_left'), eq(activities.recipientId, bea.id)));
    expect(feed.map((a) => a.description)).toEqual(['Ann removed Bea']);
  });

  it('settled means the lines as the group shows them (simplified where on)', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat], { simplifyDebts: true });
    // Ann owes Bea 10, Bea owes Cat 10: simplified, Ann pays Cat and Bea is settled.
    await owe(ctx, g, ann, bea, 1000);
    await owe(ctx, g, bea, cat, 1000);
    const res = await caller(ctx, bea)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(res.statusCode).toBe(200);
    const blocked = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/${ann.id}`);
    expect(errorBody(blocked).code).toBe('OUTSTANDING_BALANCE');
  });

  it('not simplified, the same member is not settled', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    await owe(ctx, g, ann, bea, 1000);
    await owe(ctx, g, bea, cat, 1000);
    const res = await caller(ctx, bea)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(res.statusCode).toBe(409);
  });

  it('GET /groups/{id} says whether everyone is settled: per person when simplified, per pair when not', async () => {
    const [ann, bea, cat, dan] = await users('Ann', 'Bea', 'Cat', 'Dan');
    const plain = await createGroup(db(), ann, 'Plain', [bea, cat, dan]);
    const simple = await createGroup(db(), ann, 'Simple', [bea, cat, dan], { simplifyDebts: true });
    const settled = async (g: number) =>
      (await caller(ctx, dan)('GET', `/api/groups/${g}`)).json<{ everyoneSettled: boolean }>()
        .everyoneSettled;
    expect(await settled(plain)).toBe(true);
    expect(await settled(simple)).toBe(true);
    // A circle: Bea owes Ann, Cat owes Bea, Ann owes Cat, 10 each. Everyone nets to zero.
    for (const g of [plain, simple]) {
      await owe(ctx, g, bea, ann, 1000);
      await owe(ctx, g, cat, bea, 1000);
      await owe(ctx, g, ann, cat, 1000);
    }
    // Paid pair by pair, the circle is three open debts; simplified, nobody needs to pay anyone.
    expect(await settled(plain)).toBe(false);
    expect(await settled(simple)).toBe(true);
    // Dan himself is settled in both (his lines are empty).
    expect((await caller(ctx, dan)('GET', `/api/balances/group/${plain}`)).json()).toEqual([]);
    await owe(ctx, simple, dan, ann, 500);
    expect(await settled(simple)).toBe(false);
  });

  it('creator rights pass to the earliest-joined remaining member; the last member cannot leave', async () => {
    const [ann, bea, cat, dan] = await users('Ann', 'Bea', 'Cat', 'Dan');
    await befriend(db(), ann, bea);
    const g = await createGroup(db(), ann, 'Trip', [cat, dan]);
    // Bea joins last, by id.
    await caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberIds: [bea.id] });
    const res = await caller(ctx, ann)('DELETE', `/api/groups/${g}/members/${ann.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupBody>()).toMatchObject({
      creator: u(cat),
      members: [m(cat), m(dan), m(bea)],
    });
    // Cat now holds creator rights.
    const removed = await caller(ctx, cat)('DELETE', `/api/groups/${g}/members/${dan.id}`);
    expect(removed.statusCode).toBe(200);
    const leave = await caller(ctx, cat)('DELETE', `/api/groups/${g}/members/${cat.id}`);
    expect(leave.json<GroupBody>()).toMatchObject({ creator: u(bea), members: [m(bea)] });

    const last = await caller(ctx, bea)('DELETE', `/api/groups/${g}/members/${bea.id}`);
    expect(last.statusCode).toBe(409);
    expect(errorBody(last)).toMatchObject({
      code: 'LAST_MEMBER',
      message: 'You are the last member of this group. Delete the group instead.',
    });
    const deleted = await caller(ctx, bea)('DELETE', `/api/groups/${g}`);
    expect(deleted.statusCode).toBe(204);
  });
});

describe('DELETE /groups/{id}', () => {
  it('creator only, everyone settled; deletes expenses, payments and comments', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    const other = await createGroup(db(), bea, 'Other', [ann]);
    await insertExpenseWithComment(g, ann);
    await insertPayment(g, bea, ann);
    const keptExpense = await insertExpenseWithComment(other, bea);

    const notCreator = await caller(ctx, bea)('DELETE', `/api/groups/${g}`);
    expect(notCreator.statusCode).toBe(403);
    expect(errorBody(notCreator)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the group creator can delete this group.',
    });

    // A former member's open balance also blocks deletion.
    await owe(ctx, g, cat, bea, 300);
    await leaveGroup(db(), g, cat.id);
    const outstanding = await caller(ctx, ann)('DELETE', `/api/groups/${g}`);
    expect(outstanding.statusCode).toBe(409);
    expect(errorBody(outstanding)).toMatchObject({
      code: 'OUTSTANDING_BALANCE',
      message: 'This group still has outstanding balances. Settle up before deleting it.',
    });
    await owe(ctx, g, bea, cat, 300);

    const res = await caller(ctx, ann)('DELETE', `/api/groups/${g}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await db().select().from(groups).where(eq(groups.id, g))).toEqual([]);
    expect((await db().select().from(expenses)).map((e) => e.id)).toEqual([keptExpense]);
    expect(await db().select().from(payments)).toEqual([]);
    expect((await db().select().from(comments)).map((c) => c.expenseId)).toEqual([keptExpense]);
    const gone = await caller(ctx, ann)('GET', `/api/groups/${g}`);
    expect(gone.statusCode).toBe(404);
    expect((await caller(ctx, ann)('GET', '/api/groups/my')).json<GroupBody[]>()).toHaveLength(1);
  });

  it('a simplified group whose pairs cancel out counts as settled', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Ring', [bea, cat], { simplifyDebts: true });
    await owe(ctx, g, ann, bea, 500);
    await owe(ctx, g, bea, cat, 500);
    await owe(ctx, g, cat, ann, 500);
    const res = await caller(ctx, ann)('DELETE', `/api/groups/${g}`);
    expect(res.statusCode).toBe(204);
    expect(await db().select().from(pairBalances)).toEqual([]);
  });
});

describe('GET /groups/{id}/settle-suggestions', () => {
  it('returns the simplification plan whatever simplifyDebts says', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const g = await createGroup(db(), ann, 'Trip', [bea, cat]);
    const empty = await caller(ctx, cat)('GET', `/api/groups/${g}/settle-suggestions`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    await owe(ctx, g, ann, bea, 1000);
    await owe(ctx, g, bea, cat, 1000);
    const res = await caller(ctx, cat)('GET', `/api/groups/${g}/settle-suggestions`);
    expect(res.json()).toEqual([{ from: u(ann), to: u(cat), amount: 10, currency: 'USD' }]);
  });
});

describe('change notifications', () => {
  it('friendship and group changes reach both parties / every member and the one who leaves', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    await befriend(db(), ann, bea);
    const listener = await listenChanges(ctx);
    try {
      const req = await caller(ctx, ann)('POST', '/api/friendships/requests', {
        recipientEmail: 'cat@example.com',
      });
      const fid = req.json<FriendshipBody>().id;
      await caller(ctx, cat)('PUT', `/api/friendships/requests/${fid}/accept`);
      const g = (await caller(ctx, ann)('POST', '/api/groups', { name: 'Trip' })).json<GroupBody>()
        .id;
      await caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberIds: [bea.id, cat.id] });
      await caller(ctx, cat)('DELETE', `/api/groups/${g}/members/${cat.id}`);
      await caller(ctx, ann)('DELETE', `/api/groups/${g}`);
      await listener.settle();
      const seen = listener.changes.map((c) => [
        c.entity,
        c.action,
        c.id,
        c.groupId,
        [...c.recipients].sort((x, y) => x - y),
      ]);
      const sorted = (...ids: number[]) => ids.sort((x, y) => x - y);
      expect(seen).toEqual([
        ['friendship', 'created', fid, null, sorted(ann.id, cat.id)],
        ['friendship', 'updated', fid, null, sorted(ann.id, cat.id)],
        ['group', 'created', g, g, [ann.id]],
        ['group', 'updated', g, g, sorted(ann.id, bea.id, cat.id)],
        ['group', 'updated', g, g, sorted(ann.id, bea.id, cat.id)],
        ['group', 'deleted', g, g, sorted(ann.id, bea.id)],
      ]);
      for (const c of listener.changes) expect(c.at).toMatch(ISO);
    } finally {
      listener.stop();
    }
  });

  it('a refused write changes nothing and notifies no one', async () => {
    const [ann, bea] = await users('Ann', 'Bea');
    const g = (await caller(ctx, ann)('POST', '/api/groups', { name: 'Trip' })).json<GroupBody>()
      .id;
    const listener = await listenChanges(ctx);
    try {
      expect((await caller(ctx, bea)('DELETE', `/api/groups/${g}`)).statusCode).toBe(403);
      expect(
        (await caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberIds: [bea.id] }))
          .statusCode,
      ).toBe(400);
      await listener.settle();
      expect(listener.changes).toEqual([]);
    } finally {
      listener.stop();
    }
  });
});
