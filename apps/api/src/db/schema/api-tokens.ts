// Personal API tokens (issue #34 point 4): long-lived bearer tokens a person makes for scripts.
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { users } from './people.js';

/**
 * One personal API token. Only the SHA-256 of the secret is kept (hex), so a copy of the
 * database does not hand out working tokens; `hint` is the secret's first characters, enough for
 * a person to tell their tokens apart. Revoking deletes the row. A token works only while its
 * owner's `token_version` equals the one it was made under: a password change or reset ends API
 * tokens as it ends sessions.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** READ: GET and HEAD only. READ_WRITE: everything a session may do but manage the account. */
    scope: text('scope', { enum: ['READ', 'READ_WRITE'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    /** The owner's token_version when the token was made. */
    tokenVersion: integer('token_version').notNull(),
    createdAt: createdAt(),
    /** Null: never expires. */
    expiresAt: ts('expires_at'),
    /** Written at most about once a minute per token (api-tokens/token-verifier.ts). */
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_idx').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.id),
  ],
);
