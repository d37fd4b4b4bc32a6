// Authorization around people without accounts and invite links (issue #12): a guest has no
// way in and is seen only in their own group; links work only while live; only members manage
// them; only the right person claims a guest.
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { friendships, groupInviteLinks } from '../src/db/schema.js';
import { JwtService } from '../src/modules/auth/jwt.js';
import { createGroup, leaveGroup } from './support/fixtures.js';
import type { TestUser } from './support/fixtures.js';
import { equalExpense } from './support/ledger.js';
import { caller, makeUsers } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

const db = () => ctx.database.handle.db;

async function guestIn(who: TestUser, groupId: number, name: string, email?: string) {
  const res = await caller(ctx, who)('POST', `/api/groups/${groupId}/guests`, {
    name,
    ...(email === undefined ? {} : { email }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const member = res
    .json<{ members: { id: number; name: string }[] }>()
    .members.find((m) => m.name === name);
  return member?.id ?? 0;
}

async function linkOf(who: TestUser, groupId: number): Promise<string> {
  const res = await caller(ctx, who)('POST', `/api/groups/${groupId}/invite-link`, {});
  expect(res.statusCode).toBe(201);
  return res.json<{ token: string }>().token;
}

describe('a guest has no way in', () => {
  it('cannot log in, reset a password, or use a token made for their id', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const g = await createGroup(db(), ann, 'Trip');
    const dan = await guestIn(ann, g, 'Dan', 'dan@mail.test');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'dan@mail.test', password: 'whatever1' },
    });
    expect(login.statusCode).toBe(401);
    expect(errorBody(login).code).toBe('INVALID_CREDENTIALS');
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'dan@mail.test' },
    });
    expect(forgot.statusCode).toBeLessThan(300);
    await ctx.drainJobs();
    expect(ctx.smtp.mails.filter((m) => m.to.includes('dan@mail.test'))).toEqual([]);
    const jwt = new JwtService(ctx.config.jwtSecret ?? '', ctx.config.jwtTtlSeconds);
    const { token } = await jwt.issue({ userId: dan, tokenVersion: 0 });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('is never a friend, nor named outside their group', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const g = await createGroup(db(), ann, 'Trip', [bea]);
    const other = await createGroup(db(), ann, 'Other', [bea]);
    const dan = await guestIn(ann, g, 'Dan', 'dan@mail.test');
    // A request to the guest's address is an invitation to that address, not a friendship.
    const req = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'dan@mail.test',
    });
    expect(req.statusCode).toBe(202);
    const rows = await db()
      .select()
      .from(friendships)
      .where(or(eq(friendships.requesterId, dan), eq(friendships.addresseeId, dan)));
    expect(rows).toEqual([]);
    for (const groupId of [null, other]) {
      const res = await caller(ctx, ann)('POST', '/api/expenses', {
        ...(groupId === null ? {} : { groupId }),
        ...equalExpense(ann, [ann, { id: dan }], 10),
      });
      expect(res.statusCode).toBe(400);
    }
    const pay = await caller(ctx, ann)('POST', '/api/payments', {
      groupId: other,
      paidByUserId: dan,
      paidToUserId: ann.id,
      amount: 5,
    });
    expect(pay.statusCode).toBe(400);
    // Outsiders see neither the group nor its guests.
    const [eve] = await makeUsers(ctx, 'Eve');
    expect((await caller(ctx, eve)('GET', `/api/groups/${g}`)).statusCode).toBe(403);
    const patch = await caller(ctx, eve)('PATCH', `/api/groups/${g}/guests/${dan}`, { name: 'X' });
    expect(patch.statusCode).toBe(403);
    const add = await caller(ctx, eve)('POST', `/api/groups/${g}/guests`, { name: 'X' });
    expect(add.statusCode).toBe(403);
  });
});

