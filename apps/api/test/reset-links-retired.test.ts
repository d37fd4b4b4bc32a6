// A password-reset link is retired when the account's e-mail address or password changes
// (issue #30 finding 8): the link went to an address, or was asked for by someone, that the
// account no longer trusts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { bearer, createTestContext, errorBody } from './support/test-app.js';
import { linkFromMail, tokenFromLink } from './support/smtp-sink.js';

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

async function resetLinkFor(email: string): Promise<string> {
  await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
  });
  const mail = await ctx.smtp.waitFor(email, (m) => m.raw.includes('reset-password'));
  return tokenFromLink(linkFromMail(mail.raw, '/reset-password'));
}

function useResetLink(token: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: 'taken-over-1' },
  });
}

describe('reset links after an account change', () => {
  it('retires an unused reset link when the e-mail address changes', async () => {
    const { token } = await ctx.signUp('Ann', 'ann@example.com');
    ctx.smtp.clear();
    const resetToken = await resetLinkFor('ann@example.com');

    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: bearer(token),
      payload: { newEmail: 'ann.new@example.org', currentPassword: 'secret123' },
    });
    expect(change.statusCode).toBe(202);
    const mail = await ctx.smtp.waitFor('ann.new@example.org', (m) =>
      m.raw.includes('confirm-email'),
    );
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: tokenFromLink(linkFromMail(mail.raw, '/confirm-email')) },
    });
    expect(confirm.statusCode).toBe(200);

    const reset = await useResetLink(resetToken);
    expect(reset.statusCode).toBe(400);
    expect(errorBody(reset)).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'The reset link is invalid or has expired.',
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ann.new@example.org', password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('retires an unused reset link when the password is changed', async () => {
    const { token } = await ctx.signUp('Ann', 'ann@example.com');
    ctx.smtp.clear();
    const resetToken = await resetLinkFor('ann@example.com');

    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: 'secret123', newPassword: 'newpass1' },
    });
    expect(change.statusCode).toBe(200);

    const reset = await useResetLink(resetToken);
    expect(reset.statusCode).toBe(400);
    expect(errorBody(reset).code).toBe('INVALID_TOKEN');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ann@example.com', password: 'newpass1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('still lets a fresh reset link work after the change', async () => {
    const { token } = await ctx.signUp('Ann', 'ann@example.com');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: 'secret123', newPassword: 'newpass1' },
    });
    ctx.smtp.clear();
    const resetToken = await resetLinkFor('ann@example.com');
    expect((await useResetLink(resetToken)).statusCode).toBe(200);
  });
});
