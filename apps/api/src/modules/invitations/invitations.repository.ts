// Invitation rows (table invitations): an e-mail to an address with no account yet (§5.7).
import { and, count, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { invitations } from '../../db/schema.js';

export type InvitationRow = typeof invitations.$inferSelect;

export interface NewInvitation {
  inviterId: number;
  email: string;
  groupId: number | null;
  mailedAt: Date | null;
}

export async function insertInvitation(db: Db, row: NewInvitation): Promise<void> {
  await db.insert(invitations).values(row);
}

/** Serializes invitation bookkeeping of one inviter (the e-mail limits count rows). */
export async function lockInviter(db: Db, inviterId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${7_310_001}, ${inviterId})`);
}

/** Invitation e-mails sent since `since`: to one address, and by the inviter altogether. */
export async function mailedSince(
  db: Db,
  inviterId: number,
  email: string,
  since: Date,
): Promise<{ toAddress: number; total: number }> {
  const rows = await db
    .select({
      total: count(),
      toAddress: sql<number>`count(*) filter (where ${invitations.email} = ${email})`.mapWith(
        Number,
      ),
    })
    .from(invitations)
    .where(and(eq(invitations.inviterId, inviterId), gt(invitations.mailedAt, since)));
  return { toAddress: rows[0]?.toAddress ?? 0, total: rows[0]?.total ?? 0 };
}

/** Invitations to an address that have not turned into friend requests yet. */
export async function unconvertedTo(db: Db, email: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, email), isNull(invitations.convertedAt)))
    .orderBy(invitations.createdAt, invitations.id);
}

export async function markConverted(db: Db, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(invitations).set({ convertedAt: at }).where(inArray(invitations.id, ids));
}

/** Open group invitations between two people (either one the inviter, the other the address). */
export async function groupInvitationsBetween(
  db: Db,
  a: { id: number; email: string | null },
  b: { id: number; email: string | null },
): Promise<InvitationRow[]> {
  // Friends are accounts, which always have an address; anyone else has no invitation.
  if (a.email === null || b.email === null) return [];
  return db
    .select()
    .from(invitations)
    .where(
      and(
        isNotNull(invitations.groupId),
        or(
          and(eq(invitations.inviterId, a.id), eq(invitations.email, b.email)),
          and(eq(invitations.inviterId, b.id), eq(invitations.email, a.email)),
        ),
      ),
    )
    .orderBy(invitations.createdAt, invitations.id);
}

/** A group invitation was carried out: keep the row (e-mail history) without the group. */
export async function clearGroupOf(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(invitations).set({ groupId: null }).where(inArray(invitations.id, ids));
}
