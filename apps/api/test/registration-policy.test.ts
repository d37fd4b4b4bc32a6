// Who may sign up (REGISTRATION=open|invite|closed) and GET /api/config, through the real HTTP
// stack (API plan §B). Each way of being invited is checked under `invite`.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groupInviteLinks, invitations, users } from '../src/db/schema.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import { createGroup, createUsers } from './support/fixtures.js';

const INVITE_ONLY = 'Sign-ups on this server need an invitation. Ask a member for an invite link.';

function register(ctx: TestContext, email: string, inviteToken?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      name: 'New Person',
      email,
      password: 'secret123',
      ...(inviteToken === undefined ? {} : { inviteToken }),
    },
  });
}

describe('REGISTRATION=open (default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SUPPORT_URL: 'mailto:help@example.com' });
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.reset();
  });

  it('lets anyone register and publishes the policy and the support address', async () => {
    expect((await register(ctx, 'anyone@example.com')).statusCode).toBe(201);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({
      registration: 'open',
      supportUrl: 'mailto:help@example.com',
      oidc: null,
      passwordSignIn: true,
    });
  });

  it('ignores an unknown invite token', async () => {
    expect((await register(ctx, 'anyone@example.com', 'nonsense-token')).statusCode).toBe(201);
  });
});

describe('REGISTRATION=invite', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ REGISTRATION: 'invite' });
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.reset();
  });

  it('publishes the policy with no support address', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({
      registration: 'invite',
      supportUrl: null,
      oidc: null,
      passwordSignIn: true,
    });
  });

  it('refuses a sign-up without an invitation', async () => {
    const res = await register(ctx, 'stranger@example.com');
    expect(res.statusCode).toBe(403);
    expect(errorBody(res)).toMatchObject({
      code: 'REGISTRATION_INVITE_ONLY',
      message: INVITE_ONLY,
    });
    const rows = await ctx.database.handle.db.select().from(users);
    expect(rows).toHaveLength(0);
  });

  it('admits a friend link token, and refuses it once replaced', async () => {
    const [ann] = await createUsers(ctx, 'Ann');
    if (ann === undefined) throw new Error('no user');
    const link = await ctx.app.inject({
      method: 'GET',
      url: '/api/friend-link',
      headers: ann.auth,
    });
    const { token } = link.json<{ token: string }>();
    const replaced = await ctx.app.inject({
      method: 'POST',
      url: '/api/friend-link',
      headers: ann.auth,
    });
    expect(replaced.statusCode).toBe(201);
    const refused = await register(ctx, 'old-link@example.com', token);
    expect(errorBody(refused).code).toBe('REGISTRATION_INVITE_ONLY');
    const fresh = replaced.json<{ token: string }>().token;
    expect((await register(ctx, 'bob@example.com', fresh)).statusCode).toBe(201);
  });

  it('admits a live group invite link, not a revoked or expired one', async () => {
    const [ann] = await createUsers(ctx, 'Ann');
    if (ann === undefined) throw new Error('no user');
    const groupId = await createGroup(ctx.database.handle.db, ann, 'Trip');
    const day = 24 * 60 * 60 * 1000;
    await ctx.database.handle.db.insert(groupInviteLinks).values([
      { groupId, token: 'live-link-token-000000', createdById: ann.id },
      {
        groupId,
        token: 'revoked-link-token-0000',
        createdById: ann.id,
        revokedAt: new Date(),
      },
      {
        groupId,
        token: 'expired-link-token-0000',
        createdById: ann.id,
        expiresAt: new Date(Date.now() - day),
      },
      {
        groupId,
        token: 'future-link-token-00000',
        createdById: ann.id,
        expiresAt: new Date(Date.now() + day),
      },
    ]);
    expect(errorBody(await register(ctx, 'a@example.com', 'revoked-link-token-0000')).code).toBe(
      'REGISTRATION_INVITE_ONLY',
    );
    expect(errorBody(await register(ctx, 'a@example.com', 'expired-link-token-0000')).code).toBe(
      'REGISTRATION_INVITE_ONLY',
    );
    expect((await register(ctx, 'a@example.com', 'live-link-token-000000')).statusCode).toBe(201);
    expect((await register(ctx, 'b@example.com', 'future-link-token-00000')).statusCode).toBe(201);
  });

  it('admits an address with a pending invitation, once', async () => {
    const [ann] = await createUsers(ctx, 'Ann');
    if (ann === undefined) throw new Error('no user');
    const invite = await ctx.app.inject({
      method: 'POST',
      url: '/api/friendships/requests',
      headers: ann.auth,
      payload: { recipientEmail: 'invited@example.com' },
    });
    expect(invite.statusCode).toBe(202);
    const rows = await ctx.database.handle.db.select().from(invitations);
    expect(rows.map((r) => r.email)).toEqual(['invited@example.com']);
    expect(errorBody(await register(ctx, 'other@example.com')).code).toBe(
      'REGISTRATION_INVITE_ONLY',
    );
    expect((await register(ctx, 'Invited@Example.com')).statusCode).toBe(201);
  });

  it("admits an unclaimed guest's address", async () => {
    const [ann] = await createUsers(ctx, 'Ann');
    if (ann === undefined) throw new Error('no user');
    const groupId = await createGroup(ctx.database.handle.db, ann, 'Trip');
    await ctx.database.handle.db.insert(users).values({
      name: 'Gus',
      kind: 'GUEST',
      guestGroupId: groupId,
      guestEmail: 'gus@example.com',
      guestAddedById: ann.id,
    });
    expect((await register(ctx, 'gus@example.com')).statusCode).toBe(201);
  });
});

describe('REGISTRATION=closed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ REGISTRATION: 'closed' });
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.reset();
  });

  it('refuses every sign-up, even with an invitation; sign-in still works', async () => {
    const [ann] = await createUsers(ctx, 'Ann');
    if (ann === undefined) throw new Error('no user');
    const link = await ctx.app.inject({
      method: 'GET',
      url: '/api/friend-link',
      headers: ann.auth,
    });
    const res = await register(ctx, 'new@example.com', link.json<{ token: string }>().token);
    expect(res.statusCode).toBe(403);
    expect(errorBody(res)).toMatchObject({
      code: 'REGISTRATION_CLOSED',
      message: 'This server is not accepting new accounts.',
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ann.email, password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({
      registration: 'closed',
      supportUrl: null,
      oidc: null,
      passwordSignIn: true,
    });
  });
});
