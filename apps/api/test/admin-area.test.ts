// The admin area (issue #34 point 2) through the real HTTP stack: every admin route refuses
// anyone who is not an administrator (the list comes from the OpenAPI document, so a new route
// cannot be forgotten), and each admin action works and writes its audit entry.
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, pushSubscriptions, users } from '../src/db/schema.js';
import type { TestContext } from './support/test-app.js';
import { bearer, createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { FIXTURE_PASSWORD, createUsers } from './support/fixtures.js';

interface AuditEntry {
  action: string;
  actor: { id: number | null; email: string };
  targetUserId: number | null;
  target: string | null;
  details: Record<string, unknown>;
}

interface Person {
  id: number;
  email: string;
  disabled: boolean;
  admin: boolean;
  configuredAdmin: boolean;
  emailVerified: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('admin area (ADMIN_EMAILS=ann@example.com)', () => {
  let ctx: TestContext;
  let ann: TestUser;
  let bob: TestUser;

  const call = (who: TestUser | null, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      headers: who === null ? {} : who.auth,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const audit = async (): Promise<AuditEntry[]> =>
    (await call(ann, 'get', '/api/admin/audit')).json<AuditEntry[]>();

  const login = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: FIXTURE_PASSWORD },
    });

  beforeAll(async () => {
    ctx = await createTestContext({ ADMIN_EMAILS: 'Ann@Example.com' });
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.reset();
    [ann, bob] = (await createUsers(ctx, 'Ann', 'Bob')) as [TestUser, TestUser];
  });

  it('answers every admin route with 401 to the anonymous and 403 to a non-admin', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, item]) =>
        METHODS.filter((m) => item[m] !== undefined).map((m) => ({
          method: m,
          url: path.replace(/\{[^}]+\}/g, String(bob.id)),
        })),
      );
    // Users (list, delete, five actions), registration (read, set), instance, health, retry,
    // test e-mail, backup, audit.
    expect(operations.length).toBeGreaterThanOrEqual(15);
    for (const { method, url } of operations) {
      const anonymous = await call(null, method, url, method === 'get' ? undefined : {});
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      const refused = await call(bob, method, url, method === 'get' ? undefined : {});
      expect(refused.statusCode, `${method} ${url} as a non-admin`).toBe(403);
      expect(errorBody(refused).code).toBe('NOT_ADMIN');
    }
    // An administrator's own API token, even read-write, carries no admin power: sessions only,
    // and the document says so.
    const created = await call(ann, 'post', '/api/auth/tokens', {
      name: 'script',
      scope: 'READ_WRITE',
    });
    expect(created.statusCode).toBe(201);
    const token = { authorization: `Bearer ${created.json<{ token: string }>().token}` };
    for (const { method, url } of operations) {
      const res = await ctx.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers: token,
        ...(method === 'get' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${method} ${url} with an API token`).toBe(403);
      expect(errorBody(res).code).toBe('SESSION_REQUIRED');
    }
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/admin/')) continue;
      for (const m of METHODS.filter((x) => item[x] !== undefined)) {
        expect((item[m] as { security?: unknown }).security, `${m} ${path}`).toEqual([
          { bearerAuth: [] },
        ]);
      }
    }
    // Nothing was done: Bob is neither disabled nor deleted, and the log is empty.
    const [row] = await ctx.database.handle.db.select().from(users).where(eq(users.id, bob.id));
    expect(row).toMatchObject({ kind: 'ACCOUNT', disabledAt: null, isAdmin: false });
    expect(await audit()).toEqual([]);
  });

  it('tells Me who is an administrator', async () => {
    expect((await call(ann, 'get', '/api/auth/me')).json()).toMatchObject({
      isAdmin: true,
      canClaimAdmin: false,
    });
    expect((await call(bob, 'get', '/api/auth/me')).json()).toMatchObject({
      isAdmin: false,
      canClaimAdmin: false,
    });
  });

  it('lists and searches people, newest first, with pages', async () => {
    await createUsers(ctx, 'Carla');
    const all = await call(ann, 'get', '/api/admin/users');
    expect(all.statusCode).toBe(200);
    expect(all.json<Person[]>().map((p) => p.email)).toEqual([
      'carla@example.com',
      'bob@example.com',
      'ann@example.com',
    ]);
    expect(all.json<Person[]>()[2]).toMatchObject({ admin: true, configuredAdmin: true });
    const found = await call(ann, 'get', '/api/admin/users?q=BO');
    expect(found.json<Person[]>().map((p) => p.email)).toEqual(['bob@example.com']);
    const first = await call(ann, 'get', '/api/admin/users?limit=2&q=example');
    expect(first.json<Person[]>()).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    expect(first.headers.link).toContain('?q=example&limit=2&before=');
    const second = await call(ann, 'get', `/api/admin/users?limit=2&before=${String(cursor)}`);
    expect(second.json<Person[]>().map((p) => p.email)).toEqual(['ann@example.com']);
    expect((await call(ann, 'get', '/api/admin/users?before=nonsense')).statusCode).toBe(400);
  });

  it('disables a person: their token is refused at once, sign-in says why; enable undoes it', async () => {
    expect((await call(bob, 'get', '/api/auth/me')).statusCode).toBe(200);
    const disabled = await call(ann, 'post', `/api/admin/users/${bob.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: bob.id, disabled: true });
    expect((await call(bob, 'get', '/api/auth/me')).statusCode).toBe(401);
    const refused = await login(bob.email);
    expect(refused.statusCode).toBe(403);
    expect(errorBody(refused)).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      message: 'This account has been disabled by an administrator of this server.',
    });
    // A wrong password still says only that: the state is told to whoever knows the password.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: bob.email, password: 'not-his' },
    });
    expect(errorBody(wrong).code).toBe('INVALID_CREDENTIALS');

    const enabled = await call(ann, 'post', `/api/admin/users/${bob.id}/enable`);
    expect(enabled.json()).toMatchObject({ disabled: false });
    expect((await login(bob.email)).statusCode).toBe(200);
    // The old token stays void: disabling ended every session.
    expect((await call(bob, 'get', '/api/auth/me')).statusCode).toBe(401);
    expect((await audit()).map((a) => [a.action, a.targetUserId, a.actor.email])).toEqual([
      ['enable', bob.id, 'ann@example.com'],
      ['disable', bob.id, 'ann@example.com'],
    ]);
  });

  it('refuses to disable, delete or demote oneself or an ADMIN_EMAILS administrator', async () => {
    for (const action of ['disable', 'remove-admin']) {
      const res = await call(ann, 'post', `/api/admin/users/${ann.id}/${action}`);
      expect(res.statusCode).toBe(409);
    }
    expect(errorBody(await call(ann, 'post', `/api/admin/users/${ann.id}/disable`)).code).toBe(
      'SELF_ACTION',
    );
    expect(errorBody(await call(ann, 'delete', `/api/admin/users/${ann.id}`, {})).code).toBe(
      'SELF_ACTION',
    );
    await call(ann, 'post', `/api/admin/users/${bob.id}/make-admin`);
    const demote = await call(bob, 'post', `/api/admin/users/${ann.id}/remove-admin`);
    expect(errorBody(demote)).toMatchObject({ code: 'CONFIGURED_ADMIN' });
    expect(errorBody(demote).message).toContain('ADMIN_EMAILS');
    expect((await call(ann, 'post', '/api/admin/users/999999/disable')).statusCode).toBe(404);
    expect((await call(ann, 'post', '/api/admin/users/99999999999/disable')).statusCode).toBe(404);
  });

  it('makes and removes an administrator, applied to the very next request', async () => {
    const made = await call(ann, 'post', `/api/admin/users/${bob.id}/make-admin`);
    expect(made.json()).toMatchObject({ admin: true, configuredAdmin: false });
    expect((await call(bob, 'get', '/api/admin/instance')).statusCode).toBe(200);
    expect((await call(bob, 'get', '/api/auth/me')).json()).toMatchObject({ isAdmin: true });
    // Bob may remove himself: Ann (ADMIN_EMAILS) stays.
    expect((await call(bob, 'post', `/api/admin/users/${bob.id}/remove-admin`)).statusCode).toBe(
      200,
    );
    expect((await call(bob, 'get', '/api/admin/instance')).statusCode).toBe(403);
    expect((await audit()).map((a) => [a.action, a.actor.email])).toEqual([
      ['remove_admin', 'bob@example.com'],
      ['make_admin', 'ann@example.com'],
    ]);
  });

  it('deletes a person by the account-deletion rules', async () => {
    const res = await call(ann, 'delete', `/api/admin/users/${bob.id}`, {});
    expect(res.statusCode).toBe(204);
    const [row] = await ctx.database.handle.db.select().from(users).where(eq(users.id, bob.id));
    expect(row).toMatchObject({ kind: 'DELETED', email: null, name: 'Deleted user' });
    expect((await call(bob, 'get', '/api/auth/me')).statusCode).toBe(401);
    expect((await call(ann, 'delete', `/api/admin/users/${bob.id}`, {})).statusCode).toBe(404);
    const [entry] = await audit();
    expect(entry).toMatchObject({
      action: 'delete',
      targetUserId: bob.id,
      target: 'bob@example.com',
      details: { name: 'Bob', confirmOutstanding: false },
    });
  });

  it('resends the verification link of an unverified address', async () => {
    await ctx.database.handle.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, bob.id));
    const res = await call(ann, 'post', `/api/admin/users/${bob.id}/resend-verification`);
    expect(res.statusCode).toBe(200);
    const mail = await ctx.smtp.waitFor('bob@example.com', (m) => m.raw.includes('verify-email'));
    expect(mail.raw).toContain('verify-email?token=');
    await ctx.database.handle.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, bob.id));
    const again = await call(ann, 'post', `/api/admin/users/${bob.id}/resend-verification`);
    expect(errorBody(again).code).toBe('ALREADY_VERIFIED');
    expect((await audit()).map((a) => a.action)).toEqual(['resend_verification']);
  });

  it('sets the registration mode at run time; null goes back to REGISTRATION', async () => {
    const before = await call(ann, 'get', '/api/admin/settings/registration');
    expect(before.json()).toEqual({ value: 'open', default: 'open', overridden: false });
    const closed = await call(ann, 'put', '/api/admin/settings/registration', { value: 'closed' });
    expect(closed.json()).toEqual({ value: 'closed', default: 'open', overridden: true });
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ registration: 'closed' });
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Dan', email: 'dan@example.com', password: 'secret123' },
    });
    expect(errorBody(register).code).toBe('REGISTRATION_CLOSED');
    const bad = await call(ann, 'put', '/api/admin/settings/registration', { value: 'friends' });
    expect(bad.statusCode).toBe(400);
    const reset = await call(ann, 'put', '/api/admin/settings/registration', { value: null });
    expect(reset.json()).toEqual({ value: 'open', default: 'open', overridden: false });
    const [entry] = await audit();
    expect(entry).toMatchObject({
      action: 'set_registration',
      details: { from: 'closed', to: 'open', overridden: false },
    });
  });

  it('shows the instance: people, groups, expenses and sizes', async () => {
    const res = await call(ann, 'get', '/api/admin/instance');
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ people: 2, groups: 0, expenses: 0, storage: 'local' });
    expect(body['databaseBytes']).toBeGreaterThan(0);
    expect(body['receiptBytes']).toBe(0);
  });

  it('shows failed jobs and mails with their error, and retries a failed job', async () => {
    await ctx.app.jobWorker.pause();
    const [job] = await ctx.database.handle.db
      .insert(jobs)
      .values({
        kind: 'invitations.mail',
        payload: { email: 'someone@example.com' },
        attempts: 5,
        lastError: '550 5.1.1 Recipient address rejected',
        failedAt: new Date(),
      })
      .returning({ id: jobs.id });
    const failedAt = new Date('2026-11-28T10:00:00.000Z');
    const [device] = await ctx.database.handle.db
      .insert(pushSubscriptions)
      .values({
        userId: ann.id,
        endpoint: 'https://push.example.com/send/abc',
        p256dh: 'BPk',
        auth: 'au',
        lastFailureAt: failedAt,
        lastFailure: '500 Internal Server Error',
      })
      .returning({ id: pushSubscriptions.id });
    const health = await call(ann, 'get', '/api/admin/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      jobs: { failed: 1 },
      failedJobs: [{ id: job?.id, kind: 'invitations.mail', attempts: 5 }],
      failedMails: [
        {
          id: job?.id,
          to: 'someone@example.com',
          error: '550 5.1.1 Recipient address rejected',
          nextAttemptAt: null,
        },
      ],
      pushFailures: [
        {
          subscriptionId: device?.id,
          userId: ann.id,
          failedAt: failedAt.toISOString(),
          answer: '500 Internal Server Error',
          lastSuccessAt: null,
        },
      ],
    });
    const retry = await call(ann, 'post', `/api/admin/jobs/${job?.id}/retry`);
    expect(retry.statusCode).toBe(204);
    const [row] = await ctx.database.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, job?.id ?? 0));
    expect(row).toMatchObject({ failedAt: null, attempts: 0 });
    expect(row?.runAfter.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await call(ann, 'get', '/api/admin/health')).json()).toMatchObject({
      jobs: { due: 1, failed: 0 },
      failedJobs: [],
    });
    expect((await call(ann, 'post', `/api/admin/jobs/${job?.id}/retry`)).statusCode).toBe(404);
    expect((await audit())[0]).toMatchObject({
      action: 'retry_job',
      target: `invitations.mail #${job?.id}`,
    });
    ctx.app.jobWorker.resume();
  });

  it('sends a test e-mail to the administrator and reports the SMTP answer when it fails', async () => {
    const sent = await call(ann, 'post', '/api/admin/test-email');
    expect(sent.json()).toEqual({ to: 'ann@example.com', sent: true, error: null });
    const mail = await ctx.smtp.waitFor('ann@example.com');
    expect(mail.raw).toContain('Evenly test e-mail');
    ctx.smtp.failNext(1);
    const failed = await call(ann, 'post', '/api/admin/test-email');
    expect(failed.json()).toMatchObject({ sent: false });
    expect(failed.json<{ error: string }>().error).toMatch(/451/);
    expect((await audit()).map((a) => [a.action, a.details['sent']])).toEqual([
      ['test_email', false],
      ['test_email', true],
    ]);
  });

  it('downloads a backup now', async () => {
    const res = await call(ann, 'get', '/api/admin/backup');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="evenly-.*\.gz"$/);
    const text = gunzipSync(res.rawPayload).toString('utf8');
    const [header] = text.split('\n');
    expect(JSON.parse(header ?? '{}')).toHaveProperty('format');
    expect(text).toContain('"table":"users"');
    expect((await audit()).map((a) => a.action)).toEqual(['download_backup']);
  });

  it('pages the audit log newest first', async () => {
    for (let i = 0; i < 3; i++) await call(ann, 'post', '/api/admin/test-email');
    const first = await call(ann, 'get', '/api/admin/audit?limit=2');
    expect(first.json<AuditEntry[]>()).toHaveLength(2);
    const cursor = String(first.headers['x-next-cursor']);
    const second = await call(ann, 'get', `/api/admin/audit?limit=2&before=${cursor}`);
    expect(second.json<AuditEntry[]>()).toHaveLength(1);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });
});

