// Issue #31 point 3: an invite survives sign-up. The verification link carries the group invite
// (or friend link) path the person signed up from, so the first sign-in returns there; anything
// else offered as `next` is dropped, and nothing in it can reach the mail unescaped.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://evenly.test' });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

const INVITE = 'Xr4kP9wQ2mZ7tB1vN8sL5cHd';

/** The mail's plain-text and HTML parts, quoted-printable soft breaks and =3D undone. */
async function verificationMail(email: string): Promise<{ text: string; html: string }> {
  const mail = await ctx.smtp.waitFor(email);
  const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const text = /Verify your e-mail: (\S+)/.exec(decoded)?.[1];
  const html = /<a href="([^"]+)" style/.exec(decoded)?.[1];
  if (text === undefined || html === undefined) throw new Error('no verification link in mail');
  return { text, html };
}

async function register(email: string, extra: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Eve', email, password: 'secret123', ...extra },
  });
}

describe('the verification link keeps the way back to an invite', () => {
  it('carries a group invite path from sign-up, escaped in the HTML part', async () => {
    const res = await register('eve@example.com', {
      inviteToken: INVITE,
      next: `/join/${INVITE}`,
    });
    expect(res.statusCode).toBe(201);
    const { text, html } = await verificationMail('eve@example.com');
    const url = new URL(text);
    expect(`${url.origin}${url.pathname}`).toBe('https://evenly.test/verify-email');
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('next')).toBe(`/join/${INVITE}`);
    expect(text).toContain(`&next=%2Fjoin%2F${INVITE}`);
    // In HTML the "&" of the query is an entity, as every attribute value is escaped.
    expect(html).toBe(text.replace('&', '&#38;'));

    // The link's token verifies as before.
    const verify = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify?token=${url.searchParams.get('token') ?? ''}`,
    });
    expect(verify.statusCode).toBe(200);
  });

  it('carries a friend link path too, and resending keeps it', async () => {
    await register('fay@example.com', { next: `/add-friend/${INVITE}` });
    expect(new URL((await verificationMail('fay@example.com')).text).searchParams.get('next')).toBe(
      `/add-friend/${INVITE}`,
    );
    ctx.smtp.clear();
    const resend = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'fay@example.com', next: `/join/${INVITE}` },
    });
    expect(resend.statusCode).toBe(200);
    expect(new URL((await verificationMail('fay@example.com')).text).searchParams.get('next')).toBe(
      `/join/${INVITE}`,
    );
  });

  it('drops a `next` that is not an invite path: off-site, script, other pages', async () => {
    const hostile = [
      'https://evil.example/join/' + INVITE,
      '//evil.example/',
      '/\\evil.example',
      `/join/${INVITE}?x=1`,
      `/join/"><script>alert(1)</script>`,
      '/app/groups',
      'javascript:alert(1)',
    ];
    for (const [i, next] of hostile.entries()) {
      const email = `eve${i}@example.com`;
      const res = await register(email, { next });
      expect(res.statusCode).toBe(201);
      const { text, html } = await verificationMail(email);
      expect(new URL(text).searchParams.has('next')).toBe(false);
      expect(text).not.toContain('evil');
      expect(html).not.toContain('script');
    }
    // Too long to be an invite path at all: the request is refused, not the mail bent.
    const long = await register('long@example.com', { next: `/join/${'a'.repeat(400)}` });
    expect(long.statusCode).toBe(400);
  });

  it('sends no way back when sign-up came without one', async () => {
    await register('gus@example.com', {});
    const { text } = await verificationMail('gus@example.com');
    expect([...new URL(text).searchParams.keys()]).toEqual(['token']);
  });
});
