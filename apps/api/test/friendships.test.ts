// Friendships and friend requests through the real HTTP stack (docs/api.md §4.2, §3 Friendship).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { friendships, invitations, users as usersTable } from '../src/db/schema.js';
import { befriend, createGroup } from './support/fixtures.js';
import type { TestUser } from './support/fixtures.js';
import { caller, makeUsers, owe } from './support/social.js';
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

interface FriendshipBody {
  id: number;
  status: 'PENDING' | 'ACCEPTED';
  direction: 'INCOMING' | 'OUTGOING' | null;
  otherUser: { id: number; name: string; email: string };
  netBalance: number;
  nonGroupBalance: number;
  currency: string;
  byCurrency: { currency: string; netBalance: number; nonGroupBalance: number }[];
  createdAt: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const db = () => ctx.database.handle.db;

function users<const N extends readonly string[]>(...names: N) {
  return makeUsers(ctx, ...names);
}

describe('POST /friendships/requests', () => {
  it('creates a PENDING / OUTGOING request to an existing user (201)', async () => {
    const [ann, bea] = await users('Ann', 'Bea');
    const res = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: '  BEA@example.com ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<FriendshipBody>();
    expect(body).toEqual({
      id: expect.any(Number),
      status: 'PENDING',
      direction: 'OUTGOING',
      otherUser: { id: bea.id, name: 'Bea', email: 'bea@example.com', avatarUrl: null },
      netBalance: 0,
      nonGroupBalance: 0,
      currency: 'USD',
      byCurrency: [],
      createdAt: expect.stringMatching(ISO),
    });

    const incoming = await caller(ctx, bea)('GET', '/api/friendships/requests/incoming');
    expect(incoming.statusCode).toBe(200);
    expect(incoming.json<FriendshipBody[]>()).toMatchObject([
      { id: body.id, status: 'PENDING', direction: 'INCOMING', otherUser: { name: 'Ann' } },
    ]);
    const outgoing = await caller(ctx, ann)('GET', '/api/friendships/requests/outgoing');
    expect(outgoing.json<FriendshipBody[]>()).toMatchObject([
      { id: body.id, direction: 'OUTGOING', otherUser: { email: 'bea@example.com' } },
    ]);
    expect((await caller(ctx, ann)('GET', '/api/friendships/requests/incoming')).json()).toEqual(
      [],
    );
  });

  it('also sends requests to unverified accounts', async () => {
    const [ann] = await users('Ann');
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Cat', email: 'cat@example.com', password: 'secret123' },
    });
    expect(reg.statusCode).toBe(201);
    const res = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'cat@example.com',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<FriendshipBody>().status).toBe('PENDING');
  });

  it('accepts when the other person already asked the caller (201 ACCEPTED)', async () => {
    const [ann, bea] = await users('Ann', 'Bea');
    const first = await caller(ctx, bea)('POST', '/api/friendships/requests', {
      recipientEmail: 'ann@example.com',
    });
    const res = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'bea@example.com',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<FriendshipBody>()).toMatchObject({
      id: first.json<FriendshipBody>().id,
      status: 'ACCEPTED',
      direction: null,
      otherUser: { id: bea.id },
    });
    const friends = await caller(ctx, bea)('GET', '/api/friendships/friends');
    expect(friends.json<FriendshipBody[]>()).toMatchObject([
      { status: 'ACCEPTED', otherUser: { name: 'Ann' } },
    ]);
  });

  it('answers 202 with no body and mails an invitation for an unknown address', async () => {
    const [ann] = await users('Ann');
    const res = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'New.Person+x@Example.com',
    });
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    const mail = await ctx.smtp.waitFor('new.person+x@example.com');
    const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(decoded).toContain('http://evenly.test/register?email=new.person%2Bx@example.com');
    expect(decoded).toContain('Ann');
    const rows = await db().select().from(invitations);
    expect(rows).toMatchObject([
      { inviterId: ann.id, email: 'new.person+x@example.com', groupId: null },
    ]);
    expect(rows[0]?.mailedAt).toBeInstanceOf(Date);
  });

  it('limits invitation e-mails: 1 per (inviter, address) per day, 20 per inviter per day', async () => {
    const [ann, bea] = await users('Ann', 'Bea');
    const send = (who: TestUser, email: string) =>
      caller(ctx, who)('POST', '/api/friendships/requests', { recipientEmail: email });
    expect((await send(ann, 'x0@example.com')).statusCode).toBe(202);
    expect((await send(ann, 'x0@example.com')).statusCode).toBe(202);
    for (let i = 1; i < 22; i++)
      expect((await send(ann, `x${i}@example.com`)).statusCode).toBe(202);
    // Another inviter is counted on its own.
    expect((await send(bea, 'x0@example.com')).statusCode).toBe(202);
    await ctx.smtp.waitFor('x19@example.com');
    await ctx.smtp.waitFor('x0@example.com', (m) => m.raw.includes('Bea invited you'));
    // Every queued mail has gone out: none missing, none extra.
    await ctx.drainJobs();
    const toX0 = ctx.smtp.mails.filter((m) => m.to.includes('x0@example.com'));
    expect(toX0).toHaveLength(2); // one from Ann, one from Bea
    expect(ctx.smtp.mails.filter((m) => m.to.includes('x20@example.com'))).toHaveLength(0);
    expect(ctx.smtp.mails.filter((m) => m.to.includes('x21@example.com'))).toHaveLength(0);
    expect(ctx.smtp.mails).toHaveLength(21);
    // Every invitation is still recorded.
    expect(await db().select().from(invitations)).toHaveLength(24);
  });

  it('refuses invalid addresses, oneself, existing friends and repeated requests', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const send = (email: unknown) =>
      caller(ctx, ann)('POST', '/api/friendships/requests', { recipientEmail: email });

    const invalid = await send('not-an-address');
    expect(invalid.statusCode).toBe(400);
    expect(errorBody(invalid)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid email address.',
    });
    const missing = await caller(ctx, ann)('POST', '/api/friendships/requests', {});
    expect(errorBody(missing).message).toBe('Please enter a valid email address.');

    const self = await send('ANN@example.com');
    expect(self.statusCode).toBe(400);
    expect(errorBody(self)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'You cannot send a friend request to yourself.',
    });

    await befriend(db(), ann, bea);
    const friends = await send('bea@example.com');
    expect(friends.statusCode).toBe(409);
    expect(errorBody(friends)).toMatchObject({
      code: 'ALREADY_FRIENDS',
      message: 'You are already friends with Bea.',
    });

    expect((await send('cat@example.com')).statusCode).toBe(201);
    const again = await send('cat@example.com');
    expect(again.statusCode).toBe(409);
    expect(errorBody(again)).toMatchObject({
      code: 'REQUEST_EXISTS',
      message: 'You have already sent a friend request to Cat.',
    });
    expect(cat).toBeDefined();
  });
  it('crossing requests sent at the same time end as one accepted friendship', async () => {
    const [ann, bea] = await users('Ann', 'Bea');
    const [a, b] = await Promise.all([
      caller(ctx, ann)('POST', '/api/friendships/requests', { recipientEmail: 'bea@example.com' }),
      caller(ctx, bea)('POST', '/api/friendships/requests', { recipientEmail: 'ann@example.com' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([a.json<FriendshipBody>().status, b.json<FriendshipBody>().status].sort()).toEqual([
      'ACCEPTED',
      'PENDING',
    ]);
    const rows = await db().select().from(friendships);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('ACCEPTED');
  });

  it('the same request sent twice at once creates one row and one REQUEST_EXISTS', async () => {
    const [ann] = await users('Ann', 'Bea');
    const send = () =>
      caller(ctx, ann)('POST', '/api/friendships/requests', { recipientEmail: 'bea@example.com' });
    const results = await Promise.all([send(), send()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await db().select().from(friendships)).toHaveLength(1);
  });
});

describe('accept and reject', () => {
  async function pending(): Promise<{ ann: TestUser; bea: TestUser; cat: TestUser; id: number }> {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const res = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'bea@example.com',
    });
    return { ann: ann, bea: bea, cat: cat, id: res.json<FriendshipBody>().id };
  }

  it('the recipient accepts: 200 ACCEPTED Friendship', async () => {
    const { ann, bea, id } = await pending();
    const res = await caller(ctx, bea)('PUT', `/api/friendships/requests/${id}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json<FriendshipBody>()).toMatchObject({
      id,
      status: 'ACCEPTED',
      direction: null,
      otherUser: { id: ann.id, name: 'Ann', email: 'ann@example.com' },
      netBalance: 0,
    });
    const again = await caller(ctx, bea)('PUT', `/api/friendships/requests/${id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(errorBody(again)).toMatchObject({
      code: 'REQUEST_NOT_PENDING',
      message: 'This friend request is no longer pending.',
    });
    const rejectAccepted = await caller(ctx, bea)('PUT', `/api/friendships/requests/${id}/reject`);
    expect(rejectAccepted.statusCode).toBe(409);
    expect(errorBody(rejectAccepted).code).toBe('REQUEST_NOT_PENDING');
  });

  it('refuses the sender, strangers, unknown and malformed ids', async () => {
    const { ann, cat, id } = await pending();
    const bySender = await caller(ctx, ann)('PUT', `/api/friendships/requests/${id}/accept`);
    expect(bySender.statusCode).toBe(403);
    expect(errorBody(bySender)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the recipient can accept this friend request.',
    });
    const rejectBySender = await caller(ctx, ann)('PUT', `/api/friendships/requests/${id}/reject`);
    expect(rejectBySender.statusCode).toBe(403);
    expect(errorBody(rejectBySender).message).toBe(
      'Only the recipient can reject this friend request.',
    );
    for (const url of [
      `/api/friendships/requests/${id}/accept`,
      `/api/friendships/requests/${id}/reject`,
      '/api/friendships/requests/999999/accept',
      '/api/friendships/requests/99999999999999/reject',
    ]) {
      const res = await caller(ctx, cat)('PUT', url);
      expect(res.statusCode).toBe(404);
      expect(errorBody(res)).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Friend request not found.',
      });
    }
    for (const bad of ['0', 'abc', '-1', '1.5']) {
      const res = await caller(ctx, cat)('PUT', `/api/friendships/requests/${bad}/accept`);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res).message).toBe('Invalid Friendship ID.');
    }
    // Nothing changed.
    const [row] = await db().select().from(friendships).where(eq(friendships.id, id));
    expect(row?.status).toBe('PENDING');
  });

  it('the recipient rejects: 204, the row is deleted and the sender may ask again', async () => {
    const { ann, bea, id } = await pending();
    const res = await caller(ctx, bea)('PUT', `/api/friendships/requests/${id}/reject`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await db().select().from(friendships)).toEqual([]);
    const again = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'bea@example.com',
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('GET /friendships/friends', () => {
  it('lists accepted friends by name (case-insensitive) then id, with balances', async () => {
    const [ann, bea, zed, cat, dan] = await users('Ann', 'bea', 'Zed', 'Cat', 'Dan');
    await befriend(db(), ann, zed);
    await befriend(db(), cat, ann);
    await befriend(db(), ann, bea);
    // A pending request is not a friend.
    await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'dan@example.com',
    });
    // Bea owes Ann 12.50 in a group and 2.50 outside groups; Ann owes Cat 7 EUR outside groups.
    const g = await createGroup(db(), ann, 'Trip', [bea]);
    await owe(ctx, g, bea, ann, 1000);
    await owe(ctx, null, bea, ann, 250);
    await owe(ctx, null, ann, cat, 700, 'EUR');

    const res = await caller(ctx, ann)('GET', '/api/friendships/friends');
    expect(res.statusCode).toBe(200);
    const list = res.json<FriendshipBody[]>();
    expect(list.map((f) => f.otherUser.name)).toEqual(['bea', 'Cat', 'Zed']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      status: 'ACCEPTED',
      direction: null,
      otherUser: { id: bea.id, name: 'bea', email: 'bea@example.com', avatarUrl: null },
      netBalance: 12.5,
      nonGroupBalance: 2.5,
      currency: 'USD',
      byCurrency: [{ currency: 'USD', netBalance: 12.5, nonGroupBalance: 2.5 }],
      createdAt: expect.stringMatching(ISO),
    });
    expect(list[1]).toMatchObject({
      netBalance: -7,
      nonGroupBalance: -7,
      currency: 'EUR',
      byCurrency: [{ currency: 'EUR', netBalance: -7, nonGroupBalance: -7 }],
    });
    expect(list[2]).toMatchObject({ netBalance: 0, currency: 'USD', byCurrency: [] });

    // Bea's view is the mirror image.
    const beas = await caller(ctx, bea)('GET', '/api/friendships/friends');
    expect(beas.json<FriendshipBody[]>()).toMatchObject([
      { otherUser: { name: 'Ann' }, netBalance: -12.5, nonGroupBalance: -2.5 },
    ]);
    expect(dan).toBeDefined();
  });

  it('reads friends, their pictures and the balances in one statement', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    await befriend(db(), ann, bea);
    await befriend(db(), cat, ann);
    await owe(ctx, null, bea, ann, 250);
    const get = () => caller(ctx, ann)('GET', '/api/friendships/friends');
    await get();
    const { result: res, statements: own } = await recorder.during(get, ctx.app.jobWorker);
    expect(res.json<FriendshipBody[]>()).toMatchObject([
      { otherUser: { id: bea.id, avatarUrl: null }, netBalance: 2.5 },
      { otherUser: { id: cat.id, avatarUrl: null }, netBalance: 0 },
    ]);
    expect(own).toHaveLength(1);
  });

  it('orders equal names by friendship id; requests are newest first', async () => {
    const [ann, b1, b2, c1, c2] = await users('Ann', 'Bob', 'Bobby', 'Cy', 'Di');
    await db().update(usersTable).set({ name: 'BOB' }).where(eq(usersTable.id, b2.id));
    const f2 = await befriend(db(), ann, b2);
    const f1 = await befriend(db(), ann, b1);
    const list = (await caller(ctx, ann)('GET', '/api/friendships/friends')).json<
      FriendshipBody[]
    >();
    expect(list.map((f) => f.id)).toEqual([f2, f1].sort((a, b) => a - b));

    const r1 = await caller(ctx, c1)('POST', '/api/friendships/requests', {
      recipientEmail: 'ann@example.com',
    });
    // Sent a minute earlier: the two requests' times differ however fast the machine is.
    await db()
      .update(friendships)
      .set({ createdAt: sql`${friendships.createdAt} - interval '1 minute'` })
      .where(eq(friendships.id, r1.json<FriendshipBody>().id));
    const r2 = await caller(ctx, c2)('POST', '/api/friendships/requests', {
      recipientEmail: 'ann@example.com',
    });
    const incoming = (await caller(ctx, ann)('GET', '/api/friendships/requests/incoming')).json<
      FriendshipBody[]
    >();
    expect(incoming.map((f) => f.id)).toEqual([
      r2.json<FriendshipBody>().id,
      r1.json<FriendshipBody>().id,
    ]);
  });
});

