// Domain and HTTP errors. Each class has a literal `code` from the contract's table (§1.6);
// the single error handler (plugins/error-handler.ts) turns any of them into the error body.
import { formatIssuePath, messageText } from '@evenly/core';
import type { IssuePath, Message } from '@evenly/core';

/**
 * A sentence for the error body: the API's own English, or one of core's message descriptors,
 * sent as its English (issue #32 point 5: the contract's messages stay English; the web app
 * translates by `code` and by core's descriptors).
 */
export type ErrorText = string | Message;

export function englishText(text: ErrorText): string {
  return typeof text === 'string' ? text : messageText(text);
}

export interface ErrorDetail {
  field: string;
  message: string;
}

export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string> = {};

  constructor(message: ErrorText, details?: readonly { field: string; message: ErrorText }[]) {
    super(englishText(message));
    this.name = new.target.name;
    this.details = details?.map((d) => ({ field: d.field, message: englishText(d.message) }));
  }
}

export class ValidationError extends AppError {
  readonly status = 400;
  readonly code = 'VALIDATION_FAILED';
}

/** A 400 from core's validation issues: the first one's message, every one in `details`. */
export function issuesError(
  issues: readonly { path: IssuePath; message: ErrorText }[],
): ValidationError {
  const details = issues.map((i) => ({
    field: formatIssuePath(i.path),
    message: englishText(i.message),
  }));
  return new ValidationError(details[0]?.message ?? 'The request is not valid.', details);
}

export class InvalidJsonError extends AppError {
  readonly status = 400;
  readonly code = 'INVALID_JSON';
  constructor(message = 'The request body is not valid JSON.') {
    super(message);
  }
}

export class InvalidTokenError extends AppError {
  readonly status = 400;
  readonly code = 'INVALID_TOKEN';
}

export class WrongPasswordError extends AppError {
  readonly status = 400;
  readonly code = 'WRONG_PASSWORD';
  constructor() {
    super('Your current password is incorrect.');
  }
}

export class NotFriendsError extends AppError {
  readonly status = 400;
  readonly code = 'NOT_FRIENDS';
}

export class NotGroupMemberError extends AppError {
  readonly status = 400;
  readonly code = 'NOT_GROUP_MEMBER';
}

export const MESSAGE_NO_TOKEN = 'Please log in to continue.';
export const MESSAGE_BAD_TOKEN = 'Your session has expired. Please log in again.';

/** 403: OIDC_ONLY is on, so passwords neither sign in nor sign up nor get reset. */
export class PasswordSignInOffError extends AppError {
  readonly status = 403;
  readonly code = 'PASSWORD_SIGN_IN_OFF';
  constructor(providerName: string) {
    super(`This server signs people in with ${providerName} only. Use the sign-in button.`);
  }
}

export class UnauthenticatedError extends AppError {
  readonly status = 401;
  readonly code = 'UNAUTHENTICATED';
}

export class InvalidCredentialsError extends AppError {
  readonly status = 401;
  readonly code = 'INVALID_CREDENTIALS';
  constructor() {
    super('Invalid email or password.');
  }
}

export class EmailNotVerifiedError extends AppError {
  readonly status = 403;
  readonly code = 'EMAIL_NOT_VERIFIED';
  constructor() {
    super('Please verify your email address before logging in.');
  }
}

/** 403: a read-only personal API token on a request that is not GET or HEAD. */
export class TokenReadOnlyError extends AppError {
  readonly status = 403;
  readonly code = 'TOKEN_READ_ONLY';
  constructor() {
    super('This API token is read-only: it may only read (GET and HEAD requests).');
  }
}

/** 403: a personal API token on a route that manages the account itself (sign in to use it). */
export class SessionRequiredError extends AppError {
  readonly status = 403;
  readonly code = 'SESSION_REQUIRED';
  constructor() {
    super(
      'API tokens cannot manage API tokens, the password, the e-mail address or the account. Sign in to do this.',
    );
  }
}

