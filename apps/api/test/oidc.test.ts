// OpenID Connect sign-in (issue #34) through the real HTTP stack against a real provider
// (oidc-provider, started here): a new account, linking by a verified address only, a refused
// state, a nonce mismatch, a cancelled sign-in, one-time codes, REGISTRATION, OIDC_ONLY.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { oidcIdentities, users } from '../src/db/schema.js';
import { createUsers } from './support/fixtures.js';
import { signInAtProvider, startTestProvider } from './support/oidc-provider.js';
import type { TestProvider } from './support/oidc-provider.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestContext } from './support/test-app.js';

const APP_URL = 'http://evenly.test';
const CALLBACK = `${APP_URL}/api/auth/oidc/callback`;

interface Started {
  authorizationUrl: string;
  cookie: string;
  state: string;
}

async function start(ctx: TestContext, next?: string): Promise<Started> {
  const query = next === undefined ? '' : `?next=${encodeURIComponent(next)}`;
  const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/oidc/start${query}` });
  expect(res.statusCode).toBe(302);
  const authorizationUrl = String(res.headers.location);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  const cookie = setCookie.split(';')[0] ?? '';
  const params = new URL(authorizationUrl).searchParams;
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('nonce')).toMatch(/.{20,}/);
  return { authorizationUrl, cookie, state: params.get('state') ?? '' };
}

/** Opens the provider's redirect back in the app, with (or without) this browser's cookie. */
async function callback(ctx: TestContext, url: string, cookie?: string): Promise<URL> {
  const parsed = new URL(url);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${parsed.pathname}${parsed.search}`,
    headers: cookie === undefined ? {} : { cookie },
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

function exchange(ctx: TestContext, code: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/oidc/session', payload: { code } });
}

/** The whole round trip as `account`; answers where the app sent the browser. */
async function signIn(ctx: TestContext, account: string, next?: string): Promise<URL> {
  const started = await start(ctx, next);
  const back = await signInAtProvider(started.authorizationUrl, CALLBACK, { account });
  return callback(ctx, back, started.cookie);
}

async function session(ctx: TestContext, landing: URL) {
  expect(landing.pathname).toBe('/signin/oidc');
  const res = await exchange(ctx, landing.searchParams.get('code') ?? '');
  expect(res.statusCode).toBe(200);
  return res.json<{
    token: string;
    id: number;
    email: string;
    name: string;
    next: string | null;
  }>();
}

function oidcError(landing: URL): string | null {
  expect(landing.pathname).toBe('/login');
  return landing.searchParams.get('oidc_error');
}

describe('OpenID Connect sign-in', () => {
  let provider: TestProvider;
  let ctx: TestContext;
  beforeAll(async () => {
    provider = await startTestProvider(CALLBACK);
    ctx = await createTestContext({ ...provider.env, APP_URL });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });
  beforeEach(async () => {
    await ctx.reset();
    provider.accounts.clear();
  });

  it('publishes the button in GET /api/config', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ oidc: { name: 'Test ID' }, passwordSignIn: true });
  });

  it('creates the account on the first sign-in, and signs the same person in after', async () => {
    provider.accounts.set('zoe-1', { email: 'Zoe@Example.com', emailVerified: true, name: 'Zoe' });
    const first = await session(ctx, await signIn(ctx, 'zoe-1'));
    expect(first).toMatchObject({ email: 'zoe@example.com', name: 'Zoe', next: null });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: first.id, email: 'zoe@example.com' });

    // The link is the subject, not the address: a changed address still finds the account.
    provider.accounts.set('zoe-1', { email: 'zoe@new.example', emailVerified: true, name: 'Zoe' });
    const again = await session(ctx, await signIn(ctx, 'zoe-1'));
    expect(again.id).toBe(first.id);
    expect(await ctx.database.handle.db.select().from(users)).toHaveLength(1);
  });

  it('refuses an account an administrator disabled, linked or by its address', async () => {
    const [ann] = await createUsers(ctx, 'Ann');
    await ctx.database.handle.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, ann?.id ?? 0));
    provider.accounts.set('ann-sub', { email: 'ann@example.com', emailVerified: true, name: 'A' });
    expect(oidcError(await signIn(ctx, 'ann-sub'))).toBe('OIDC_ACCOUNT_DISABLED');
    // Linked on that attempt: the next sign-in finds the link, and is refused all the same.
    expect(oidcError(await signIn(ctx, 'ann-sub'))).toBe('OIDC_ACCOUNT_DISABLED');
  });

  it('links an existing account when the provider vouches for the address', async () => {
    const [ann] = await createUsers(ctx, 'Ann');
    provider.accounts.set('ann-sub', { email: 'ann@example.com', emailVerified: true, name: 'A' });
    const signedIn = await session(
      ctx,
      await signIn(ctx, 'ann-sub', '/join/Xr4kP9wQ2mZ7tB1vN8sL5cHd'),
    );
    expect(signedIn).toMatchObject({
      id: ann?.id,
      name: 'Ann',
      next: '/join/Xr4kP9wQ2mZ7tB1vN8sL5cHd',
    });
    const links = await ctx.database.handle.db.select().from(oidcIdentities);
    expect(links).toEqual([
      expect.objectContaining({ issuer: provider.issuer, subject: 'ann-sub', userId: ann?.id }),
    ]);
  });

  it('refuses to link an existing account when the address is not verified', async () => {
    await createUsers(ctx, 'Ann');
    provider.accounts.set('mallory', { email: 'ann@example.com', emailVerified: false, name: 'M' });
    expect(oidcError(await signIn(ctx, 'mallory'))).toBe('OIDC_EMAIL_UNVERIFIED');
    expect(await ctx.database.handle.db.select().from(oidcIdentities)).toHaveLength(0);
  });

  it('refuses a state that is not this browser’s, unknown, or used before', async () => {
    provider.accounts.set('zoe-1', { email: 'zoe@example.com', emailVerified: true, name: 'Zoe' });
    const started = await start(ctx);
    const back = await signInAtProvider(started.authorizationUrl, CALLBACK, { account: 'zoe-1' });
    // Another browser (no cookie, or another sign-in's cookie) opening this callback URL.
    expect(oidcError(await callback(ctx, back))).toBe('OIDC_STATE_REFUSED');
    const other = await start(ctx);
    expect(oidcError(await callback(ctx, back, other.cookie))).toBe('OIDC_STATE_REFUSED');
    // A state the server never issued, with a cookie that matches it.
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    expect(
      oidcError(await callback(ctx, forged.href, 'evenly_oidc_state=forged-state-value')),
    ).toBe('OIDC_STATE_REFUSED');
    // The right browser is let in once; the same answer replayed is refused.
    expect((await callback(ctx, back, started.cookie)).pathname).toBe('/signin/oidc');
    expect(oidcError(await callback(ctx, back, started.cookie))).toBe('OIDC_STATE_REFUSED');
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    provider.accounts.set('zoe-1', { email: 'zoe@example.com', emailVerified: true, name: 'Zoe' });
    const started = await start(ctx);
    const tampered = new URL(started.authorizationUrl);
    tampered.searchParams.set('nonce', 'a-nonce-this-server-never-sent');
    const back = await signInAtProvider(tampered.href, CALLBACK, { account: 'zoe-1' });
    expect(oidcError(await callback(ctx, back, started.cookie))).toBe('OIDC_FAILED');
    expect(await ctx.database.handle.db.select().from(users)).toHaveLength(0);
  });

  it('says so when the person cancels at the provider', async () => {
    const started = await start(ctx);
    const back = await signInAtProvider(started.authorizationUrl, CALLBACK, 'cancel');
    expect(new URL(back).searchParams.get('error')).toBe('access_denied');
    expect(oidcError(await callback(ctx, back, started.cookie))).toBe('OIDC_CANCELLED');
  });

  it('exchanges a one-time code once', async () => {
    provider.accounts.set('zoe-1', { email: 'zoe@example.com', emailVerified: true, name: 'Zoe' });
    const landing = await signIn(ctx, 'zoe-1');
    const code = landing.searchParams.get('code') ?? '';
    expect((await exchange(ctx, code)).statusCode).toBe(200);
    const again = await exchange(ctx, code);
    expect(again.statusCode).toBe(400);
    expect(errorBody(again)).toMatchObject({ code: 'OIDC_CODE_INVALID' });
  });
});

