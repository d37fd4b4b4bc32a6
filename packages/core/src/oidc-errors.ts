// Why an OpenID Connect sign-in did not finish. The server sends the browser back to the sign-in
// page with `?oidc_error=CODE` (a code, never a sentence, in the address); the page shows the
// sentence below. The same sentences are the API's error messages (POST /api/auth/oidc/session).
export const OIDC_ERROR_CODES = [
  'OIDC_CANCELLED',
  'OIDC_STATE_REFUSED',
  'OIDC_PROVIDER_UNAVAILABLE',
  'OIDC_FAILED',
  'OIDC_NO_EMAIL',
  'OIDC_EMAIL_UNVERIFIED',
  'OIDC_REGISTRATION_CLOSED',
  'OIDC_REGISTRATION_INVITE_ONLY',
  'OIDC_CODE_INVALID',
  'OIDC_ACCOUNT_DISABLED',
] as const;

export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];

export function isOidcErrorCode(value: unknown): value is OidcErrorCode {
  return typeof value === 'string' && (OIDC_ERROR_CODES as readonly string[]).includes(value);
}

/** The sentence for `code`; `provider` is the configured button name (OIDC_NAME). */
export function oidcErrorMessage(code: OidcErrorCode, provider: string): string {
  switch (code) {
    case 'OIDC_CANCELLED':
      return `Sign-in with ${provider} was cancelled. You can try again.`;
    case 'OIDC_STATE_REFUSED':
      return 'This sign-in was not started in this browser, or it took too long. Please start again.';
    case 'OIDC_PROVIDER_UNAVAILABLE':
      return `${provider} could not be reached. Please try again in a moment.`;
    case 'OIDC_FAILED':
      return `The answer from ${provider} could not be verified. Please start again.`;
    case 'OIDC_NO_EMAIL':
      return `${provider} did not tell us your email address, so we cannot sign you in.`;
    case 'OIDC_EMAIL_UNVERIFIED':
      return (
        `An account with your email address already exists, but ${provider} has not confirmed ` +
        'that the address is yours, so the two were not linked. Sign in with your password, or ' +
        `confirm your address with ${provider} first.`
      );
    case 'OIDC_REGISTRATION_CLOSED':
      return 'This server is not accepting new accounts.';
    case 'OIDC_REGISTRATION_INVITE_ONLY':
      return 'Sign-ups on this server need an invitation. Ask a member for an invite link.';
    case 'OIDC_CODE_INVALID':
      return 'This sign-in has expired or was already used. Please start again.';
    case 'OIDC_ACCOUNT_DISABLED':
      return 'This account has been disabled by an administrator of this server.';
  }
}