/** 403: an administrator disabled this account (modules/admin). */
export class AccountDisabledError extends AppError {
  readonly status = 403;
  readonly code = 'ACCOUNT_DISABLED';
  constructor() {
    super('This account has been disabled by an administrator of this server.');
  }
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
}

/** 403: claiming a guest that stands for someone else, without the group's invite link. */
export class NotYourGuestError extends AppError {
  readonly status = 403;
  readonly code = 'NOT_YOUR_GUEST';
  constructor(
    message = "Only the person this guest stands for can claim it: open the group's invite link or sign in with the address it was added with.",
  ) {
    super(message);
  }
}

export class InviteInvalidError extends AppError {
  readonly status = 404;
  readonly code = 'INVITE_INVALID';
  constructor() {
    super('This invite link is invalid or has been revoked.');
  }
}

export class InviteExpiredError extends AppError {
  readonly status = 410;
  readonly code = 'INVITE_EXPIRED';
  constructor() {
    super('This invite link has expired. Ask for a new one.');
  }
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
  constructor(message = 'Not found.') {
    super(message);
  }
}

export type ConflictCode =
  | 'EMAIL_TAKEN'
  | 'ALREADY_FRIENDS'
  | 'REQUEST_EXISTS'
  | 'REQUEST_NOT_PENDING'
  | 'ALREADY_MEMBER'
  | 'OUTSTANDING_BALANCE'
  | 'LAST_MEMBER'
  | 'CURRENCY_LOCKED'
  | 'IDEMPOTENCY_CONFLICT'
  | 'EDIT_CONFLICT'
  | 'HAS_ACCOUNT'
  | 'NOT_RESTORABLE'
  | 'ALREADY_IMPORTED'
  | 'ENDPOINT_TAKEN';

export class ConflictError extends AppError {
  readonly status = 409;
  constructor(
    readonly code: ConflictCode,
    message: string,
  ) {
    super(message);
  }
}

export class PayloadTooLargeError extends AppError {
  readonly status = 413;
  readonly code = 'PAYLOAD_TOO_LARGE';
  constructor(message = 'The request body is too large.') {
    super(message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  readonly status = 415;
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  constructor(message = 'Content-Type must be application/json.') {
    super(message);
  }
}

export class UnreadableReceiptError extends AppError {
  readonly status = 422;
  readonly code = 'UNREADABLE_RECEIPT';
  constructor(message = 'Could not read any text from this receipt.') {
    super(message);
  }
}

export class RateLimitedError extends AppError {
  readonly status = 429;
  readonly code = 'RATE_LIMITED';
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`);
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export const MESSAGE_DATABASE_DOWN = 'The database is not reachable. Please try again in a moment.';
export const MESSAGE_COMMIT_UNKNOWN =
  'The connection to the database was lost while saving, so we cannot tell whether your change was saved. Please check before trying again.';

/**
 * 503 while the database cannot be reached (readiness, or any request that met a lost
 * connection). Always with Retry-After: the process stays up and recovers by itself.
 */
export class NotReadyError extends AppError {
  readonly status = 503;
  readonly code = 'NOT_READY';
  constructor(message = 'The database is not reachable.') {
    super(message);
    this.headers['Retry-After'] = String(DATABASE_RETRY_AFTER_SECONDS);
  }
}

export class BusyError extends AppError {
  readonly status = 503;
  readonly code = 'BUSY';
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

export const MESSAGE_RATES_UNAVAILABLE =
  'Exchange rates cannot be fetched right now. Please enter the rate.';

/**
 * 503 when the exchange-rate service (FX_RATES_URL) cannot give a rate that is not cached yet.
 * Saving never depends on it: a request that brings its own rate does not ask the service.
 */
export class RatesUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'RATES_UNAVAILABLE';
  constructor(message = MESSAGE_RATES_UNAVAILABLE) {
    super(message);
    this.headers['Retry-After'] = '60';
  }
}
