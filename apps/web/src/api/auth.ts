import { api, apiCall } from './client';
import type { LoginResponse, Me, OidcSessionResponse, User } from './types';

/** Where an account e-mail stands (GET /auth/mail-status/{ticket}). */
export type MailState = 'pending' | 'sent' | 'retrying' | 'failed';

/** A neutral sentence and the ticket that follows the e-mail it announced (docs/api.md §4.1). */
export interface MailRequest {
  message: string;
  /** Null from a server that hands out no tickets. */
  mailTicket: string | null;
}

const MAIL_TICKET_HEADER = 'Mail-Ticket';

function messageText(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body.trim()) return body;
  if (typeof body === 'object' && body !== null && 'message' in body) {
    return typeof body.message === 'string' ? body.message : fallback;
  }
  return fallback;
}

export const authApi = {
  /** `next`: the invite path (core's invitePath) the verification link should lead back to. */
  register: async (input: {
    name: string;
    email: string;
    password: string;
    inviteToken?: string;
    next?: string;
    /** The language the page is in: the verification e-mail is written in it. */
    locale?: string;
  }): Promise<{ user: User; mailTicket: string | null }> => {
    const { body, headers } = await apiCall('/auth/register', {
      method: 'POST',
      body: input,
      defaultMessage: 'Registration failed',
    });
    return { user: body as User, mailTicket: headers.get(MAIL_TICKET_HEADER) };
  },
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
  resendVerification: async (email: string, next?: string | null): Promise<MailRequest> => {
    const { body, headers } = await apiCall('/auth/resend-verification', {
      method: 'POST',
      body: next ? { email, next } : { email },
      defaultMessage: 'Failed to resend verification email.',
    });
    return {
      message: messageText(
        body,
        'If your account exists and is not verified, a new verification email has been sent.',
      ),
      mailTicket: headers.get(MAIL_TICKET_HEADER),
    };
  },
  forgotPassword: async (email: string): Promise<MailRequest> => {
    const { body, headers } = await apiCall('/auth/forgot-password', {
      method: 'POST',
      body: { email },
      defaultMessage: 'Failed to request a password reset.',
    });
    return {
      message: messageText(
        body,
        'If an account exists for this email, a password reset link has been sent.',
      ),
      mailTicket: headers.get(MAIL_TICKET_HEADER),
    };
  },
  mailStatus: async (ticket: string, signal?: AbortSignal): Promise<MailState> =>
    (
      await api<{ state: MailState }>(`/auth/mail-status/${encodeURIComponent(ticket)}`, {
        defaultMessage: 'Could not check the e-mail.',
        ...(signal === undefined ? {} : { signal }),
      })
    ).state,
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
  /**
   * `homeCurrency`: an ISO 4217 code, or null to show no approximate totals; `timeZone`: an IANA
   * name (the daily digest leaves at 08:00 in it), or null for UTC; `locale`: the language of the
   * app, e-mails and push, or null to follow the browser.
   */
  updateMe: (patch: {
    homeCurrency?: string | null;
    timeZone?: string | null;
    locale?: Me['locale'];
  }) =>
    api<Me>('/auth/me', {
      method: 'PATCH',
      body: patch,
      defaultMessage: 'Failed to save your settings',
    }),
};
