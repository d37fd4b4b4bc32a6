// The statements of personal API tokens (table api_tokens): the lookup behind every request that
// carries one, the list, create, revoke and the last-use stamp.
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { apiTokens, users } from '../../db/schema.js';
import { run, statement } from '../../db/statements.js';

export type ApiTokenScope = (typeof apiTokens.$inferSelect)['scope'];

export interface ApiTokenRow {
  id: number;
  name: string;
  scope: ApiTokenScope;
  hint: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/** What a presented token resolves to. */
export interface TokenOwner {
  tokenId: number;
  scope: ApiTokenScope;
  /** Last use, ms since the epoch; null when never used. */
  lastUsedMs: number | null;
  userId: number;
  name: string;
  email: string;
}

const byHashStatement = statement<TokenOwner>(
  'api_tokens.by_hash',
  `select t.id as "tokenId", t.scope, (extract(epoch from t.last_used_at) * 1000)::float8 as "lastUsedMs",
          u.id as "userId", u.name, u.email
     from api_tokens t join users u on u.id = t.user_id
    where t.token_hash = $1 and u.kind = 'ACCOUNT' and u.token_version = t.token_version
      and (t.expires_at is null or t.expires_at > $2::timestamptz)`,
);

/**
 * The live token with this hash and its owner: not revoked (deleted), not expired at `now`, its
 * owner an account whose password has not changed since (token_version). One named statement:
 * every request with an API token runs it.
 */
export async function findLiveToken(
  db: Db,
  hash: string,
  now: Date,
): Promise<TokenOwner | undefined> {
  const [row] = await run(db, byHashStatement, [hash, now.toISOString()]);
  return row;
}

const touchStatement = statement<{ id: number }>(
  'api_tokens.touch',
  `update api_tokens set last_used_at = $2::timestamptz
    where id = (select id from api_tokens
                 where id = $1
                   and (last_used_at is null or last_used_at < $2::timestamptz - interval '1 minute')
                 for update skip locked)
    returning id`,
);

/**
 * Stamps the token's last use unless it was stamped within the minute. SKIP LOCKED: when another
 * request holds the row (stamping it, or revoking it) this one gives up instead of waiting.
 */
export async function touchLastUsed(db: Db, tokenId: number, now: Date): Promise<void> {
  await run(db, touchStatement, [tokenId, now.toISOString()]);
}

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  hint: apiTokens.hint,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

/** Tokens still in force for their owner (made under the current token version), oldest first. */
const current = (userId: number) =>
  and(
    eq(apiTokens.userId, userId),
    eq(
      apiTokens.tokenVersion,
      sql`(select ${users.tokenVersion} from ${users} where ${users.id} = ${userId})`,
    ),
  );

export async function listTokens(db: Db, userId: number): Promise<ApiTokenRow[]> {
  return db.select(columns).from(apiTokens).where(current(userId)).orderBy(asc(apiTokens.id));
}

/** Locks the owner's row for the rest of the transaction, so the count limit holds under races. */
export async function lockOwner(tx: Db, userId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.tokenVersion;
}

export async function countTokens(tx: Db, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(apiTokens).where(current(userId));
  return row?.n ?? 0;
}

/** Removes tokens a password change has already ended (they only take up room). */
export async function deleteSupersededTokens(
  tx: Db,
  userId: number,
  tokenVersion: number,
): Promise<void> {
  await tx
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, userId), ne(apiTokens.tokenVersion, tokenVersion)));
}

export async function insertToken(
  tx: Db,
  values: {
    userId: number;
    name: string;
    scope: ApiTokenScope;
    tokenHash: string;
    hint: string;
    tokenVersion: number;
    createdAt: Date;
    expiresAt: Date | null;
  },
): Promise<ApiTokenRow> {
  const [row] = await tx.insert(apiTokens).values(values).returning(columns);
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}

/** Revokes (deletes) one of the owner's tokens; false when they have no such token. */
export async function deleteToken(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}
