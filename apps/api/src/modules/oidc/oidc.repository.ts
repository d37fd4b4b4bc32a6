// OpenID Connect sign-in rows: provider links, sign-ins under way, one-time hand-off codes.
// Every function takes the database or an open transaction first.
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { oidcHandoffs, oidcIdentities, oidcLogins } from '../../db/schema.js';

export interface PendingLogin {
  codeVerifier: string;
  nonce: string;
  nextPath: string | null;
}

export async function insertLogin(
  db: Db,
  values: PendingLogin & { stateHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oidcLogins).values(values);
}

/** The sign-in with this state, removed so it is used once; undefined when unknown or expired. */
export async function takeLogin(
  db: Db,
  stateHash: string,
  now: Date,
): Promise<PendingLogin | undefined> {
  const rows = await db
    .delete(oidcLogins)
    .where(and(eq(oidcLogins.stateHash, stateHash), gt(oidcLogins.expiresAt, now)))
    .returning({
      codeVerifier: oidcLogins.codeVerifier,
      nonce: oidcLogins.nonce,
      nextPath: oidcLogins.nextPath,
    });
  return rows[0];
}

/** Sign-ins never finished and hand-offs never exchanged, once expired. */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.delete(oidcLogins).where(lte(oidcLogins.expiresAt, now));
  await db.delete(oidcHandoffs).where(lte(oidcHandoffs.expiresAt, now));
}

export async function findLinkedUserId(
  db: Db,
  issuer: string,
  subject: string,
): Promise<number | undefined> {
  const rows = await db
    .select({ userId: oidcIdentities.userId })
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)))
    .limit(1);
  return rows[0]?.userId;
}

/** Links the provider account; a concurrent link of the same one leaves the first in place. */
export async function insertIdentity(
  db: Db,
  values: { issuer: string; subject: string; userId: number },
): Promise<void> {
  await db.insert(oidcIdentities).values(values).onConflictDoNothing();
}

export async function insertHandoff(
  db: Db,
  values: { codeHash: string; userId: number; nextPath: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(oidcHandoffs).values(values);
}

/** The hand-off with this code, removed so it is used once; undefined when unknown or expired. */
export async function takeHandoff(
  db: Db,
  codeHash: string,
  now: Date,
): Promise<{ userId: number; nextPath: string | null } | undefined> {
  const rows = await db
    .delete(oidcHandoffs)
    .where(and(eq(oidcHandoffs.codeHash, codeHash), gt(oidcHandoffs.expiresAt, now)))
    .returning({ userId: oidcHandoffs.userId, nextPath: oidcHandoffs.nextPath });
  return rows[0];
}
