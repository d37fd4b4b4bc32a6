import { api } from './client';
import type { LoginResponse, Me, OidcSessionResponse, User } from './types';

function messageText(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body.trim()) return body;
  if (typeof body === 'object' && body !== null && 'message' in body) {
    return typeof body.message === 'string' ? body.message : fallback;
  }
  return fallback;
}

export const authApi = {
  /** `next`: the invite path (core's invitePath) the verification link should lead back to. */
  register: (input: {
    name: string;
    email: string;
    password: string;
    inviteToken?: string;
    next?: string;
  }) =>
    api<User>('/auth/register', {
      method: 'POST',
      body: input,
      defaultMessage: 'Registration failed',
    }),
  login: (input: { email: string; password: string }) =>
    api<LoginResponse>('/auth/login', {
      method: 'POST',
      body: input,
      defaultMessage: 'Sign-in failed',
    }),
  /** The one-time code of a finished OpenID Connect sign-in → the session. */
  oidcSession: (code: string) =>
    api<OidcSessionResponse>('/auth/oidc/session', {
      method: 'POST',
      body: { code },
      defaultMessage: 'Sign-in failed',
    }),
  verify: async (token: string) =>
    messageText(
      await api<unknown>(`/auth/verify?token=${encodeURIComponent(token)}`, {
        defaultMessage: 'Invalid or expired token.',
      }),
      'Email successfully verified. You can now log in.',
    ),
  resendVerification: async (email: string, next?: string | null) =>
    messageText(
      await api<unknown>('/auth/resend-verification', {
        method: 'POST',
        body: next ? { email, next } : { email },
        defaultMessage: 'Failed to resend verification email.',
      }),
      'If your account exists and is not verified, a new verification email has been sent.',
    ),
  forgotPassword: async (email: string) =>
    messageText(
      await api<unknown>('/auth/forgot-password', {
        method: 'POST',
        body: { email },
        defaultMessage: 'Failed to request a password reset.',
      }),
      'If an account exists for this email, a password reset link has been sent.',
    ),
  resetPassword: async (token: string, newPassword: string) =>
    messageText(
      await api<unknown>('/auth/reset-password', {
        method: 'POST',
        body: { token, newPassword },
        defaultMessage: 'Unknown error',
      }),
      'Password has been successfully reset. You can now log in with your new password.',
    ),
  changePassword: (currentPassword: string, newPassword: string) =>
    api<LoginResponse>('/auth/change-password', {
      method: 'POST',
      body: { currentPassword, newPassword },
      defaultMessage: 'Failed to change password',
    }),
  me: () => api<Me>('/auth/me', { defaultMessage: 'Could not load your account.' }),
  /** `homeCurrency`: an ISO 4217 code, or null to show no approximate totals. */
  updateMe: (patch: { homeCurrency: string | null }) =>
    api<Me>('/auth/me', {
      method: 'PATCH',
      body: patch,
      defaultMessage: 'Failed to save your settings',
    }),
};
