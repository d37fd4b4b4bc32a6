// OpenID Connect sign-in (issue #34): the authorization code flow with PKCE, state and nonce.
// start → the provider → callback → a one-time code → the web app exchanges it for the same
// bearer session a password sign-in gets. Every step keeps its state in the database (never in
// a process's memory), so any process may take any step.
import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import { NAME_MAX_LENGTH, invitePath, isEmailAddress } from '@evenly/core';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { OidcConfig } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors/app-errors.js';
import {
  findAccountById,
  findUserByEmail,
  insertAccountWithoutPassword,
  issueSession,
  markEmailVerified,
} from '../auth/index.js';
import type { AccountRow, LoginResult } from '../auth/index.js';
import { admitRegistration } from '../profile/index.js';
import { OidcCodeInvalidError, OidcFlowError, OidcNotConfiguredError } from './oidc-errors.js';
import { OidcProviderClient } from './oidc-provider-client.js';
import type { ProviderIdentity } from './oidc-provider-client.js';
import {
  findLinkedUserId,
  insertHandoff,
  insertIdentity,
  insertLogin,
  purgeExpired,
  takeHandoff,
  takeLogin,
} from './oidc.repository.js';

/** How long the provider may take to send the person back. */
const LOGIN_TTL_MS = 10 * 60 * 1000;
/** How long the web app has to exchange the one-time code (it does at once). */
const HANDOFF_TTL_MS = 2 * 60 * 1000;

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A name for a new account: the provider's, else the address's local part. */
function accountName(identity: ProviderIdentity, email: string): string {
  const name = identity.name?.trim() ?? '';
  return (name === '' ? (email.split('@')[0] ?? email) : name).slice(0, NAME_MAX_LENGTH);
}

export interface OidcStart {
  /** Where to send the browser: the provider, or the sign-in page with an error. */
  redirect: string;
  /** The state to bind to this browser (cookie); null when the sign-in could not start. */
  state: string | null;
}

export type OidcSession = LoginResult & { next: string | null };

export class OidcService {
  private readonly settings: OidcConfig | null;
  private readonly provider: OidcProviderClient | null;
  private readonly now: () => Date;

  constructor(
    private readonly deps: Pick<ServiceDeps, 'db' | 'config' | 'jwt' | 'logger' | 'transaction'>,
    private readonly collaborators: Pick<AppServices, 'invitations'>,
    now?: () => Date,
  ) {
    this.settings = deps.config.oidc;
    this.provider =
      this.settings === null
        ? null
        : new OidcProviderClient(this.settings, `${deps.config.appUrl}${OIDC_CALLBACK_PATH}`);
    this.now = now ?? (() => new Date());
  }

  private configured(): { settings: OidcConfig; provider: OidcProviderClient } {
    if (this.settings === null || this.provider === null) throw new OidcNotConfiguredError();
    return { settings: this.settings, provider: this.provider };
  }

  private errorRedirect(error: OidcFlowError): string {
    // The reason stays in the server's log; the browser gets a code the page turns into words.
    this.deps.logger.warn(
      { code: error.code, reason: error.cause instanceof Error ? error.cause.message : undefined },
      'OpenID Connect sign-in stopped',
    );
    return `${this.deps.config.appUrl}/login?oidc_error=${error.code}`;
  }