describe('the first account claims the administrator role once', () => {
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

  it('lets the only account claim it, once ever', async () => {
    const ann = await ctx.signUp('Ann', 'ann@example.com');
    const me = () =>
      ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(ann.token) });
    const claim = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/me/claim-admin',
        headers: bearer(ann.token),
      });
    expect((await me()).json()).toMatchObject({ isAdmin: false, canClaimAdmin: true });
    expect((await claim()).statusCode).toBe(204);
    expect((await me()).json()).toMatchObject({ isAdmin: true, canClaimAdmin: false });
    expect(errorBody(await claim()).code).toBe('CLAIM_UNAVAILABLE');
    const log = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: bearer(ann.token),
    });
    expect(log.json()).toMatchObject([{ action: 'claim_admin', targetUserId: ann.id }]);
    // The last administrator cannot remove themselves.
    const demote = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${ann.id}/remove-admin`,
      headers: bearer(ann.token),
    });
    expect(errorBody(demote).code).toBe('LAST_ADMIN');
    // Even without any administrator left, the claim never opens again.
    await ctx.database.handle.db.update(users).set({ isAdmin: false });
    expect((await me()).json()).toMatchObject({ isAdmin: false, canClaimAdmin: false });
    expect(errorBody(await claim()).code).toBe('CLAIM_UNAVAILABLE');
  });

  it('is not offered once a second account exists', async () => {
    const ann = await ctx.signUp('Ann', 'ann@example.com');
    await ctx.signUp('Bob', 'bob@example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/me/claim-admin',
      headers: bearer(ann.token),
    });
    expect(errorBody(res).code).toBe('CLAIM_UNAVAILABLE');
  });
});
