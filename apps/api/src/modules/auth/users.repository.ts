// Users table access. Every function takes the database or an open transaction first.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { run, statement } from '../../db/statements.js';

export type UserRow = typeof users.$inferSelect;

/**
 * A person who signs in. The check constraint `users_account_can_sign_in` guarantees an ACCOUNT
 * row has an e-mail and a password hash; GUEST and DELETED rows have no e-mail, so a lookup by
 * e-mail only ever finds accounts.
 */
export type AccountRow = UserRow & { kind: 'ACCOUNT'; email: string; passwordHash: string };

/** The row as an account, or undefined when it is a guest or a deleted user. */
export function asAccount(row: UserRow | undefined): AccountRow | undefined {
  if (row === undefined || row.kind !== 'ACCOUNT') return undefined;
  if (row.email === null || row.passwordHash === null) return undefined;
  return row as AccountRow;
}

export async function findUserByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return asAccount(rows[0]);
}

/** The account with this address, its row locked until the transaction ends. */
export async function lockUserByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1).for('update');
  return asAccount(rows[0]);
}

/** Who a token names: the user's id, name, e-mail and current token version. */
export interface TokenUser {
  id: number;
  name: string;
  email: string;
  tokenVersion: number;
}

const tokenUserStatement = statement<TokenUser>(
  'users.for_token',
  `select id, name, email, token_version as "tokenVersion" from users
    where id = $1 and kind = 'ACCOUNT' and disabled_at is null`,
);

/** The user a token names, unless disabled by an administrator (one named statement: every uncached protected request runs it). */
export async function findTokenUser(db: Db, id: number): Promise<TokenUser | undefined> {
  const [row] = await run(db, tokenUserStatement, [id]);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** The account with this id; undefined for guests, deleted users and unknown ids. */
export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  return asAccount(await findUserById(db, id));
}

/** Inserts a user; returns undefined when the e-mail is already taken (unique index). */
export async function insertUser(
  db: Db,
  values: {
    name: string;
    email: string;
    passwordHash: string;
    emailVerifiedAt: Date | null;
    locale?: string | null;
  },
): Promise<AccountRow | undefined> {
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return asAccount(rows[0]);
}

export async function markEmailVerified(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}

/** Sets a new password and bumps the token version, which invalidates every earlier JWT. */
export async function replacePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  at: Date,
  alsoVerify: boolean,
): Promise<AccountRow | undefined> {
  const rows = await db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: at,
      ...(alsoVerify
        ? {
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
          }
        : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  return asAccount(rows[0]);
}

export async function setHomeCurrency(db: Db, id: number, currency: string | null): Promise<void> {
  await db.update(users).set({ homeCurrency: currency }).where(eq(users.id, id));
}