  /** Begins a sign-in; `next` is an invite path to come back to (anything else is dropped). */
  async start(next: string | undefined): Promise<OidcStart> {
    const { provider } = this.configured();
    const state = client.randomState();
    const checks = {
      state,
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    try {
      const redirect = await provider.authorizationUrl(checks);
      const at = this.now();
      await purgeExpired(this.deps.db, at);
      await insertLogin(this.deps.db, {
        stateHash: sha256(state),
        codeVerifier: checks.codeVerifier,
        nonce: checks.nonce,
        nextPath: invitePath(next),
        expiresAt: new Date(at.getTime() + LOGIN_TTL_MS),
      });
      return { redirect, state };
    } catch (error) {
      if (error instanceof OidcFlowError)
        return { redirect: this.errorRedirect(error), state: null };
      throw error;
    }
  }

  /**
   * The provider sent the browser back. `cookieState` is the state this browser started with:
   * a callback whose state is not this browser's own is refused (a link made elsewhere must not
   * sign anyone in). Answers where to send the browser next.
   */
  async callback(
    query: { state?: string | undefined; error?: string | undefined },
    rawQuery: string,
    cookieState: string | undefined,
  ): Promise<string> {
    const { provider } = this.configured();
    try {
      const state = query.state ?? '';
      if (state === '' || cookieState === undefined || state !== cookieState) {
        throw new OidcFlowError('OIDC_STATE_REFUSED');
      }
      const login = await takeLogin(this.deps.db, sha256(state), this.now());
      if (login === undefined) throw new OidcFlowError('OIDC_STATE_REFUSED');
      if (query.error !== undefined) {
        throw new OidcFlowError(
          query.error === 'access_denied' ? 'OIDC_CANCELLED' : 'OIDC_FAILED',
          {
            cause: new Error(`provider answered error=${query.error}`),
          },
        );
      }
      const identity = await provider.finish(rawQuery, {
        state,
        nonce: login.nonce,
        codeVerifier: login.codeVerifier,
      });
      const user = await this.accountFor(identity, login.nextPath);
      // The same rule as password sign-in: an account an administrator disabled gets no session.
      if (user.disabledAt !== null) throw new OidcFlowError('OIDC_ACCOUNT_DISABLED');
      const code = client.randomState();
      await insertHandoff(this.deps.db, {
        codeHash: sha256(code),
        userId: user.id,
        nextPath: login.nextPath,
        expiresAt: new Date(this.now().getTime() + HANDOFF_TTL_MS),
      });
      return `${this.deps.config.appUrl}/signin/oidc?code=${encodeURIComponent(code)}`;
    } catch (error) {
      if (error instanceof OidcFlowError) return this.errorRedirect(error);
      throw error;
    }
  }

  /** The web app's one-time code → the session (used once, within two minutes). */
  async exchange(code: string): Promise<OidcSession> {
    const { settings } = this.configured();
    const handoff = await takeHandoff(this.deps.db, sha256(code), this.now());
    const user =
      handoff === undefined ? undefined : await findAccountById(this.deps.db, handoff.userId);
    if (handoff === undefined || user === undefined) throw new OidcCodeInvalidError(settings.name);
    return { ...(await issueSession(this.deps.jwt, user)), next: handoff.nextPath };
  }

  /**
   * The account of this provider identity: the linked one; else the account with the address,
   * linked now only when the provider vouches for the address (email_verified); else a new
   * account, when REGISTRATION admits it.
   */
  private accountFor(identity: ProviderIdentity, nextPath: string | null): Promise<AccountRow> {
    return this.deps.transaction(async (tx) => {
      const linkedId = await findLinkedUserId(tx, identity.issuer, identity.subject);
      const linked = linkedId === undefined ? undefined : await findAccountById(tx, linkedId);
      if (linked !== undefined) return linked;

      const email = identity.email;
      if (email === null || !isEmailAddress(email)) throw new OidcFlowError('OIDC_NO_EMAIL');
      const existing = await findUserByEmail(tx, email);
      if (existing !== undefined) {
        if (!identity.emailVerified) throw new OidcFlowError('OIDC_EMAIL_UNVERIFIED');
        await this.link(tx, identity, existing);
        return existing;
      }
      await this.admit(tx, email, nextPath);
      const at = this.now();
      const created = await insertAccountWithoutPassword(tx, {
        name: accountName(identity, email),
        email,
        emailVerifiedAt: identity.emailVerified ? at : null,
      });
      // Someone took the address a moment ago: the next attempt links or refuses it.
      if (created === undefined) throw new OidcFlowError('OIDC_FAILED');
      await insertIdentity(tx, {
        issuer: identity.issuer,
        subject: identity.subject,
        userId: created.id,
      });
      if (identity.emailVerified) await this.collaborators.invitations.onEmailVerified(tx, created);
      return created;
    });
  }

  private async link(tx: Db, identity: ProviderIdentity, user: AccountRow): Promise<void> {
    await insertIdentity(tx, {
      issuer: identity.issuer,
      subject: identity.subject,
      userId: user.id,
    });
    // The provider vouches for the address: an account still waiting for its link is verified.
    if (user.emailVerifiedAt === null) {
      const at = this.now();
      await markEmailVerified(tx, user.id, at);
      await this.collaborators.invitations.onEmailVerified(tx, { ...user, emailVerifiedAt: at });
    }
  }

  /** REGISTRATION applies to a first sign-in that would create an account. */
  private async admit(tx: Db, email: string, nextPath: string | null): Promise<void> {
    // The invite link the person came from admits them under REGISTRATION=invite.
    const inviteToken = nextPath?.split('/')[2];
    try {
      await admitRegistration(tx, this.deps.config.registration, { email, inviteToken });
    } catch (error) {
      if (error instanceof AppError && error.code === 'REGISTRATION_CLOSED') {
        throw new OidcFlowError('OIDC_REGISTRATION_CLOSED');
      }
      if (error instanceof AppError && error.code === 'REGISTRATION_INVITE_ONLY') {
        throw new OidcFlowError('OIDC_REGISTRATION_INVITE_ONLY');
      }
      throw error;
    }
  }
}
