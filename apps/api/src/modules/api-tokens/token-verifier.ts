// Personal API token → its owner and scope, for the authenticator (auth/authenticator.ts).
//
// Nothing is cached: every request with an API token looks its hash up (one indexed, named
// statement), so revoking a token, its expiry, a password change or the account's deletion
// takes effect on the very next request in every process, with no feed to follow.
//
// The last use is stamped at most about once a minute per token: this process remembers when it
// last stamped each token, the statement itself skips a token stamped within the minute (by any
// process), and it skips a row another transaction holds rather than wait. The stamp is not
// awaited by the request: a request never waits on that write.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isApiTokenFormat, isWellFormedApiToken, hashApiToken } from './api-token-format.js';
import { findLiveToken, touchLastUsed } from './api-tokens.repository.js';
import type { ApiTokenScope } from './api-tokens.repository.js';

/** How often the last use of one token is written at most. */
export const LAST_USED_EVERY_MS = 60_000;
/** Bound on remembered stamps; the map is simply cleared when it is reached. */
const MAX_REMEMBERED = 10_000;

export interface VerifiedApiToken {
  tokenId: number;
  scope: ApiTokenScope;
  user: { id: number; name: string; email: string };
}

export class ApiTokenVerifier {
  /** token hash → when this process last stamped it (ms). By hash: ids may come again after a restore. */
  private readonly stamped = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly logger: Pick<FastifyBaseLogger, 'warn'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the authenticator should ask this verifier (the `evy_` prefix) rather than JWT. */
  claims(token: string): boolean {
    return isApiTokenFormat(token);
  }

  /** The token's owner and scope; null when it is malformed, unknown, revoked or expired. */
  async verify(token: string): Promise<VerifiedApiToken | null> {
    if (!isWellFormedApiToken(token)) return null;
    const nowMs = this.now();
    const hash = hashApiToken(token);
    const row = await findLiveToken(this.db, hash, new Date(nowMs));
    if (row === undefined) return null;
    this.stampLater(hash, row.tokenId, row.lastUsedMs, nowMs);
    return {
      tokenId: row.tokenId,
      scope: row.scope,
      user: { id: row.userId, name: row.name, email: row.email },
    };
  }

  /** Waits for stamps under way (before the database closes). */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private stampLater(
    hash: string,
    tokenId: number,
    lastUsedMs: number | null,
    nowMs: number,
  ): void {
    if (lastUsedMs !== null && nowMs - lastUsedMs < LAST_USED_EVERY_MS) return;
    const mine = this.stamped.get(hash);
    if (mine !== undefined && nowMs - mine < LAST_USED_EVERY_MS) return;
    if (this.stamped.size >= MAX_REMEMBERED) this.stamped.clear();
    this.stamped.set(hash, nowMs);
    const write = touchLastUsed(this.db, tokenId, new Date(nowMs)).catch((error: unknown) => {
      // Only a convenience for the owner: a failed stamp is tried again on a later use.
      this.stamped.delete(hash);
      this.logger.warn({ err: error, tokenId }, 'could not record an API token’s last use');
    });
    this.pending.add(write);
    void write.finally(() => this.pending.delete(write));
  }
}
