// OpenID Connect sign-in (modules/oidc): which provider identity is which account, the sign-ins
// under way, and the one-time codes that hand a finished sign-in to the web app. Kept in the
// database, not in a process's memory, so whichever process gets the provider's callback (or
// the web app's exchange) can finish what another one started.
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { users } from './people.js';

/** A provider account (issuer + subject, never the e-mail) linked to an Evenly account. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oidc_identities_issuer_subject').on(t.issuer, t.subject),
    index('oidc_identities_user').on(t.userId),
  ],
);

/**
 * A sign-in sent to the provider and not back yet: the PKCE verifier and the nonce, found by
 * the hash of its state. The browser holds the state in an httpOnly cookie as well, so a
 * callback URL made in another browser is refused. Deleted when the callback uses it.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** The invite path to return to after signing in (core's invitePath), or null. */
    nextPath: text('next_path'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oidc_logins_expires').on(t.expiresAt)],
);

/** A finished sign-in waiting for the web app to exchange its one-time code for a session. */
export const oidcHandoffs = pgTable(
  'oidc_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nextPath: text('next_path'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oidc_handoffs_expires').on(t.expiresAt)],
);
