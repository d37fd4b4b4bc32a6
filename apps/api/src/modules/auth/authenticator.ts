// Authenticator: bearer token → signed-in user, for every protected request.
//
// A token is valid when its signature and expiry check out and the user's current token version
// equals the token's (a password reset or change bumps it). Reading the user costs a database
// round trip on every request, so verified tokens are cached in this process — and the cache is
// kept honest by the database itself: a trigger on `users` (migrations 0002, 0003) writes a
// `user` change to the change feed whenever token_version, name or e-mail change or the row goes
// (user 0 on TRUNCATE), and every process follows the feed (db/change-feed.ts) and evicts that
// user's tokens. While the feed is not being followed (database unreachable) nothing is cached
// and nothing cached is used. Entries also expire after CACHE_TTL_MS as a backstop. The process
// that makes a change evicts at once (see `evictUser`), so on a single process a superseded
// token is refused on the very next request; other processes follow within the feed's delivery
// time (a doorbell NOTIFY, at worst one poll interval).
//
// Personal API tokens (`evy_…`) are told apart by their prefix and handed to the api-tokens
// module's resolver, which caches nothing (revoking one works at once everywhere).
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/database.js';
import type { ApiTokenResolver, AuthUser, Authentication } from './auth-user.js';
import type { JwtService } from './jwt.js';
import { findTokenUser } from './users.repository.js';

/** Longest time a cached verification is trusted without hearing from the database. */
export const CACHE_TTL_MS = 30_000;
/** Bound on cached tokens; the oldest are dropped first. */
export const CACHE_MAX_ENTRIES = 20_000;
/** Tokens longer than this are refused outright (no signature work on junk). */
const MAX_TOKEN_LENGTH = 4096;

interface Entry {
  user: AuthUser;
  /** min(token expiry, cached time + TTL), ms since the epoch. */
  validUntilMs: number;
}

export class Authenticator {
  /** token → entry, in insertion order (oldest first). */
  private readonly cache = new Map<string, Entry>();
  /** user id → their cached tokens, for eviction. */
  private readonly tokensOfUser = new Map<number, Set<string>>();
  /** Bumped on every invalidation: a lookup that overlapped one is not cached. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly jwt: JwtService,
    private readonly feed: Pick<ChangeFeed, 'live' | 'subscribe'>,
    private readonly apiTokens: ApiTokenResolver | null = null,
    private readonly now: () => number = Date.now,
  ) {
    feed.subscribe({
      changes: (batch) => {
        for (const c of batch) {
          if (c.entity !== 'user') continue;
          if (c.id === 0) this.clear();
          else this.evictUser(c.id);
        }
      },
      reset: () => this.clear(),
    });
  }

  /** How a bearer token signs in (session or API token); null when it is bad, expired or revoked. */
  async authenticate(token: string): Promise<Authentication | null> {
    if (token === '' || token.length > MAX_TOKEN_LENGTH) return null;
    if (this.apiTokens?.claims(token) === true) {
      const found = await this.apiTokens.verify(token);
      return found === null ? null : { kind: 'token', ...found };
    }
    const user = await this.userForSession(token);
    return user === null ? null : { kind: 'session', user };
  }

  /** The user a bearer token (session or API token) belongs to, or null. */
  async userForToken(token: string): Promise<AuthUser | null> {
    return (await this.authenticate(token))?.user ?? null;
  }

  /** The user a session JWT belongs to, or null when it is bad, expired or superseded. */
  private async userForSession(token: string): Promise<AuthUser | null> {
    const now = this.now();
    const hit = this.feed.live ? this.cache.get(token) : undefined;
    if (hit !== undefined) {
      if (hit.validUntilMs > now) return hit.user;
      this.forget(token, hit.user.id);
    }
    const generation = this.generation;
    const claims = this.jwt.verify(token);
    if (claims === null) return null;
    const row = await findTokenUser(this.db, claims.userId);
    if (row === undefined || row.tokenVersion !== claims.tokenVersion) return null;
    const user: AuthUser = { id: row.id, name: row.name, email: row.email };
    if (this.feed.live && generation === this.generation) {
      this.remember(token, {
        user,
        validUntilMs: Math.min(claims.expiresAtMs, this.now() + CACHE_TTL_MS),
      });
    }
    return user;
  }

  /** Drops every cached token of a user (their password, name or e-mail changed). */
  evictUser(userId: number): void {
    this.generation++;
    const tokens = this.tokensOfUser.get(userId);
    if (tokens === undefined) return;
    this.tokensOfUser.delete(userId);
    for (const t of tokens) this.cache.delete(t);
  }

  clear(): void {
    this.generation++;
    this.cache.clear();
    this.tokensOfUser.clear();
  }

  /** Cached tokens (tests, diagnostics). */
  get size(): number {
    return this.cache.size;
  }

  private remember(token: string, entry: Entry): void {
    while (this.cache.size >= CACHE_MAX_ENTRIES) {
      const oldest = this.cache.entries().next().value;
      if (oldest === undefined) break;
      this.forget(oldest[0], oldest[1].user.id);
    }
    this.cache.set(token, entry);
    let tokens = this.tokensOfUser.get(entry.user.id);
    if (tokens === undefined) {
      tokens = new Set();
      this.tokensOfUser.set(entry.user.id, tokens);
    }
    tokens.add(token);
  }

  private forget(token: string, userId: number): void {
    this.cache.delete(token);
    const tokens = this.tokensOfUser.get(userId);
    if (tokens === undefined) return;
    tokens.delete(token);
    if (tokens.size === 0) this.tokensOfUser.delete(userId);
  }
}
