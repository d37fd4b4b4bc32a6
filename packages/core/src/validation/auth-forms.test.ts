// The web's account forms refuse exactly what the API's schemas refuse, with the same sentence
// for each field (the confirmation field aside, which only the forms have).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../message.js';
import type { z } from 'zod';
import {
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from './auth.js';
import {
  changeEmailFormErrors,
  changePasswordFormErrors,
  emailFormErrors,
  loginFormErrors,
  nameFormErrors,
  newPasswordFormErrors,
  registerFormErrors,
} from './auth-forms.js';

/** The API schema's first message per field (keys renamed by `rename`), as the form reports. */
function schemaErrors(
  schema: z.ZodType,
  input: unknown,
  rename: Record<string, string> = {},
): Record<string, string> {
  const result = schema.safeParse(input);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    const field = rename[key] ?? key;
    out[field] ??= issue.message;
  }
  return out;
}

// Text the way people type it, plus the edges the rules care about.
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '  ann@example.com ', 'ANN@Example.COM', 'ann@', '@x.y', 'a b@c.d'),
  fc.emailAddress(),
  fc.string({ minLength: 95, maxLength: 105 }),
  fc.string({ minLength: 195, maxLength: 205 }),
  fc.string({ minLength: 995, maxLength: 1005 }),
);

describe('account forms agree with the API', () => {
  it('sign in', () => {
    fc.assert(
      fc.property(text, text, (email, password) => {
        expect(inEnglish(loginFormErrors({ email, password }))).toEqual(
          schemaErrors(loginSchema, { email, password }),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('register (confirmation aside)', () => {
    fc.assert(
      fc.property(text, text, text, (name, email, password) => {
        const form = registerFormErrors({ name, email, password, confirmPassword: password });
        expect(inEnglish(form)).toEqual(schemaErrors(registerSchema, { name, email, password }));
      }),
      { numRuns: 400 },
    );
  });

  it('e-mail only', () => {
    fc.assert(
      fc.property(text, (email) => {
        expect(inEnglish(emailFormErrors({ email }))).toEqual(
          schemaErrors(emailOnlySchema, { email }),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('new password and change password', () => {
    fc.assert(
      fc.property(text, text, (current, password) => {
        expect(inEnglish(newPasswordFormErrors({ password, confirmPassword: password }))).toEqual(
          schemaErrors(
            resetPasswordSchema,
            { token: 't', newPassword: password },
            { newPassword: 'password' },
          ),
        );
        expect(
          inEnglish(
            changePasswordFormErrors({
              currentPassword: current,
              password,
              confirmPassword: password,
            }),
          ),
        ).toEqual(
          schemaErrors(
            changePasswordSchema,
            { currentPassword: current, newPassword: password },
            { newPassword: 'password' },
          ),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('the confirmation must match', () => {
    expect(
      inEnglish(newPasswordFormErrors({ password: 'secret1', confirmPassword: 'secret2' })),
    ).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
    expect(
      inEnglish(
        registerFormErrors({ name: 'Ann', email: 'a@b.co', password: 'x', confirmPassword: 'y' }),
      ),
    ).toEqual({
      password: 'Password must be at least 6 characters long.',
      confirmPassword: 'Passwords do not match.',
    });
  });

  it('a new name: the register rule', () => {
    fc.assert(
      fc.property(text, (name) => {
        const { name: expected } = schemaErrors(registerSchema, {
          name,
          email: 'ann@example.com',
          password: 'secret1',
        });
        expect(inEnglish(nameFormErrors({ name }))).toEqual(
          expected === undefined ? {} : { name: expected },
        );
      }),
      { numRuns: 300 },
    );
  });

  it('a new e-mail address', () => {
    const ok = { newEmail: ' Bea@Example.com ', currentPassword: 'secret1' };
    expect(changeEmailFormErrors(ok, 'ann@example.com')).toEqual({});
    expect(inEnglish(changeEmailFormErrors({ newEmail: '', currentPassword: '' }, null))).toEqual({
      newEmail: 'Please enter a valid email address.',
      currentPassword: 'Please enter your current password.',
    });
    expect(inEnglish(changeEmailFormErrors({ ...ok, newEmail: 'bea@' }, null))).toEqual({
      newEmail: 'Please enter a valid email address.',
    });
    expect(inEnglish(changeEmailFormErrors(ok, 'BEA@example.COM'))).toEqual({
      newEmail: 'That is already your email address.',
    });
    expect(
      inEnglish(changeEmailFormErrors({ ...ok, currentPassword: 'x'.repeat(1001) }, null)),
    ).toEqual({
      currentPassword: 'Password must be at most 200 characters long.',
    });
  });
});
