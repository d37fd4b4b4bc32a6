// Personal API tokens (issue #34 point 4): made with the secret shown once and only its hash
// stored, accepted as a bearer token with its scope enforced (READ: 403 TOKEN_READ_ONLY on
// writes), never able to manage tokens or the account (403 SESSION_REQUIRED), refused once
// revoked, expired or after a password change, last use recorded, limits. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiTokens } from '../src/db/schema.js';
import { hashApiToken } from '../src/modules/api-tokens/index.js';
import type { TestUser } from './support/fixtures.js';
import { FIXTURE_PASSWORD } from './support/fixtures.js';
import { waitUntil } from './support/http-client.js';
import { caller, makeUsers } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { bearer, createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
let ann: TestUser;
let bea: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
});

interface ApiToken {
  id: number;
  name: string;
  scope: 'READ' | 'READ_WRITE';
  hint: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

async function make(
  who: TestUser,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<ApiToken & { token: string | null }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/tokens',
    headers: { ...who.auth, ...headers },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A request with an API token. */
function withToken(token: string) {
  return caller(ctx, { auth: bearer(token) });
}

describe('making and listing tokens', () => {
  it('shows the secret once and stores only its hash', async () => {
    const made = await make(ann, { name: '  Export script ', scope: 'READ' });
    expect(made).toMatchObject({
      name: 'Export script',
      scope: 'READ',
      expiresAt: null,
      lastUsedAt: null,
    });
    expect(made.token).toMatch(/^evy_[A-Za-z0-9_-]{43}$/);
    const token = made.token ?? '';
    expect(token.startsWith(made.hint)).toBe(true);

    const [row] = await ctx.database.handle.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, made.id));
    expect(row?.tokenHash).toBe(hashApiToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(8));

    const list = await caller(ctx, ann)('GET', '/api/auth/tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token.slice(8));
    expect(list.json()).toEqual([
      {
        id: made.id,
        name: 'Export script',
        scope: 'READ',
        hint: made.hint,
        createdAt: made.createdAt,
        expiresAt: null,
        lastUsedAt: null,
      },
    ]);
    // Someone else's tokens are theirs.
    expect((await caller(ctx, bea)('GET', '/api/auth/tokens')).json()).toEqual([]);
  });

  it('refuses bad names, expiries in the past and more than 50 tokens with clear 400s', async () => {
    const as = caller(ctx, ann);
    for (const name of ['', '   ', 'x'.repeat(81)]) {
      const res = await as('POST', '/api/auth/tokens', { name, scope: 'READ' });
      expect(res.statusCode).toBe(400);
      expect(errorBody(res).message).toBe('Give the token a name of 1 to 80 characters.');
    }
    for (const expiresAt of ['2020-01-01T00:00:00Z', 'next week', '2030-01-01']) {
      const res = await as('POST', '/api/auth/tokens', { name: 'a', scope: 'READ', expiresAt });
      expect(res.statusCode, expiresAt).toBe(400);
      expect(errorBody(res).details?.[0]?.field).toBe('expiresAt');
    }
    const badScope = await as('POST', '/api/auth/tokens', { name: 'a', scope: 'ADMIN' });
    expect(badScope.statusCode).toBe(400);

    const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const dated = await make(ann, { name: 'x'.repeat(80), scope: 'READ_WRITE', expiresAt: future });
    expect(dated.expiresAt).toBe(future);
    for (let i = 1; i < 50; i++) await make(ann, { name: `t${String(i)}`, scope: 'READ' });
    const tooMany = await as('POST', '/api/auth/tokens', { name: 'one more', scope: 'READ' });
    expect(tooMany.statusCode).toBe(400);
    expect(errorBody(tooMany).message).toMatch(/50 API tokens/);
    expect((await as('GET', '/api/auth/tokens')).json<ApiToken[]>()).toHaveLength(50);
  });

  it('replays a create under the same Idempotency-Key without a second token or the secret', async () => {
    const key = { 'idempotency-key': 'token-create-1' };
    const first = await make(ann, { name: 'CI', scope: 'READ' }, key);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/tokens',
      headers: { ...ann.auth, ...key },
      payload: { name: 'CI', scope: 'READ' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ id: first.id, token: null });
    expect((await caller(ctx, ann)('GET', '/api/auth/tokens')).json<ApiToken[]>()).toHaveLength(1);
  });
});

