// A group's invite links (table group_invite_links): at most one live link per group.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { groupInviteLinks } from '../../db/schema.js';

export type InviteLinkRow = typeof groupInviteLinks.$inferSelect;

/** What a token can look like (they are 24 URL-safe base64 characters); others are not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export function newInviteToken(): string {
  return randomBytes(18).toString('base64url');
}

/** ok: usable; revoked: revoked (or gone); expired: past its expiry. */
export function linkState(link: InviteLinkRow, now: Date): 'ok' | 'revoked' | 'expired' {
  if (link.revokedAt !== null) return 'revoked';
  if (link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'ok';
}

export async function findLinkByToken(db: Db, token: string): Promise<InviteLinkRow | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const rows = await db
    .select()
    .from(groupInviteLinks)
    .where(eq(groupInviteLinks.token, token))
    .limit(1);
  return rows[0];
}

/** The group's current link: not revoked and not expired. */
export async function currentLink(
  db: Db,
  groupId: number,
  now: Date,
): Promise<InviteLinkRow | undefined> {
  const rows = await db
    .select()
    .from(groupInviteLinks)
    .where(
      and(
        eq(groupInviteLinks.groupId, groupId),
        isNull(groupInviteLinks.revokedAt),
        sql`(${groupInviteLinks.expiresAt} is null or ${groupInviteLinks.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(desc(groupInviteLinks.id))
    .limit(1);
  return rows[0];
}

/** Revokes every live link of the group. */
export async function revokeLinks(db: Db, groupId: number, at: Date): Promise<void> {
  await db
    .update(groupInviteLinks)
    .set({ revokedAt: at })
    .where(and(eq(groupInviteLinks.groupId, groupId), isNull(groupInviteLinks.revokedAt)));
}

export async function insertLink(
  db: Db,
  values: { groupId: number; createdById: number; expiresAt: Date | null; at: Date },
): Promise<InviteLinkRow> {
  const [row] = await db
    .insert(groupInviteLinks)
    .values({
      groupId: values.groupId,
      token: newInviteToken(),
      createdById: values.createdById,
      createdAt: values.at,
      expiresAt: values.expiresAt,
    })
    .returning();
  if (row === undefined) throw new Error('invite link insert returned nothing');
  return row;
}
