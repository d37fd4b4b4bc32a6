// Profile rows: name, picture and pending address changes of users. Every function takes the
// database or an open transaction first.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SETTING } from '../admin/index.js';
import type { Db } from '../../db/database.js';
import { emailTokens, users } from '../../db/schema.js';
import { isoSql, run, statement } from '../../db/statements.js';
import type { UserRow } from '../auth/index.js';

/** The user row locked until the transaction ends. */
export async function lockUser(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return rows[0];
}

export async function setName(db: Db, id: number, name: string, at: Date): Promise<void> {
  await db.update(users).set({ name, updatedAt: at }).where(eq(users.id, id));
}

/** The person's language and time zone; only the fields given change (null clears one). */
export async function setPreferences(
  db: Db,
  id: number,
  preferences: { locale?: string | null; timeZone?: string | null },
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...preferences, updatedAt: at })
    .where(eq(users.id, id));
}

export async function setAvatar(
  db: Db,
  id: number,
  avatar: { key: string | null; version: number },
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ avatarKey: avatar.key, avatarVersion: avatar.version, updatedAt: at })
    .where(eq(users.id, id));
}

/** What GET /auth/me shows of an account, as the `profile.me` statement reads it. */
export interface MeRow {
  id: number;
  name: string;
  email: string;
  /** ISO 8601, UTC, milliseconds. */
  createdAt: string;
  emailVerified: boolean;
  homeCurrency: string | null;
  locale: string | null;
  timeZone: string | null;
  avatarKey: string | null;
  avatarVersion: number;
  /** The address of the newest unused, unexpired change_email link; null when none. */
  pendingEmail: string | null;
  /** An administrator by the row (the admin module's rule adds ADMIN_EMAILS). */
  isAdmin: boolean;
  /**
   * The first-account claim's facts (modules/admin, isClaimOpen), read so that Me, which every
   * start of the web app asks, never counts a whole table (#36: 134 req/s on 40,000 accounts):
   * `accounts` counts to 2 at most (the claim only asks "exactly one"), and `rowAdmins` is this
   * account's own flag, which equals the server's count whenever the claim can be open (then
   * this account is the only one).
   */
  accounts: number;
  rowAdmins: number;
  claimed: boolean;
}

// An account only (ACCOUNT rows always have an e-mail and a password: users_account_can_sign_in).
const meStatement = statement<MeRow>(
  'profile.me',
  `select u.id, u.name, u.email, ${isoSql('u.created_at')} as "createdAt",
          u.email_verified_at is not null as "emailVerified", u.home_currency as "homeCurrency",
          u.locale, u.time_zone as "timeZone", u.avatar_key as "avatarKey", u.avatar_version as "avatarVersion",
          (select t.new_email from email_tokens t
            where t.user_id = u.id and t.purpose = 'change_email' and t.used_at is null
              and t.expires_at > $2::timestamptz
            order by t.id desc limit 1) as "pendingEmail",
          u.is_admin as "isAdmin",
          (select count(*)::int from (select from users c where c.kind = 'ACCOUNT' limit 2) c) as accounts,
          case when u.is_admin then 1 else 0 end as "rowAdmins",
          exists (select 1 from instance_settings s where s.key = $3) as claimed
     from users u
    where u.id = $1 and u.kind = 'ACCOUNT'`,
);

/**
 * The account and the address of its pending change: one named statement, as GET /auth/me runs
 * on every start of the web app. Undefined for guests, deleted users and unknown ids.
 */
export async function meRowOf(db: Db, userId: number, now: Date): Promise<MeRow | undefined> {
  const [row] = await run(db, meStatement, [userId, now.toISOString(), SETTING.adminClaim]);
  return row;
}

export async function insertChangeEmailToken(
  db: Db,
  values: { userId: number; newEmail: string; tokenHash: string; expiresAt: Date },
): Promise<number> {
  const rows = await db
    .insert(emailTokens)
    .values({ ...values, purpose: 'change_email' })
    .returning({ id: emailTokens.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('change_email token insert returned nothing');
  return id;
}

/**
 * Puts a new token hash on a pending change_email row; returns the row (with its user and new
 * address) or undefined when the row is used, retired or expired.
 */
export async function rehashChangeEmailToken(
  db: Db,
  id: number,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number; newEmail: string | null } | undefined> {
  const rows = await db
    .update(emailTokens)
    .set({ tokenHash })
    .where(
      and(
        eq(emailTokens.id, id),
        eq(emailTokens.purpose, 'change_email'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  return rows[0];
}

/** The new sign-in address, verified. Undefined when another row took it meanwhile. */
export async function replaceEmail(
  db: Db,
  id: number,
  email: string,
  at: Date,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({
      email,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: at,
    })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}
