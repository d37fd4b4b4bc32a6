// ApiTokenService (issue #34 point 4): a person's personal API tokens — made (the secret shown
// once, only its hash kept), listed with their last use, revoked. Who may call these (sessions
// only) is the authentication hook's rule (plugins/authentication.ts).
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { Db } from '../../db/database.js';
import { isDbId } from '../../db/ids.js';
import {
  MESSAGE_BAD_TOKEN,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '../../errors/app-errors.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import { newApiToken } from './api-token-format.js';
import type { ApiTokenRow, ApiTokenScope } from './api-tokens.repository.js';
import {
  countTokens,
  deleteSupersededTokens,
  deleteToken,
  insertToken,
  listTokens,
  lockOwner,
} from './api-tokens.repository.js';

export const MAX_TOKENS_PER_PERSON = 50;
export const MAX_TOKEN_NAME_LENGTH = 80;
export const MSG_NAME = `Give the token a name of 1 to ${String(MAX_TOKEN_NAME_LENGTH)} characters.`;
export const MSG_EXPIRY = 'The expiry must be a date and time in the future (ISO 8601).';
export const MSG_TOO_MANY = `You have ${String(MAX_TOKENS_PER_PERSON)} API tokens, the most one may have. Revoke one you no longer use first.`;
export const MSG_NO_TOKEN = 'There is no such API token.';

export interface CreateTokenInput {
  name: string;
  scope: ApiTokenScope;
  /** ISO 8601 timestamp; null or absent: never expires. */
  expiresAt?: string | null | undefined;
}

/** A new token: its row and the secret, which exists nowhere else. */
export interface CreatedToken {
  row: ApiTokenRow;
  token: string;
}

function readName(name: string): string {
  const trimmed = name.trim();
  // Characters as a person counts them (an emoji is one).
  const length = [...trimmed].length;
  if (length < 1 || length > MAX_TOKEN_NAME_LENGTH) {
    throw new ValidationError(MSG_NAME, [{ field: 'name', message: MSG_NAME }]);
  }
  return trimmed;
}

function readExpiry(expiresAt: string | null | undefined, now: Date): Date | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(expiresAt) ? Date.parse(expiresAt) : Number.NaN;
  if (!Number.isFinite(ms) || ms <= now.getTime()) {
    throw new ValidationError(MSG_EXPIRY, [{ field: 'expiresAt', message: MSG_EXPIRY }]);
  }
  return new Date(ms);
}

export class ApiTokenService {
  constructor(protected readonly deps: Pick<ServiceDeps, 'db' | 'transaction'>) {}

  list(userId: number): Promise<ApiTokenRow[]> {
    return listTokens(this.deps.db, userId);
  }

  /** 400 on a bad name or expiry or when the person has the most tokens allowed. */
  async create(
    userId: number,
    input: CreateTokenInput,
    idempotency: IdempotencyScope<CreatedToken> | null = null,
    now = new Date(),
  ): Promise<WriteOutcome<CreatedToken>> {
    const name = readName(input.name);
    const expiresAt = readExpiry(input.expiresAt, now);
    return this.deps.transaction(async (tx): Promise<WriteOutcome<CreatedToken>> => {
      const stored = idempotency === null ? null : await idempotency.claim(tx);
      if (stored !== null) return { kind: 'replayed', stored };
      const made = await this.insert(tx, userId, { name, scope: input.scope, expiresAt }, now);
      if (idempotency !== null) await idempotency.complete(tx, made);
      return { kind: 'done', value: made };
    });
  }

  /** 404 when the caller has no such token (someone else's included). */
  async revoke(userId: number, tokenId: number): Promise<void> {
    const removed = isDbId(tokenId) && (await deleteToken(this.deps.db, userId, tokenId));
    if (!removed) throw new NotFoundError(MSG_NO_TOKEN);
  }

  private async insert(
    tx: Db,
    userId: number,
    input: { name: string; scope: ApiTokenScope; expiresAt: Date | null },
    now: Date,
  ): Promise<CreatedToken> {
    const tokenVersion = await lockOwner(tx, userId);
    if (tokenVersion === undefined) throw new UnauthenticatedError(MESSAGE_BAD_TOKEN);
    await deleteSupersededTokens(tx, userId, tokenVersion);
    if ((await countTokens(tx, userId)) >= MAX_TOKENS_PER_PERSON) {
      throw new ValidationError(MSG_TOO_MANY);
    }
    const secret = newApiToken();
    const row = await insertToken(tx, {
      userId,
      name: input.name,
      scope: input.scope,
      tokenHash: secret.hash,
      hint: secret.hint,
      tokenVersion,
      createdAt: now,
      expiresAt: input.expiresAt,
    });
    return { row, token: secret.token };
  }
}
