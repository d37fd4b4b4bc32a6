// People and how they are connected: accounts (with their e-mail links), friendships, invitations,
// groups, their members and invite links. Users and groups refer to each other (a guest belongs
// to the group that added them), so they are declared together.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /**
     * Stored lower-cased; unique. The sign-in address of an ACCOUNT; null for a GUEST (whose
     * address, if known, is `guestEmail`) and for a DELETED user (erased).
     */
    email: text('email'),
    /** argon2id encoded hash; null for GUEST and DELETED users, who cannot sign in. */
    passwordHash: text('password_hash'),
    /**
     * ACCOUNT: a person who signs in. GUEST: a person without an account, added to one group by
     * name (`guestGroupId`); takes part in expenses and payments, has no login, sees nothing,
     * gets no activity or mail; claimed (merged into an ACCOUNT) later. DELETED: an erased
     * account whose shared history stays under the name "Deleted user".
     */
    kind: text('kind', { enum: ['ACCOUNT', 'GUEST', 'DELETED'] })
      .notNull()
      .default('ACCOUNT'),
    /** GUEST only: the group the guest was added to (null once that group is deleted). */
    guestGroupId: integer('guest_group_id').references((): AnyPgColumn => groups.id, {
      onDelete: 'set null',
    }),
    /** GUEST only: the address given when adding them, lower-cased; not unique. */
    guestEmail: text('guest_email'),
    /** GUEST only: the member who added them. */
    guestAddedById: integer('guest_added_by_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** Storage key of the profile picture (resized on the server); null = initials. */
    avatarKey: text('avatar_key'),
    /** Bumped on every picture change so picture URLs change with it. */
    avatarVersion: integer('avatar_version').notNull().default(0),
    /** The personal "add me as a friend" link token (random, URL-safe); null until first asked. */
    friendLinkToken: text('friend_link_token'),
    /** When a DELETED user's account was erased. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * Bumped by a password reset or change. Every JWT carries the version it was issued
     * under, so bumping it invalidates every earlier token at once.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Preferred currency for approximate totals (ISO 4217); null = none chosen. */
    homeCurrency: text('home_currency'),
    /**
     * Notifications (the person's activity rows by others) up to this activity id are read:
     * "mark all read" moves it; rows above it are read one by one (activities.read_at). Set to
     * the latest activity when the column was added, so history is not suddenly unread.
     */
    notificationsReadThrough: bigint('notifications_read_through', { mode: 'number' })
      .notNull()
      .default(0),
    /** The daily e-mail digest covered activity up to this id. */
    emailDigestThrough: bigint('email_digest_through', { mode: 'number' }).notNull().default(0),
    /** The person's local date (in timeZone) of the last digest run that reached them. */
    digestLocalDate: date('digest_local_date', { mode: 'string' }),
    /** The person's language (a SUPPORTED_LOCALES tag); null = follow the browser. */
    locale: text('locale'),
    /** The person's IANA time zone (set from the browser, editable); null = UTC. */
    timeZone: text('time_zone'),
    /** Named an administrator in the admin area or by the first-account claim (modules/admin). */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Set by an administrator: the account cannot sign in and its tokens are refused. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_friend_link_token_key').on(t.friendLinkToken),
    index('users_guest_email_idx')
      .on(t.guestEmail)
      .where(sql`${t.kind} = 'GUEST'`),
    index('users_guest_group_idx')
      .on(t.guestGroupId)
      .where(sql`${t.kind} = 'GUEST'`),
    check(
      'users_account_can_sign_in',
      sql`${t.kind} <> 'ACCOUNT' or (${t.email} is not null and ${t.passwordHash} is not null)`,
    ),
  ],
);

/** Single-use e-mail links (verification, password reset). Only a SHA-256 of the token is kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'reset_password', 'change_email'],
    }).notNull(),
    /** change_email only: the new address (lower-cased) that takes effect when the link is opened. */
    newEmail: text('new_email'),
    /** hex SHA-256 of the random token sent by e-mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

/**
 * One row per pair of people, whatever the direction: a pending request (requester → addressee)
 * or an accepted friendship. `userLow`/`userHigh` make the pair unique.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: integer('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING', 'ACCEPTED'] }).notNull(),
    userLow: integer('user_low').notNull(),
    userHigh: integer('user_high').notNull(),
    createdAt: createdAt(),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [
    uniqueIndex('friendships_pair_key').on(t.userLow, t.userHigh),
    index('friendships_requester_idx').on(t.requesterId),
    index('friendships_addressee_idx').on(t.addresseeId),
    check('friendships_pair_order', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/** An invitation e-mail to an address with no account yet (docs/api.md §5.7). */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased address. */
    email: text('email').notNull(),
    /** Set when the invitation came from adding the address to a group. */
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** When the invitation e-mail was sent; null when rate limits suppressed it. */
    mailedAt: ts('mailed_at'),
    /** When the invitation turned into a friend request. */
    convertedAt: ts('converted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_email_idx').on(t.email),
    index('invitations_inviter_idx').on(t.inviterId, t.createdAt),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Holder of creator rights; passes to the earliest-joined member when the creator leaves. */
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    simplifyDebts: boolean('simplify_debts').notNull().default(false),
    defaultCurrency: text('default_currency').notNull().default('USD'),
    /**
     * CONVERT: entries in another currency are converted into `defaultCurrency`, and balances are
     * kept in it alone. SEPARATE: entries stay in their own currency; balances per currency.
     */
    currencyMode: text('currency_mode', { enum: ['CONVERT', 'SEPARATE'] })
      .notNull()
      .default('CONVERT'),
    /** Cover: one emoji (a grapheme) shown as the group's picture; null = initials. */
    coverEmoji: text('cover_emoji'),
    /** Cover colour: one of the palette names of packages/core (e.g. "teal"); null = default. */
    coverColor: text('cover_color'),
    createdAt: createdAt(),
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
  },
  (t) => [index('groups_last_activity_idx').on(t.lastActivityAt)],
);

/** Membership; a former member keeps the row with `leftAt` set (their entries still count). */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Joining order: a global sequence, so "earliest-joined" is unambiguous. */
    joinSeq: bigint('join_seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    leftAt: ts('left_at'),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_idx').on(t.userId, t.groupId),
  ],
);

/**
 * A group's invite link: anyone signed in who opens `{APP_URL}/join/{token}` may join the group
 * (or claim one of its guests) in one tap. Revocable; optionally expiring. The token is random
 * (URL-safe base64 of 18 bytes) and kept as is, so members can show the link again.
 */
export const groupInviteLinks = pgTable(
  'group_invite_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** Null = never expires. */
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('group_invite_links_token_key').on(t.token),
    index('group_invite_links_group_idx').on(t.groupId),
  ],
);