describe('DELETE /friendships/{id}', () => {
  it('either party removes a settled friendship; the sender cancels and the recipient declines requests', async () => {
    const [ann, bea, cat] = await users('Ann', 'Bea', 'Cat');
    const id = await befriend(db(), ann, bea);
    const stranger = await caller(ctx, cat)('DELETE', `/api/friendships/${id}`);
    expect(stranger.statusCode).toBe(404);
    expect(errorBody(stranger)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Friendship not found.',
    });
    const unknown = await caller(ctx, cat)('DELETE', '/api/friendships/424242');
    expect(errorBody(unknown).message).toBe('Friendship not found.');
    const bad = await caller(ctx, cat)('DELETE', '/api/friendships/x1');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).message).toBe('Invalid Friendship ID.');

    const res = await caller(ctx, bea)('DELETE', `/api/friendships/${id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await caller(ctx, ann)('GET', '/api/friendships/friends')).json()).toEqual([]);

    const sent = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'cat@example.com',
    });
    const cancel = await caller(ctx, ann)(
      'DELETE',
      `/api/friendships/${sent.json<FriendshipBody>().id}`,
    );
    expect(cancel.statusCode).toBe(204);
    const sent2 = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'cat@example.com',
    });
    const decline = await caller(ctx, cat)(
      'DELETE',
      `/api/friendships/${sent2.json<FriendshipBody>().id}`,
    );
    expect(decline.statusCode).toBe(204);
    expect(await db().select().from(friendships)).toEqual([]);
  });

  it('refuses to remove a friend with an outstanding balance in any currency or group', async () => {
    const [ann, bea] = await users('Ann', 'Bea');
    const id = await befriend(db(), ann, bea);
    const g = await createGroup(db(), ann, 'Trip', [bea]);

    await owe(ctx, null, ann, bea, 1, 'EUR');
    const res = await caller(ctx, ann)('DELETE', `/api/friendships/${id}`);
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toMatchObject({
      code: 'OUTSTANDING_BALANCE',
      message: 'You still have an outstanding balance with Bea.',
    });
    await owe(ctx, null, bea, ann, 1, 'EUR');

    await owe(ctx, g, bea, ann, 500);
    const inGroup = await caller(ctx, bea)('DELETE', `/api/friendships/${id}`);
    expect(inGroup.statusCode).toBe(409);
    expect(errorBody(inGroup).message).toBe('You still have an outstanding balance with Ann.');

    // Group debt cancelled by the opposite non-group debt: net 0 but non-group -5 → still refused.
    await owe(ctx, null, ann, bea, 500);
    expect((await caller(ctx, ann)('DELETE', `/api/friendships/${id}`)).statusCode).toBe(409);

    await owe(ctx, g, ann, bea, 500);
    await owe(ctx, null, bea, ann, 500);
    expect((await caller(ctx, ann)('DELETE', `/api/friendships/${id}`)).statusCode).toBe(204);
  });
});

describe('authentication', () => {
  it('requires a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/friendships/friends' });
    expect(res.statusCode).toBe(401);
  });
});
