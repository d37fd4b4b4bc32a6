import { describe, expect, it } from 'vitest';
import { inEnglish } from '../message.js';
import {
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  passwordConfirmationError,
  registerSchema,
  resetPasswordSchema,
} from './auth.js';

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('account forms', () => {
  it('normalises a valid registration', () => {
    const r = registerSchema.parse({
      name: '  Ann ',
      email: ' Ann@Example.COM ',
      password: ' secret ',
    });
    expect(r).toEqual({ name: 'Ann', email: 'ann@example.com', password: ' secret ' });
  });

  it('gives the spec messages', () => {
    expect(
      firstMessage(registerSchema.safeParse({ name: '', email: 'a@b.co', password: 'secret' })),
    ).toBe('Please enter your name.');
    expect(
      firstMessage(registerSchema.safeParse({ name: 'A', email: 'ab.co', password: 'secret' })),
    ).toBe('Please enter a valid email address.');
    expect(
      firstMessage(registerSchema.safeParse({ name: 'A', email: 'a@b.co', password: '12345' })),
    ).toBe('Password must be at least 6 characters long.');
    expect(inEnglish(firstMessage(loginSchema.safeParse({ email: '', password: '' })))).toBe(
      'Please enter your email and password.',
    );
    expect(inEnglish(firstMessage(emailOnlySchema.safeParse({ email: '  ' })))).toBe(
      'Please enter your email address.',
    );
    expect(inEnglish(firstMessage(resetPasswordSchema.safeParse({ newPassword: 'secret1' })))).toBe(
      'Invalid password reset link: Token missing.',
    );
    expect(
      firstMessage(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'y' })),
    ).toBe('Password must be at least 6 characters long.');
    expect(inEnglish(passwordConfirmationError('secret1', 'secret2'))).toBe(
      'Passwords do not match.',
    );
    expect(passwordConfirmationError('secret1', 'secret1')).toBeNull();
  });
});