describe('invite links', () => {
  it('only current members read, create and revoke them', async () => {
    const [ann, bea, eve] = await makeUsers(ctx, 'Ann', 'Bea', 'Eve');
    const g = await createGroup(db(), ann, 'Trip', [bea]);
    await leaveGroup(db(), g, bea.id);
    for (const who of [bea, eve]) {
      const as = caller(ctx, who);
      for (const [method, status] of [
        ['GET', 403],
        ['POST', 403],
        ['DELETE', 403],
      ] as const) {
        const res = await as(
          method,
          `/api/groups/${g}/invite-link`,
          method === 'POST' ? {} : undefined,
        );
        expect(res.statusCode).toBe(status);
        expect(errorBody(res).message).toBe('You are not a member of this group.');
      }
    }
    expect((await caller(ctx, ann)('GET', '/api/groups/424242/invite-link')).statusCode).toBe(404);
    expect((await caller(ctx, ann)('GET', '/api/groups/x/invite-link')).statusCode).toBe(400);
  });

  it('revoked, expired and unknown tokens let nobody in', async () => {
    const [ann, eve] = await makeUsers(ctx, 'Ann', 'Eve');
    const g = await createGroup(db(), ann, 'Trip');
    const dan = await guestIn(ann, g, 'Dan');
    const revoked = await linkOf(ann, g);
    await caller(ctx, ann)('DELETE', `/api/groups/${g}/invite-link`);
    const expired = await linkOf(ann, g);
    await db()
      .update(groupInviteLinks)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(groupInviteLinks.token, expired));
    const as = caller(ctx, eve);
    for (const [token, status] of [
      [revoked, 404],
      [expired, 410],
      ['unknown-token', 404],
    ] as const) {
      expect((await as('POST', `/api/invites/${token}/accept`, {})).statusCode).toBe(status);
      expect(
        (await as('POST', `/api/invites/${token}/accept`, { claimGuestId: dan })).statusCode,
      ).toBe(status);
      const claim = await as('POST', `/api/guests/${dan}/claim`, { inviteToken: token });
      expect(claim.statusCode).toBe(403);
    }
    expect((await as('GET', `/api/groups/${g}`)).statusCode).toBe(403);
    // Public preview needs no token but the link must be live; the others need a token.
    const anon = await ctx.app.inject({ method: 'GET', url: `/api/invites/${revoked}` });
    expect(anon.statusCode).toBe(401);
  });

  it("a link of one group claims none of another group's guests", async () => {
    const [ann, eve] = await makeUsers(ctx, 'Ann', 'Eve');
    const g = await createGroup(db(), ann, 'Trip');
    const other = await createGroup(db(), ann, 'Other');
    const zed = await guestIn(ann, other, 'Zed');
    const token = await linkOf(ann, g);
    const accept = await caller(ctx, eve)('POST', `/api/invites/${token}/accept`, {
      claimGuestId: zed,
    });
    expect(accept.statusCode).toBe(404);
    expect(errorBody(accept).message).toBe('Guest not found.');
    const claim = await caller(ctx, eve)('POST', `/api/guests/${zed}/claim`, {
      inviteToken: token,
    });
    expect(claim.statusCode).toBe(403);
    expect(errorBody(claim).code).toBe('NOT_YOUR_GUEST');
    expect((await caller(ctx, eve)('GET', `/api/groups/${other}`)).statusCode).toBe(403);
  });
});

describe('claiming by address', () => {
  it('after registering and verifying that address, not before', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const g = await createGroup(db(), ann, 'Trip');
    const dan = await guestIn(ann, g, 'Dan', 'dan@mail.test');
    await caller(ctx, ann)('POST', '/api/expenses', {
      groupId: g,
      ...equalExpense(ann, [ann, { id: dan }], 40),
    });
    const { token } = await ctx.signUp('Daniel', 'dan@mail.test');
    const auth = { authorization: `Bearer ${token}` };
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/guests/claimable',
      headers: auth,
    });
    expect(list.json()).toMatchObject([
      { guest: { id: dan, name: 'Dan' }, group: { id: g }, balance: { net: -20, currency: 'USD' } },
    ]);
    const claim = await ctx.app.inject({
      method: 'POST',
      url: `/api/guests/${dan}/claim`,
      headers: auth,
      payload: {},
    });
    expect(claim.statusCode).toBe(200);
    const lines = await ctx.app.inject({
      method: 'GET',
      url: `/api/balances/group/${g}`,
      headers: auth,
    });
    expect(lines.json<{ netAmount: number }[]>().map((l) => l.netAmount)).toEqual([-20]);
  });
});