describe('OpenID Connect sign-in under OIDC_ONLY and REGISTRATION=closed', () => {
  let provider: TestProvider;
  let ctx: TestContext;
  beforeAll(async () => {
    provider = await startTestProvider(CALLBACK);
    ctx = await createTestContext({
      ...provider.env,
      APP_URL,
      OIDC_ONLY: 'true',
      REGISTRATION: 'closed',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });
  beforeEach(async () => {
    await ctx.reset();
    provider.accounts.clear();
  });

  it('turns password sign-in, sign-up and reset off', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ oidc: { name: 'Test ID' }, passwordSignIn: false });
    const [ann] = await createUsers(ctx, 'Ann');
    const attempts = [
      { url: '/api/auth/login', payload: { email: ann?.email, password: 'secret123' } },
      {
        url: '/api/auth/register',
        payload: { name: 'New', email: 'new@example.com', password: 'secret123' },
      },
      { url: '/api/auth/forgot-password', payload: { email: ann?.email } },
      {
        url: '/api/auth/reset-password',
        payload: { token: 'x'.repeat(20), newPassword: 'abcdef1' },
      },
    ];
    for (const { url, payload } of attempts) {
      const res = await ctx.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(403);
      expect(errorBody(res)).toMatchObject({
        code: 'PASSWORD_SIGN_IN_OFF',
        message: 'This server signs people in with Test ID only. Use the sign-in button.',
      });
    }
  });

  it('refuses a first sign-in that would create an account, and signs existing ones in', async () => {
    provider.accounts.set('zoe-1', { email: 'zoe@example.com', emailVerified: true, name: 'Zoe' });
    expect(oidcError(await signIn(ctx, 'zoe-1'))).toBe('OIDC_REGISTRATION_CLOSED');
    expect(await ctx.database.handle.db.select().from(users)).toHaveLength(0);
    const [ann] = await createUsers(ctx, 'Ann');
    provider.accounts.set('ann-sub', { email: 'ann@example.com', emailVerified: true, name: 'A' });
    expect((await session(ctx, await signIn(ctx, 'ann-sub'))).id).toBe(ann?.id);
  });
});

