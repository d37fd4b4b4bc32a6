// Accounts through the real HTTP stack, a real database and a real SMTP server (docs/api.md §4.1).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailTokens } from '../src/db/schema.js';
import { JwtService } from '../src/modules/auth/jwt.js';
import { linkFromMail, tokenFromLink } from './support/smtp-sink.js';
import type { TestContext } from './support/test-app.js';
import { bearer, createTestContext, errorBody } from './support/test-app.js';

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

const json = (payload: unknown) => ({ payload: payload as Record<string, unknown> });

async function register(name: string, email: string, password = 'secret123') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    ...json({ name, email, password }),
  });
}
async function login(email: string, password = 'secret123') {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', ...json({ email, password }) });
}
function resetToken(raw: string): string {
  return tokenFromLink(linkFromMail(raw, '/reset-password'));
}
async function verifyLinkFor(email: string, nth = 0): Promise<string> {
  await ctx.smtp.waitFor(email);
  const mails = ctx.smtp.mails.filter(
    (m) => m.to.includes(email) && m.raw.includes('verify-email'),
  );
  const mail = mails[nth];
  if (mail === undefined) throw new Error('no such mail');
  return linkFromMail(mail.raw, '/verify-email');
}

describe('register → verify → login', () => {
  it('sends a real verification e-mail whose link verifies the account', async () => {
    const res = await register('Ann', '  Ann@Example.COM ');
    expect(res.statusCode).toBe(201);
    const user = res.json<{ id: number; name: string; email: string; createdAt: string }>();
    expect(user).toMatchObject({ id: 1, name: 'Ann', email: 'ann@example.com' });
    expect(user.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const mail = await ctx.smtp.waitFor('ann@example.com');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toContain('Content-Type: text/plain');
    const link = linkFromMail(mail.raw, '/verify-email');
    expect(link.startsWith('http://evenly.test/verify-email?token=')).toBe(true);

    const before = await login('ann@example.com');
    expect(before.statusCode).toBe(403);
    expect(errorBody(before)).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email address before logging in.',
    });

    const verify = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify?token=${tokenFromLink(link)}`,
      headers: { accept: 'application/json, text/plain, */*' },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(verify.body).toBe('Email successfully verified. You can now log in.');

    // The same link again answers the same while it has not expired.
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify?token=${tokenFromLink(link)}`,
    });
    expect(again.statusCode).toBe(200);

    const ok = await login('ANN@example.com');
    expect(ok.statusCode).toBe(200);
    const body = ok.json<{
      token: string;
      type: string;
      id: number;
      name: string;
      email: string;
      expiresAt: string;
    }>();
    expect(body).toMatchObject({ type: 'Bearer', id: 1, name: 'Ann', email: 'ann@example.com' });
    expect(body.token.split('.')).toHaveLength(3);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86400_000);

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(body.token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: 1,
      name: 'Ann',
      email: 'ann@example.com',
      emailVerified: true,
    });
  });

  it('refuses a second account with the same address, whatever its case', async () => {
    await register('Ann', 'ann@example.com');
    const dup = await register('Other', 'ANN@EXAMPLE.COM');
    expect(dup.statusCode).toBe(409);
    expect(errorBody(dup)).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists.',
    });
  });

  it('answers wrong password and unknown e-mail alike', async () => {
    await ctx.signUp('Ann', 'ann@example.com');
    for (const res of [
      await login('ann@example.com', 'wrong-password'),
      await login('nobody@example.com'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(errorBody(res)).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password.',
      });
    }
  });

  it('validates register input with the contract messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'a@b.co', password: 'secret1' }, 'name', 'Please enter your name.'],
      [{ name: '   ', email: 'a@b.co', password: 'secret1' }, 'name', 'Please enter your name.'],
      [{ name: 42, email: 'a@b.co', password: 'secret1' }, 'name', 'Please enter your name.'],
      [
        { name: 'A', email: 'not-an-email', password: 'secret1' },
        'email',
        'Please enter a valid email address.',
      ],
      [
        { name: 'A', email: ['a@b.co'], password: 'secret1' },
        'email',
        'Please enter a valid email address.',
      ],
      [
        { name: 'A', email: 'a@b.co', password: '12345' },
        'password',
        'Password must be at least 6 characters long.',
      ],
      [
        { name: 'A', email: 'a@b.co', password: 'x'.repeat(201) },
        'password',
        'Password must be at most 200 characters long.',
      ],
      [
        { name: 'A'.repeat(101), email: 'a@b.co', password: 'secret1' },
        'name',
        'Name must be at most 100 characters.',
      ],
      [
        { name: 'A', email: `${'a'.repeat(250)}@b.co`, password: 'secret1' },
        'email',
        'Please enter a valid email address.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = errorBody(res);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toBe(message);
      expect(body.details?.[0]).toEqual({ field, message });
    }
  });

  it('lists every problem in details, the first one as the message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: {} });
    const body = errorBody(res);
    expect(body.message).toBe('Please enter your name.');
    expect(body.details?.map((d) => d.field)).toEqual(['name', 'email', 'password']);
  });

  it('accepts a password with spaces exactly as typed', async () => {
    await ctx.signUp('Ann', 'ann@example.com', '  spaced pass  ');
    expect((await login('ann@example.com', '  spaced pass  ')).statusCode).toBe(200);
    expect((await login('ann@example.com', 'spaced pass')).statusCode).toBe(401);
  });
});

