// Account forms: register, login, verification resend, forgot/reset/change password.
// Shared by the API (request validation) and the web forms, so both show the same sentences.
import { z } from 'zod';
import { isEmailAddress } from './fields.js';
import { messageText } from '../message.js';
import type { Message } from '../message.js';
import {
  AUTH_MESSAGES,
  ENTERED_PASSWORD_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth-rules.js';

export {
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  ENTERED_PASSWORD_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth-rules.js';

/** An e-mail address: trimmed, lower-cased, checked. `missing` is the message for absent/blank. */
export function emailField(missing: Message = AUTH_MESSAGES.emailInvalid) {
  const missingText = messageText(missing);
  return z
    .string({ error: missingText })
    .trim()
    .min(1, { error: missingText })
    .transform((v) => v.toLowerCase())
    .refine(isEmailAddress, { error: messageText(AUTH_MESSAGES.emailInvalid) });
}

/** A new password: never trimmed (spaces are significant), 6–200 characters. */
export const newPasswordField = z
  .string({ error: messageText(AUTH_MESSAGES.passwordTooShort) })
  .min(PASSWORD_MIN_LENGTH, { error: messageText(AUTH_MESSAGES.passwordTooShort) })
  .max(PASSWORD_MAX_LENGTH, { error: messageText(AUTH_MESSAGES.passwordTooLong) });

export const registerSchema = z.object({
  name: z
    .string({ error: messageText(AUTH_MESSAGES.nameRequired) })
    .trim()
    .min(1, { error: messageText(AUTH_MESSAGES.nameRequired) })
    .max(NAME_MAX_LENGTH, { error: messageText(AUTH_MESSAGES.nameTooLong) }),
  email: emailField(AUTH_MESSAGES.emailInvalid),
  password: newPasswordField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: z
    .string({ error: messageText(AUTH_MESSAGES.loginRequired) })
    .trim()
    .min(1, { error: messageText(AUTH_MESSAGES.loginRequired) })
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: messageText(AUTH_MESSAGES.loginRequired) })
    .min(1, { error: messageText(AUTH_MESSAGES.loginRequired) })
    .max(ENTERED_PASSWORD_MAX_LENGTH, { error: messageText(AUTH_MESSAGES.passwordTooLong) }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Resend verification and forgot password: one e-mail field. */
export const emailOnlySchema = z.object({
  email: emailField(AUTH_MESSAGES.emailRequired),
});
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: messageText(AUTH_MESSAGES.resetTokenMissing) })
    .min(1, { error: messageText(AUTH_MESSAGES.resetTokenMissing) })
    .max(512, { error: messageText(AUTH_MESSAGES.resetTokenMissing) }),
  newPassword: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: messageText(AUTH_MESSAGES.currentPasswordRequired) })
    .min(1, { error: messageText(AUTH_MESSAGES.currentPasswordRequired) })
    .max(ENTERED_PASSWORD_MAX_LENGTH, { error: messageText(AUTH_MESSAGES.passwordTooLong) }),
  newPassword: newPasswordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Client-side form rule: confirmation must equal the password. Returns the message or null. */
export function passwordConfirmationError(password: string, confirmation: string): Message | null {
  return password === confirmation ? null : AUTH_MESSAGES.passwordsDoNotMatch;
}
