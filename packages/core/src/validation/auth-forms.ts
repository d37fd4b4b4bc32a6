// The account forms of the web app (sign in, register, e-mail only, new password, change
// password) as plain functions, without a schema library: these pages are the first a visitor
// loads, and zod costs about 36 KB gzipped there. The rules and sentences are the API's
// (auth.ts reads the same AUTH_MESSAGES), and auth-forms.test.ts checks on generated input that
// a form refuses exactly what the API's schema refuses, with the same sentence; the forms add
// only the password confirmation, which never reaches the server.
import { isEmailAddress } from './email.js';
import type { Message } from '../message.js';
import {
  AUTH_MESSAGES,
  ENTERED_PASSWORD_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth-rules.js';

/** The first problem of each field that has one (absent = the field is fine). */
export type FormErrors<K extends string> = Partial<Record<K, Message>>;

export interface LoginFormValues {
  email: string;
  password: string;
}
export interface RegisterFormValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}
export interface EmailFormValues {
  email: string;
}
export interface NewPasswordFormValues {
  password: string;
  confirmPassword: string;
}
export interface NameFormValues {
  name: string;
}
export interface ChangeEmailFormValues {
  newEmail: string;
  currentPassword: string;
}
export interface ChangePasswordFormValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

function emailError(value: string, missing: Message): Message | undefined {
  const text = value.trim();
  if (text.length === 0) return missing;
  return isEmailAddress(text.toLowerCase()) ? undefined : AUTH_MESSAGES.emailInvalid;
}

function nameError(value: string): Message | undefined {
  const name = value.trim();
  if (name.length === 0) return AUTH_MESSAGES.nameRequired;
  return name.length > NAME_MAX_LENGTH ? AUTH_MESSAGES.nameTooLong : undefined;
}

function currentPasswordError(value: string): Message | undefined {
  if (value.length === 0) return AUTH_MESSAGES.currentPasswordRequired;
  return value.length > ENTERED_PASSWORD_MAX_LENGTH ? AUTH_MESSAGES.passwordTooLong : undefined;
}

function newPasswordError(value: string): Message | undefined {
  if (value.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (value.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return undefined;
}

function confirmationError(password: string, confirmation: string): Message | undefined {
  return password === confirmation ? undefined : AUTH_MESSAGES.passwordsDoNotMatch;
}

/** Drops the fields without a problem. */
function errorsOf<K extends string>(all: Record<K, Message | undefined>): FormErrors<K> {
  const out: FormErrors<K> = {};
  for (const key of Object.keys(all) as K[]) {
    const message = all[key];
    if (message !== undefined) out[key] = message;
  }
  return out;
}

export function loginFormErrors(v: LoginFormValues): FormErrors<keyof LoginFormValues> {
  return errorsOf({
    email: v.email.trim().length === 0 ? AUTH_MESSAGES.loginRequired : undefined,
    password:
      v.password.length === 0
        ? AUTH_MESSAGES.loginRequired
        : v.password.length > ENTERED_PASSWORD_MAX_LENGTH
          ? AUTH_MESSAGES.passwordTooLong
          : undefined,
  });
}

export function registerFormErrors(v: RegisterFormValues): FormErrors<keyof RegisterFormValues> {
  return errorsOf({
    name: nameError(v.name),
    email: emailError(v.email, AUTH_MESSAGES.emailInvalid),
    password: newPasswordError(v.password),
    confirmPassword: confirmationError(v.password, v.confirmPassword),
  });
}

/** Resend verification, forgot password. */
export function emailFormErrors(v: EmailFormValues): FormErrors<keyof EmailFormValues> {
  return errorsOf({ email: emailError(v.email, AUTH_MESSAGES.emailRequired) });
}

/** Reset password: the new password twice. */
export function newPasswordFormErrors(
  v: NewPasswordFormValues,
): FormErrors<keyof NewPasswordFormValues> {
  return errorsOf({
    password: newPasswordError(v.password),
    confirmPassword: confirmationError(v.password, v.confirmPassword),
  });
}

export function changePasswordFormErrors(
  v: ChangePasswordFormValues,
): FormErrors<keyof ChangePasswordFormValues> {
  return errorsOf({
    currentPassword: currentPasswordError(v.currentPassword),
    password: newPasswordError(v.password),
    confirmPassword: confirmationError(v.password, v.confirmPassword),
  });
}

/** The account's name (PATCH /auth/me): the register form's rule. */
export function nameFormErrors(v: NameFormValues): FormErrors<keyof NameFormValues> {
  return errorsOf({ name: nameError(v.name) });
}

/** A new sign-in address (POST /auth/change-email); `currentEmail` is the one it replaces. */
export function changeEmailFormErrors(
  v: ChangeEmailFormValues,
  currentEmail: string | null,
): FormErrors<keyof ChangeEmailFormValues> {
  const address = v.newEmail.trim().toLowerCase();
  return errorsOf({
    newEmail:
      emailError(v.newEmail, AUTH_MESSAGES.emailInvalid) ??
      (currentEmail !== null && address === currentEmail.toLowerCase()
        ? AUTH_MESSAGES.sameEmail
        : undefined),
    currentPassword: currentPasswordError(v.currentPassword),
  });
}