describe('using a token', () => {
  it('reads with a READ token, and gets 403 TOKEN_READ_ONLY on every write', async () => {
    const { token } = await make(ann, { name: 'reader', scope: 'READ' });
    const as = withToken(token ?? '');
    const me = await as('GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: ann.id });
    expect((await as('GET', '/api/groups/my')).statusCode).toBe(200);

    const writes: ['POST' | 'PATCH' | 'PUT' | 'DELETE', string, unknown][] = [
      ['POST', '/api/groups', { name: 'Trip' }],
      ['PATCH', '/api/auth/me', { name: 'Mallory' }],
      ['PUT', '/api/budgets/dining_out', { amount: 10, currency: 'EUR' }],
      ['DELETE', '/api/budgets/dining_out', undefined],
    ];
    for (const [method, url, body] of writes) {
      const res = await as(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorBody(res).code).toBe('TOKEN_READ_ONLY');
    }
    expect((await caller(ctx, ann)('GET', '/api/groups/my')).json()).toEqual([]);
  });

  it('writes with a READ_WRITE token', async () => {
    const { token } = await make(ann, { name: 'writer', scope: 'READ_WRITE' });
    const res = await withToken(token ?? '')('POST', '/api/groups', { name: 'Trip' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await caller(ctx, ann)('GET', '/api/groups/my')).json()).toHaveLength(1);
  });

  it('cannot manage tokens, the password, the e-mail address or the account', async () => {
    const { id, token } = await make(ann, { name: 'writer', scope: 'READ_WRITE' });
    const as = withToken(token ?? '');
    const attempts: ['GET' | 'POST' | 'DELETE', string, unknown][] = [
      ['GET', '/api/auth/tokens', undefined],
      ['POST', '/api/auth/tokens', { name: 'more', scope: 'READ_WRITE' }],
      ['DELETE', `/api/auth/tokens/${String(id)}`, undefined],
      [
        'POST',
        '/api/auth/change-password',
        { currentPassword: FIXTURE_PASSWORD, newPassword: 'n3w-password!' },
      ],
      [
        'POST',
        '/api/auth/change-email',
        { newEmail: 'mallory@example.com', password: FIXTURE_PASSWORD },
      ],
      ['DELETE', '/api/auth/me', { password: FIXTURE_PASSWORD, confirmOutstanding: true }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await as(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorBody(res).code).toBe('SESSION_REQUIRED');
    }
    // Nothing happened: still one token, and Ann still signs in with her password.
    expect((await caller(ctx, ann)('GET', '/api/auth/tokens')).json()).toHaveLength(1);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ann.email, password: FIXTURE_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('records the last use', async () => {
    const { id, token } = await make(ann, { name: 'reader', scope: 'READ' });
    expect((await withToken(token ?? '')('GET', '/api/groups/my')).statusCode).toBe(200);
    let used: string | null = null;
    await waitUntil(async () => {
      const list = (await caller(ctx, ann)('GET', '/api/auth/tokens')).json<ApiToken[]>();
      used = list.find((t) => t.id === id)?.lastUsedAt ?? null;
      return used !== null;
    }, 'the last use is recorded');
    expect(Date.parse(used ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses unknown, malformed, expired and revoked tokens with 401', async () => {
    const unknown = `evy_${'A'.repeat(43)}`;
    for (const bad of [unknown, 'evy_short', `evy_${'!'.repeat(43)}`]) {
      const res = await withToken(bad)('GET', '/api/auth/me');
      expect(res.statusCode).toBe(401);
      expect(errorBody(res).code).toBe('UNAUTHENTICATED');
    }

    const expiring = await make(ann, {
      name: 'soon',
      scope: 'READ',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await withToken(expiring.token ?? '')('GET', '/api/auth/me')).statusCode).toBe(200);
    await ctx.database.handle.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.id));
    expect((await withToken(expiring.token ?? '')('GET', '/api/auth/me')).statusCode).toBe(401);

    const kept = await make(ann, { name: 'kept', scope: 'READ' });
    const revoked = await make(ann, { name: 'revoked', scope: 'READ' });
    expect((await withToken(revoked.token ?? '')('GET', '/api/auth/me')).statusCode).toBe(200);
    const del = await caller(ctx, ann)('DELETE', `/api/auth/tokens/${String(revoked.id)}`);
    expect(del.statusCode).toBe(204);
    // At once, on the very next request.
    expect((await withToken(revoked.token ?? '')('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await withToken(kept.token ?? '')('GET', '/api/auth/me')).statusCode).toBe(200);
    const again = await caller(ctx, ann)('DELETE', `/api/auth/tokens/${String(revoked.id)}`);
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another person's token and 400 for a malformed id", async () => {
    const annToken = await make(ann, { name: 'mine', scope: 'READ' });
    const res = await caller(ctx, bea)('DELETE', `/api/auth/tokens/${String(annToken.id)}`);
    expect(res.statusCode).toBe(404);
    expect(errorBody(res).code).toBe('NOT_FOUND');
    expect((await withToken(annToken.token ?? '')('GET', '/api/auth/me')).statusCode).toBe(200);
    const bad = await caller(ctx, bea)('DELETE', '/api/auth/tokens/abc');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).message).toBe('Invalid API token ID.');
  });

  it('ends every API token when the password changes', async () => {
    const { token } = await make(ann, { name: 'reader', scope: 'READ' });
    const change = await caller(ctx, ann)('POST', '/api/auth/change-password', {
      currentPassword: FIXTURE_PASSWORD,
      newPassword: 'an0ther-secret',
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await withToken(token ?? '')('GET', '/api/auth/me')).statusCode).toBe(401);
    const fresh = bearer(change.json<{ token: string }>().token);
    expect((await caller(ctx, { auth: fresh })('GET', '/api/auth/tokens')).json()).toEqual([]);
  });
});
