// Account use cases: register, verify, resend, login, forgot/reset/change password, me.
// Answers that could reveal whether an account exists are neutral by design: resend-verification
// and forgot-password only enqueue a job carrying the address, the same work whether or not an
// account has it, and the job (run after the answer) decides whether there is anything to mail.
import type {
  ChangePasswordInput,
  EmailOnlyInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from '@evenly/core';
import { invitePath } from '@evenly/core';
import type { AppLocale } from '@evenly/core';
import { recipientLocale, translatorFor } from '../../i18n/index.js';
import type { Db } from '../../db/database.js';
import {
  AccountDisabledError,
  ConflictError,
  EmailNotVerifiedError,
  InvalidCredentialsError,
  InvalidTokenError,
  PasswordSignInOffError,
  WrongPasswordError,
} from '../../errors/app-errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobRegistry } from '../../jobs/job-registry.js';
import type { Mailer } from '../../mail/mailer.js';
import type { MailTicketState } from '../../mail/mail-ticket.js';
import { mailTicketState, newMailTicket } from '../../mail/mail-ticket.js';
import { passwordResetEmail, verificationEmail } from '../../mail/templates.js';
import { passwordResetMailJob, verificationMailJob } from './auth-mail.jobs.js';
import { hashEmailToken, newEmailToken } from './email-token.js';
import {
  consumeEmailToken,
  findEmailToken,
  insertEmailToken,
  retireEmailTokens,
} from './email-tokens.repository.js';
import type { JwtService } from './jwt.js';
import { issueSession } from './session.js';
import type { LoginResult } from './session.js';
import { burnVerificationTime, hashPassword, verifyPassword } from './passwords.js';
import type { AccountRow } from './users.repository.js';
import {
  findUserByEmail,
  findAccountById,
  insertUser,
  lockUserByEmail,
  markEmailVerified,
  replacePassword,
} from './users.repository.js';

export const AUTH_TEXT = {
  verified: 'Email successfully verified. You can now log in.',
  verifyMissing: 'Verification token missing. Please check the link in your email.',
  verifyFailed: 'Email verification failed. The link may be invalid or expired.',
  resendSent: 'If your account exists and is not verified, a new verification email has been sent.',
  forgotSent: 'If an account exists for this email, a password reset link has been sent.',
  resetDone: 'Password has been successfully reset. You can now log in with your new password.',
  resetInvalid: 'The reset link is invalid or has expired.',
  emailTaken: 'An account with this email already exists.',
} as const;

/**
 * The way back a verification link may carry: a group invite or friend link path only, so a
 * link in our own mail can never send anyone off the site or anywhere else (anything else is
 * dropped, not refused: sign-up must not fail over it).
 */
function returnPath(next: string | undefined): { next?: string } {
  const path = invitePath(next);
  return path === null ? {} : { next: path };
}

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

export interface PublicUser {
  id: number;
  name: string;
  email: string;
  createdAt: Date;
}

/** A neutral sentence, and the mail ticket by which the web follows the mail's delivery. */
export interface MailRequestResult {
  message: string;
  mailTicket: string;
}

export type { LoginResult };

export interface AuthServiceDeps {
  db: Db;
  jwt: JwtService;
  /** Every account mail is sent by a job, after the request has answered. */
  jobs: JobQueue;
  /** Used by the jobs only: a failure fails the job, which is retried with backoff. */
  mailer: Mailer;
  appUrl: string;
  requireEmailVerification: boolean;
  /** Runs inside the transaction that marks an address verified (invitations become requests). */
  onEmailVerified?: (db: Db, user: AccountRow) => Promise<void>;
  /**
   * Runs after a password reset or change has committed: every earlier token of the user is
   * void from now on (this process's token cache drops them at once; other processes hear it
   * from the database).
   */
  onTokensRevoked?: (userId: number) => void;
  /** Throws when the server's sign-up policy refuses this new account (REGISTRATION). */
  admitRegistration?: (input: { email: string; inviteToken?: string | undefined }) => Promise<void>;
  /** OIDC_ONLY: the provider's name (OIDC_NAME); password sign-in and sign-up are off. */
  oidcOnlyName?: string | null;
  /** Runs a transaction whose noted changes are published after its commit. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  now?: () => Date;
}

export class AuthService {
  private readonly now: () => Date;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** `mailTicket`: follows the verification mail; null when none is sent (no verification). */
  async register(
    input: RegisterInput & {
      inviteToken?: string | undefined;
      next?: string | undefined;
      /** The language chosen at sign-up (or the browser's): stored, and the mail's language. */
      locale?: AppLocale | null | undefined;
    },
  ): Promise<PublicUser & { mailTicket: string | null }> {
    this.refuseUnderOidcOnly();
    await this.deps.admitRegistration?.(input);
    const at = this.now();
    const passwordHash = await hashPassword(input.password);
    const verifiedAtOnce = !this.deps.requireEmailVerification;
    const ticket = verifiedAtOnce ? null : newMailTicket();

    const user = await this.deps.transaction(async (tx) => {
      const created = await insertUser(tx, {
        name: input.name,
        email: input.email,
        passwordHash,
        emailVerifiedAt: verifiedAtOnce ? at : null,
        locale: input.locale ?? null,
      });
      if (created === undefined) throw new ConflictError('EMAIL_TAKEN', AUTH_TEXT.emailTaken);
      if (verifiedAtOnce) {
        await this.deps.onEmailVerified?.(tx, created);
      } else {
        await this.deps.jobs.enqueue(tx, verificationMailJob, {
          email: created.email,
          ticket: ticket?.hash,
          ...returnPath(input.next),
        });
      }
      return created;
    });

    if (!verifiedAtOnce) await this.deps.jobs.wake();
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      createdAt: user.createdAt,
      mailTicket: ticket?.ticket ?? null,
    };
  }

  async verifyEmail(token: string | undefined): Promise<string> {
    if (token === undefined || token.trim() === '') {
      throw new InvalidTokenError(AUTH_TEXT.verifyMissing);
    }
    const at = this.now();
    return this.deps.transaction(async (tx) => {
      const row = await findEmailToken(tx, 'verify_email', hashEmailToken(token.trim()));
      if (row === undefined || row.expiresAt.getTime() <= at.getTime()) {
        throw new InvalidTokenError(AUTH_TEXT.verifyFailed);
      }
      const user = await findAccountById(tx, row.userId);
      if (user === undefined) throw new InvalidTokenError(AUTH_TEXT.verifyFailed);
      if (row.usedAt !== null) {
        // A second click on the same link for an account it verified answers the same.
        if (user.emailVerifiedAt !== null) return AUTH_TEXT.verified;
        throw new InvalidTokenError(AUTH_TEXT.verifyFailed);
      }
      await consumeEmailToken(tx, row.id, at);
      if (user.emailVerifiedAt === null) {
        await markEmailVerified(tx, user.id, at);
        await this.deps.onEmailVerified?.(tx, { ...user, emailVerifiedAt: at });
      }
      return AUTH_TEXT.verified;
    });
  }

  /** `locale`: the request's language, for an account that has none stored. */
  async resendVerification(
    input: EmailOnlyInput & { next?: string | undefined; locale?: AppLocale | undefined },
  ): Promise<MailRequestResult> {
    const { ticket, hash } = newMailTicket();
    await this.deps.jobs.add(verificationMailJob, {
      email: input.email,
      ticket: hash,
      ...returnPath(input.next),
      ...(input.locale === undefined ? {} : { locale: input.locale }),
    });
    return { message: AUTH_TEXT.resendSent, mailTicket: ticket };
  }

  /** Where the mail of a ticket from register, resend-verification or forgot-password stands. */
  async mailStatus(ticket: string): Promise<MailTicketState> {
    return mailTicketState(this.deps.db, ticket);
  }

  async login(input: LoginInput): Promise<LoginResult> {
    this.refuseUnderOidcOnly();
    const user = await findUserByEmail(this.deps.db, input.email);
    if (user === undefined) {
      await burnVerificationTime(input.password);
      throw new InvalidCredentialsError();
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw new InvalidCredentialsError();
    }
    // Told only to whoever knows the password: it reveals nothing to anyone else.
    if (user.disabledAt !== null) throw new AccountDisabledError();
    if (this.deps.requireEmailVerification && user.emailVerifiedAt === null) {
      throw new EmailNotVerifiedError();
    }
    return this.loginResult(user);
  }

  /** `locale`: the request's language, for an account that has none stored. */
  async forgotPassword(
    input: EmailOnlyInput & { locale?: AppLocale | undefined },
  ): Promise<MailRequestResult> {
    this.refuseUnderOidcOnly();
    const { ticket, hash } = newMailTicket();
    await this.deps.jobs.add(passwordResetMailJob, {
      email: input.email,
      ticket: hash,
      ...(input.locale === undefined ? {} : { locale: input.locale }),
    });
    return { message: AUTH_TEXT.forgotSent, mailTicket: ticket };
  }

  async resetPassword(input: ResetPasswordInput): Promise<string> {
    this.refuseUnderOidcOnly();
    const at = this.now();
    const passwordHash = await hashPassword(input.newPassword);
    const userId = await this.deps.transaction(async (tx) => {
      const row = await findEmailToken(tx, 'reset_password', hashEmailToken(input.token.trim()));
      if (row === undefined || row.usedAt !== null || row.expiresAt.getTime() <= at.getTime()) {
        throw new InvalidTokenError(AUTH_TEXT.resetInvalid);
      }
      if (!(await consumeEmailToken(tx, row.id, at))) {
        throw new InvalidTokenError(AUTH_TEXT.resetInvalid);
      }
      await retireEmailTokens(tx, row.userId, 'reset_password', at);
      const before = await findAccountById(tx, row.userId);
      const updated = await replacePassword(tx, row.userId, passwordHash, at, true);
      if (updated === undefined) throw new InvalidTokenError(AUTH_TEXT.resetInvalid);
      if (before !== undefined && before.emailVerifiedAt === null) {
        await this.deps.onEmailVerified?.(tx, updated);
      }
      return updated.id;
    });
    this.deps.onTokensRevoked?.(userId);
    return AUTH_TEXT.resetDone;
  }

  async changePassword(userId: number, input: ChangePasswordInput): Promise<LoginResult> {
    const { db } = this.deps;
    const user = await findAccountById(db, userId);
    if (user === undefined || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new WrongPasswordError();
    }
    const passwordHash = await hashPassword(input.newPassword);
    const at = this.now();
    const updated = await this.deps.transaction(async (tx) => {
      // A reset link asked for before the change no longer works (issue #30 finding 8).
      await retireEmailTokens(tx, userId, 'reset_password', at);
      return replacePassword(tx, userId, passwordHash, at, false);
    });
    if (updated === undefined) throw new WrongPasswordError();
    this.deps.onTokensRevoked?.(userId);
    return this.loginResult(updated);
  }

  private loginResult(user: AccountRow): Promise<LoginResult> {
    return issueSession(this.deps.jwt, user);
  }

  /** Under OIDC_ONLY the provider is the only way in: no password sign-in, sign-up or reset. */
  private refuseUnderOidcOnly(): void {
    const name = this.deps.oidcOnlyName ?? null;
    if (name !== null) throw new PasswordSignInOffError(name);
  }

  /** The account mails are sent by these jobs. */
  registerJobs(registry: JobRegistry): void {
    registry.register(verificationMailJob, ({ email, next, locale }) =>
      this.mailVerification(email, next, locale),
    );
    registry.register(passwordResetMailJob, ({ email, locale }) =>
      this.mailPasswordReset(email, locale),
    );
  }

  /**
   * Job: a new verification link, when `email` belongs to an account that is not verified yet.
   * Each attempt makes its own token (only hashes are stored, so a retry cannot reuse one).
   * `next`, an invite path, rides on the link as `&next=` so the first sign-in returns there.
   */
  async mailVerification(email: string, next?: string, requestLocale?: string): Promise<void> {
    const { db } = this.deps;
    const user = await findUserByEmail(db, email);
    // Nothing to mail: reach the mail server all the same (Mailer.check), so that the request's
    // mail ticket reads as a real one would and reveals nothing about the address.
    if (user === undefined || user.emailVerifiedAt !== null) return this.deps.mailer.check();
    const { token, hash } = newEmailToken();
    await insertEmailToken(db, {
      userId: user.id,
      purpose: 'verify_email',
      tokenHash: hash,
      expiresAt: new Date(this.now().getTime() + VERIFY_TTL_MS),
    });
    const back = returnPath(next).next;
    const link =
      `${this.deps.appUrl}/verify-email?token=${encodeURIComponent(token)}` +
      (back === undefined ? '' : `&next=${encodeURIComponent(back)}`);
    const tr = translatorFor(recipientLocale(user.locale ?? requestLocale));
    await this.deps.mailer.send(verificationEmail(tr, user.email, user.name, link));
  }

  /** Job: a reset link replacing every earlier one, when `email` belongs to an account. */
  async mailPasswordReset(email: string, requestLocale?: string): Promise<void> {
    const at = this.now();
    const { token, hash } = newEmailToken();
    const user = await this.deps.transaction(async (tx) => {
      // The row lock orders concurrent resets of one account, so exactly the newest link works.
      const found = await lockUserByEmail(tx, email);
      if (found === undefined) return undefined;
      await retireEmailTokens(tx, found.id, 'reset_password', at);
      await insertEmailToken(tx, {
        userId: found.id,
        purpose: 'reset_password',
        tokenHash: hash,
        expiresAt: new Date(at.getTime() + RESET_TTL_MS),
      });
      return found;
    });
    if (user === undefined) return this.deps.mailer.check();
    const link = `${this.deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const tr = translatorFor(recipientLocale(user.locale ?? requestLocale));
    await this.deps.mailer.send(passwordResetEmail(tr, user.email, user.name, link));
  }
}
