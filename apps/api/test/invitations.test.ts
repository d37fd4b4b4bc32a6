// Invitations end to end (docs/api.md §5.7): an invitation to an unknown address becomes a friend
// request once that address is verified, and accepting it completes the group invitations.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities, friendships, invitations } from '../src/db/schema.js';
import { befriend, leaveGroup } from './support/fixtures.js';
import type { TestUser } from './support/fixtures.js';
import { caller, makeUsers } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { bearer, createTestContext } from './support/test-app.js';

interface UserBody {
  id: number;
  name: string;
  email: string;
}
interface FriendshipBody {
  id: number;
  status: string;
  direction: string | null;
  otherUser: UserBody;
}
interface GroupBody {
  id: number;
  name: string;
  creator: UserBody;
  members: UserBody[];
}

const u = (p: { id: number; name: string; email: string }): UserBody => ({
  id: p.id,
  name: p.name,
  email: p.email,
});

function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** Someone who signed up through the HTTP flow, as a caller. */
interface Newcomer {
  id: number;
  name: string;
  email: string;
  auth: { authorization: string };
}

describe('with e-mail verification (default)', () => {
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

  async function signUp(name: string, email: string): Promise<Newcomer> {
    // Only the verification mail is wanted: send the queued invitation mails, then drop them.
    await ctx.drainJobs();
    ctx.smtp.clear();
    const { token, id } = await ctx.signUp(name, email);
    return { id, name, email, auth: bearer(token) };
  }

  async function newGroup(owner: TestUser, name: string): Promise<number> {
    const res = await caller(ctx, owner)('POST', '/api/groups', { name });
    return res.json<GroupBody>().id;
  }

  it('friend request + group add to an unknown address → register → verify → accept → in the group', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    await befriend(db(), ann, bea);
    const g = await newGroup(ann, 'Lisbon trip');
    await caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberIds: [bea.id] });

    const req = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'Newbie@Example.com',
    });
    expect(req.statusCode).toBe(202);
    const add = await caller(ctx, ann)('POST', `/api/groups/${g}/members`, {
      memberEmail: 'newbie@example.com',
    });
    expect(add.statusCode).toBe(202);
    expect(add.body).toBe('');

    const mail = await ctx.smtp.waitFor('newbie@example.com');
    expect(decoded(mail.raw)).toContain('http://evenly.test/register?email=newbie@example.com');
    expect(mail.raw).toContain('Ann invited you to Evenly');
    // The group add within 24 h of the first invitation sends no second mail (once every queued
    // mail has gone out).
    await ctx.drainJobs();
    expect(ctx.smtp.mails.filter((m) => m.to.includes('newbie@example.com'))).toHaveLength(1);
    expect(await db().select().from(invitations)).toHaveLength(2);

    const newbie = await signUp('Newbie', 'newbie@example.com');
    const incoming = await caller(ctx, newbie)('GET', '/api/friendships/requests/incoming');
    expect(incoming.statusCode).toBe(200);
    const requests = incoming.json<FriendshipBody[]>();
    expect(requests).toMatchObject([
      { status: 'PENDING', direction: 'INCOMING', otherUser: u(ann) },
    ]);
    const outgoing = await caller(ctx, ann)('GET', '/api/friendships/requests/outgoing');
    expect(outgoing.json<FriendshipBody[]>()).toMatchObject([
      { direction: 'OUTGOING', otherUser: { id: newbie.id, email: 'newbie@example.com' } },
    ]);
    expect((await caller(ctx, newbie)('GET', '/api/groups/my')).json()).toEqual([]);

    const id = requests[0]?.id ?? 0;
    const accept = await caller(ctx, newbie)('PUT', `/api/friendships/requests/${id}/accept`);
    expect(accept.statusCode).toBe(200);
    expect(accept.json<FriendshipBody>()).toMatchObject({ status: 'ACCEPTED', otherUser: u(ann) });

    const mine = (await caller(ctx, newbie)('GET', '/api/groups/my')).json<GroupBody[]>();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: g,
      name: 'Lisbon trip',
      creator: u(ann),
      members: [u(ann), u(bea), { id: newbie.id, name: 'Newbie', email: 'newbie@example.com' }],
    });
    const feed = await db().select().from(activities).where(eq(activities.type, 'member_added'));
    expect(
      feed.filter((a) => a.recipientId === bea.id).map((a) => [a.actorId, a.description]),
    ).toEqual([
      [ann.id, 'Ann added Bea'],
      [ann.id, 'Ann added Newbie'],
    ]);

    // Done once: leaving and becoming friends again does not re-add.
    await caller(ctx, newbie)('DELETE', `/api/groups/${g}/members/${newbie.id}`);
    await caller(ctx, newbie)('DELETE', `/api/friendships/${id}`);
    const again = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'newbie@example.com',
    });
    expect(again.statusCode).toBe(201);
    await caller(ctx, newbie)(
      'PUT',
      `/api/friendships/requests/${again.json<FriendshipBody>().id}/accept`,
    );
    expect((await caller(ctx, newbie)('GET', '/api/groups/my')).json()).toEqual([]);
  });

  it('several inviters each become a request; a rejected one adds to no group', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const g = await newGroup(bea, 'Flat');
    await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'cy@example.com',
    });
    await caller(ctx, bea)('POST', `/api/groups/${g}/members`, { memberEmail: 'cy@example.com' });
    const bMail = await ctx.smtp.waitFor('cy@example.com', (m) => m.raw.includes('Bea'));
    expect(decoded(bMail.raw)).toContain('Flat');

    const cy = await signUp('Cy', 'cy@example.com');
    const incoming = (await caller(ctx, cy)('GET', '/api/friendships/requests/incoming')).json<
      FriendshipBody[]
    >();
    expect(incoming.map((f) => f.otherUser.name).sort()).toEqual(['Ann', 'Bea']);
    const fromBea = incoming.find((f) => f.otherUser.id === bea.id);
    const reject = await caller(ctx, cy)(
      'PUT',
      `/api/friendships/requests/${fromBea?.id ?? 0}/reject`,
    );
    expect(reject.statusCode).toBe(204);
    expect((await caller(ctx, cy)('GET', '/api/groups/my')).json()).toEqual([]);
    // Converted invitations do not come back.
    const rows = await db().select().from(invitations);
    expect(rows.every((r) => r.convertedAt !== null)).toBe(true);
  });

  it('skips groups that were deleted or that the inviter left', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    await befriend(db(), ann, bea);
    const kept = await newGroup(ann, 'Kept');
    const left = await newGroup(ann, 'Left');
    const deleted = await newGroup(ann, 'Deleted');
    await caller(ctx, ann)('POST', `/api/groups/${left}/members`, { memberIds: [bea.id] });
    for (const g of [kept, left, deleted]) {
      const res = await caller(ctx, ann)('POST', `/api/groups/${g}/members`, {
        memberEmail: 'dee@example.com',
      });
      expect(res.statusCode).toBe(202);
    }
    await leaveGroup(db(), left, ann.id);
    expect((await caller(ctx, ann)('DELETE', `/api/groups/${deleted}`)).statusCode).toBe(204);

    const dee = await signUp('Dee', 'dee@example.com');
    const [request] = (await caller(ctx, dee)('GET', '/api/friendships/requests/incoming')).json<
      FriendshipBody[]
    >();
    await caller(ctx, dee)('PUT', `/api/friendships/requests/${request?.id ?? 0}/accept`);
    const mine = (await caller(ctx, dee)('GET', '/api/groups/my')).json<GroupBody[]>();
    expect(mine.map((g) => g.name)).toEqual(['Kept']);
  });

  it('an address already asked by the inviter gets no second request; accepting still completes the group', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const g = await newGroup(ann, 'Trip');
    await caller(ctx, ann)('POST', `/api/groups/${g}/members`, { memberEmail: 'eli@example.com' });
    // Eli registers; before verifying, Ann (seeing the account exists) sends a plain request.
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Eli', email: 'eli@example.com', password: 'secret123' },
    });
    expect(reg.statusCode).toBe(201);
    const direct = await caller(ctx, ann)('POST', '/api/friendships/requests', {
      recipientEmail: 'eli@example.com',
    });
    expect(direct.statusCode).toBe(201);

    const mail = await ctx.smtp.waitFor('eli@example.com', (m) => m.raw.includes('verify-email'));
    const link = /https?:\/\/[^\s"<>]*\/verify-email\?token=[A-Za-z0-9_%-]+/.exec(
      decoded(mail.raw),
    );
    const verify = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify?token=${new URL(link?.[0] ?? 'http://x/').searchParams.get('token') ?? ''}`,
    });
    expect(verify.statusCode).toBe(200);
    expect(await db().select().from(friendships)).toHaveLength(1);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'eli@example.com', password: 'secret123' },
    });
    const eli = { auth: bearer(login.json<{ token: string }>().token) };
    const accept = await caller(ctx, eli)(
      'PUT',
      `/api/friendships/requests/${direct.json<FriendshipBody>().id}/accept`,
    );
    expect(accept.statusCode).toBe(200);
    const mine = (await caller(ctx, eli)('GET', '/api/groups/my')).json<GroupBody[]>();
    expect(mine.map((g) => g.id)).toEqual([g]);
  });
});

describe('without e-mail verification', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.reset();
  });

  it('turns invitations into requests at registration', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const g = (await caller(ctx, ann)('POST', '/api/groups', { name: 'Trip' })).json<GroupBody>()
      .id;
    const add = await caller(ctx, ann)('POST', `/api/groups/${g}/members`, {
      memberEmail: 'fay@example.com',
    });
    expect(add.statusCode).toBe(202);
    const { token } = await ctx.signUp('Fay', 'fay@example.com');
    const fay = { auth: bearer(token) };
    const [request] = (await caller(ctx, fay)('GET', '/api/friendships/requests/incoming')).json<
      FriendshipBody[]
    >();
    expect(request).toMatchObject({ status: 'PENDING', otherUser: u(ann) });
    const accept = await caller(ctx, fay)(
      'PUT',
      `/api/friendships/requests/${request?.id ?? 0}/accept`,
    );
    expect(accept.statusCode).toBe(200);
    const group = (await caller(ctx, fay)('GET', `/api/groups/${g}`)).json<GroupBody>();
    expect(group.members.map((m) => m.name)).toEqual(['Ann', 'Fay']);
  });
});