describe('OpenID Connect sign-in with the provider down', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A provider that was started and stopped: its port refuses connections.
    const gone = await startTestProvider(CALLBACK);
    await gone.close();
    ctx = await createTestContext({ ...gone.env, APP_URL });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('sends the browser back to the sign-in page with the reason', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(oidcError(new URL(String(res.headers.location)))).toBe('OIDC_PROVIDER_UNAVAILABLE');
  });
});

describe('OpenID Connect sign-in under BASE_PATH=/evenly', () => {
  const based = `${APP_URL}/evenly/api/auth/oidc/callback`;
  let provider: TestProvider;
  let ctx: TestContext;
  beforeAll(async () => {
    provider = await startTestProvider(based);
    ctx = await createTestContext({ ...provider.env, APP_URL, BASE_PATH: '/evenly' });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  it('sets the state cookie on the prefixed callback path, so the browser sends it back', async () => {
    provider.accounts.set('zoe-1', { email: 'zoe@example.com', emailVerified: true, name: 'Zoe' });
    const res = await ctx.app.inject({ method: 'GET', url: '/evenly/api/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain('Path=/evenly/api/auth/oidc/callback;');
    const authorizationUrl = String(res.headers.location);
    expect(new URL(authorizationUrl).searchParams.get('redirect_uri')).toBe(based);
    const back = new URL(await signInAtProvider(authorizationUrl, based, { account: 'zoe-1' }));
    const landing = await callback(ctx, back.href, setCookie.split(';')[0]);
    expect(landing.pathname).toBe('/evenly/signin/oidc');
  });
});