describe('verification links', () => {
  it('explains a missing, unknown or expired token', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify' });
    expect(missing.statusCode).toBe(400);
    expect(errorBody(missing)).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'Verification token missing. Please check the link in your email.',
    });
    const empty = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify?token=' });
    expect(errorBody(empty).message).toBe(
      'Verification token missing. Please check the link in your email.',
    );

    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify?token=tampered' });
    expect(unknown.statusCode).toBe(400);
    expect(errorBody(unknown)).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'Email verification failed. The link may be invalid or expired.',
    });

    await register('Bea', 'bea@example.com');
    const token = tokenFromLink(await verifyLinkFor('bea@example.com'));
    await ctx.database.handle.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify?token=${token}` });
    expect(expired.statusCode).toBe(400);
    expect(errorBody(expired).message).toBe(
      'Email verification failed. The link may be invalid or expired.',
    );
    expect((await login('bea@example.com')).statusCode).toBe(403);
  });

  it('answers JSON only when the client asks for JSON alone', async () => {
    await register('Ann', 'ann@example.com');
    const token = tokenFromLink(await verifyLinkFor('ann@example.com'));
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify?token=${token}`,
      headers: { accept: 'application/json' },
    });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ message: 'Email successfully verified. You can now log in.' });
  });

  it('resends a link to unverified accounts only, with the same neutral answer', async () => {
    await register('Ann', 'ann@example.com');
    await ctx.signUp('Bea', 'bea@example.com');
    // Ann's first verification mail may still be on its way: let it arrive before forgetting it.
    await ctx.drainJobs();
    ctx.smtp.clear();
    const neutral =
      'If your account exists and is not verified, a new verification email has been sent.';
    for (const email of ['ann@example.com', 'bea@example.com', 'nobody@example.com']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(neutral);
    }
    await ctx.smtp.waitFor('ann@example.com');
    expect(ctx.smtp.mails.map((m) => m.to[0])).toEqual(['ann@example.com']);

    // Both the first and the resent link work (earlier links stay valid).
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify?token=${tokenFromLink(linkFromMail(ctx.smtp.mails[0]?.raw ?? '', '/verify-email'))}`,
    });
    expect(first.statusCode).toBe(200);

    const blank = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: ' ' },
    });
    expect(errorBody(blank).message).toBe('Please enter your email address.');
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'x' },
    });
    expect(errorBody(invalid).message).toBe('Please enter a valid email address.');
  });
});

describe('password reset and change', () => {
  it('resets with a mailed single-use link and invalidates earlier tokens', async () => {
    const { token: oldToken } = await ctx.signUp('Ann', 'ann@example.com');
    ctx.smtp.clear();
    const neutral = 'If an account exists for this email, a password reset link has been sent.';
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ann@example.com' },
    });
    expect(forgot.body).toBe(neutral);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'no@example.com' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(neutral);

    const mail = await ctx.smtp.waitFor('ann@example.com');
    const link = linkFromMail(mail.raw, '/reset-password');
    expect(link.startsWith('http://evenly.test/reset-password?token=')).toBe(true);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenFromLink(link), newPassword: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toBe(
      'Password has been successfully reset. You can now log in with your new password.',
    );

    const stale = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(oldToken),
    });
    expect(stale.statusCode).toBe(401);
    expect(errorBody(stale)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Your session has expired. Please log in again.',
    });
    expect((await login('ann@example.com')).statusCode).toBe(401);
    expect((await login('ann@example.com', 'brand-new-pass')).statusCode).toBe(200);

    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenFromLink(link), newPassword: 'another-pass' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(errorBody(reuse)).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'The reset link is invalid or has expired.',
    });
  });

  it('lets only the newest reset link work, and verifies the address', async () => {
    await register('Ann', 'ann@example.com');
    const links: string[] = [];
    for (let i = 0; i < 2; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'ann@example.com' },
      });
      // The mail goes out after the answer: take each link before asking for the next.
      const mail = await ctx.smtp.waitFor(
        'ann@example.com',
        (m) => m.raw.includes('reset-password') && !links.includes(resetToken(m.raw)),
      );
      links.push(resetToken(mail.raw));
    }
    const older = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: links[0], newPassword: 'newpass1' },
    });
    expect(older.statusCode).toBe(400);
    const newer = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: links[1], newPassword: 'newpass1' },
    });
    expect(newer.statusCode).toBe(200);
    expect((await login('ann@example.com', 'newpass1')).statusCode).toBe(200);
  });

  it('refuses an expired reset link and explains missing pieces', async () => {
    await ctx.signUp('Ann', 'ann@example.com');
    ctx.smtp.clear();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ann@example.com' },
    });
    const token = tokenFromLink(
      linkFromMail((await ctx.smtp.waitFor('ann@example.com')).raw, '/reset-password'),
    );
    await ctx.database.handle.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(emailTokens.purpose, 'reset_password'));
    const expired = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'newpass1' },
    });
    expect(errorBody(expired).message).toBe('The reset link is invalid or has expired.');

    const noToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'newpass1' },
    });
    expect(errorBody(noToken).message).toBe('Invalid password reset link: Token missing.');
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: '123' },
    });
    expect(errorBody(short).message).toBe('Password must be at least 6 characters long.');
  });

  it('changes the password, returns a fresh token and retires the old ones', async () => {
    const { token } = await ctx.signUp('Ann', 'ann@example.com');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: 'nope-nope', newPassword: 'newpass1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorBody(wrong)).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'Your current password is incorrect.',
    });

    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: 'secret123', newPassword: '12' },
    });
    expect(errorBody(short).message).toBe('Password must be at least 6 characters long.');

    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: 'secret123', newPassword: 'newpass1' },
    });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json<{ token: string; id: number; type: string }>();
    expect(fresh.type).toBe('Bearer');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(fresh.token) }))
        .statusCode,
    ).toBe(200);
    expect((await login('ann@example.com', 'newpass1')).statusCode).toBe(200);
  });
});

describe('bearer tokens', () => {
  it('answers 401 with the contract messages for missing, malformed, tampered and expired tokens', async () => {
    const { token, id } = await ctx.signUp('Ann', 'ann@example.com');
    const none = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(errorBody(none)).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Please log in to continue.',
    });

    const [h, p, s] = token.split('.');
    const tampered = `${h}.${p}.${(s ?? '').slice(0, -2)}xx`;
    const otherSecret = await new JwtService('another-secret-another-secret-another!', 60).issue({
      userId: id,
      tokenVersion: 0,
    });
    const expired = await new JwtService(ctx.config.jwtSecret ?? '', 1).issue(
      { userId: id, tokenVersion: 0 },
      new Date(Date.now() - 3600_000),
    );
    const forUnknownUser = await new JwtService(ctx.config.jwtSecret ?? '', 60).issue({
      userId: 999,
      tokenVersion: 0,
    });
    for (const header of [
      'Bearer garbage',
      `Bearer ${tampered}`,
      `Bearer ${otherSecret.token}`,
      `Bearer ${expired.token}`,
      `Bearer ${forUnknownUser.token}`,
      'Basic abc',
      'Bearer',
      `Bearer ${'x'.repeat(10_000)}`,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: header },
      });
      expect(res.statusCode, header.slice(0, 40)).toBe(401);
      expect(errorBody(res).message).toBe('Your session has expired. Please log in again.');
    }
  });
});
