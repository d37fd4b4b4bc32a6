// Personal "add me as a friend" links through the real HTTP stack (API plan §B).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { bearer, createTestContext, errorBody } from './support/test-app.js';
import { caller, makeUsers } from './support/social.js';

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

interface Link {
  token: string;
  url: string;
}
interface Friendship {
  id: number;
  status: string;
  direction: string | null;
  otherUser: { id: number; name: string; email: string | null; avatarUrl: string | null };
}

describe('friend links', () => {
  it('is made on the first call, stays the same, and is replaced on request', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const as = caller(ctx, ann);
    const first = await as('GET', '/api/friend-link');
    expect(first.statusCode).toBe(200);
    const link = first.json<Link>();
    expect(link.token).toMatch(/^[\w-]{24}$/);
    expect(link.url).toBe(`http://evenly.test/add-friend/${link.token}`);
    expect((await as('GET', '/api/friend-link')).json<Link>()).toEqual(link);

    const replaced = await as('POST', '/api/friend-link');
    expect(replaced.statusCode).toBe(201);
    const next = replaced.json<Link>();
    expect(next.token).not.toBe(link.token);
    expect((await as('GET', '/api/friend-link')).json<Link>()).toEqual(next);

    const [bob] = await makeUsers(ctx, 'Bob');
    const old = await caller(ctx, bob)('GET', `/api/friend-link/${link.token}`);
    expect(errorBody(old)).toMatchObject({
      status: 404,
      code: 'FRIEND_LINK_INVALID',
      message: 'This friend link is invalid or has been replaced.',
    });
    const oldAccept = await caller(ctx, bob)('POST', `/api/friend-link/${link.token}/accept`);
    expect(errorBody(oldAccept).code).toBe('FRIEND_LINK_INVALID');
  });

  it('shows whose link it is, then makes friends at once; again answers 200', async () => {
    const [ann, bob] = await makeUsers(ctx, 'Ann', 'Bob');
    const { token } = (await caller(ctx, ann)('GET', '/api/friend-link')).json<Link>();
    const own = await caller(ctx, ann)('GET', `/api/friend-link/${token}`);
    expect(own.json()).toEqual({
      user: { id: ann.id, name: 'Ann', email: 'ann@example.com', avatarUrl: null },
      self: true,
      alreadyFriends: false,
    });
    const ownAccept = await caller(ctx, ann)('POST', `/api/friend-link/${token}/accept`);
    expect(errorBody(ownAccept)).toMatchObject({
      status: 400,
      message: 'This is your own friend link.',
    });

    const preview = await caller(ctx, bob)('GET', `/api/friend-link/${token}`);
    expect(preview.json()).toMatchObject({
      user: { id: ann.id },
      self: false,
      alreadyFriends: false,
    });
    const accepted = await caller(ctx, bob)('POST', `/api/friend-link/${token}/accept`);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json<Friendship>()).toMatchObject({
      status: 'ACCEPTED',
      direction: null,
      otherUser: { id: ann.id, name: 'Ann', avatarUrl: null },
    });
    const annFriends = await caller(ctx, ann)('GET', '/api/friendships/friends');
    expect(annFriends.json<Friendship[]>().map((f) => f.otherUser.id)).toEqual([bob.id]);
    expect(
      (await caller(ctx, bob)('GET', `/api/friend-link/${token}`)).json<{
        alreadyFriends: boolean;
      }>().alreadyFriends,
    ).toBe(true);
    const again = await caller(ctx, bob)('POST', `/api/friend-link/${token}/accept`);
    expect(again.statusCode).toBe(200);
    expect(again.json<Friendship>().id).toBe(accepted.json<Friendship>().id);
  });

  it('accepts a pending request either way', async () => {
    const [ann, bob, cid] = await makeUsers(ctx, 'Ann', 'Bob', 'Cid');
    // Bob asked Ann; Bob then opens Ann's link.
    await caller(ctx, bob)('POST', '/api/friendships/requests', { recipientEmail: ann.email });
    const annLink = (await caller(ctx, ann)('GET', '/api/friend-link')).json<Link>();
    const viaLink = await caller(ctx, bob)('POST', `/api/friend-link/${annLink.token}/accept`);
    expect(viaLink.statusCode).toBe(201);
    expect(viaLink.json<Friendship>().status).toBe('ACCEPTED');
    // Ann asked Cid; Cid opens Ann's link.
    await caller(ctx, ann)('POST', '/api/friendships/requests', { recipientEmail: cid.email });
    const cidAccept = await caller(ctx, cid)('POST', `/api/friend-link/${annLink.token}/accept`);
    expect(cidAccept.json<Friendship>().status).toBe('ACCEPTED');
    const pending = await caller(ctx, ann)('GET', '/api/friendships/requests/outgoing');
    expect(pending.json()).toEqual([]);
  });

  it('completes pending group invitations as accepting a request does', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const group = await caller(ctx, ann)('POST', '/api/groups', { name: 'Lisbon' });
    const groupId = group.json<{ id: number }>().id;
    const add = await caller(ctx, ann)('POST', `/api/groups/${groupId}/members`, {
      memberEmail: 'newbie@example.com',
    });
    expect(add.statusCode).toBe(202);
    await ctx.drainJobs();
    ctx.smtp.clear();
    const newbie = await ctx.signUp('Newbie', 'newbie@example.com');
    const as = caller(ctx, { auth: bearer(newbie.token) });
    const { token } = (await caller(ctx, ann)('GET', '/api/friend-link')).json<Link>();
    const accepted = await as('POST', `/api/friend-link/${token}/accept`);
    expect(accepted.statusCode).toBe(201);
    const groups = await as('GET', '/api/groups/my');
    expect(groups.json<{ id: number }[]>().map((g) => g.id)).toEqual([groupId]);
  });

  it('needs a token; junk tokens are 404', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/friend-link' })).statusCode).toBe(401);
    for (const junk of ['x', 'a'.repeat(24), '%00%00', 'a'.repeat(199)]) {
      const res = await caller(ctx, ann)('GET', `/api/friend-link/${junk}`);
      expect(res.statusCode).toBe(404);
    }
    const long = await caller(ctx, ann)('GET', `/api/friend-link/${'a'.repeat(300)}`);
    expect(long.statusCode).toBe(400);
  });
});
