// Who may create an account (REGISTRATION, API plan §B): everyone (`open`), only people with an
// invitation (`invite`), or nobody (`closed`). Under `invite`, a person is invited when they bring
// a valid invite token (a friend link token, or a group invite link that is neither revoked nor
// expired), or when their address has a pending invitation or belongs to an unclaimed guest.
import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { RegistrationPolicy } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { groupInviteLinks, invitations, users } from '../../db/schema.js';
import { PROFILE_TEXT, RegistrationRefusedError } from './profile-errors.js';

/** True when `token` is a friend link or a live group invite link. */
export async function isValidInviteToken(db: Db, token: string, now: Date): Promise<boolean> {
  if (token === '' || token.length > 200) return false;
  const friend = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.friendLinkToken, token), eq(users.kind, 'ACCOUNT')))
    .limit(1);
  if (friend.length > 0) return true;
  const link = await db
    .select({ id: groupInviteLinks.id })
    .from(groupInviteLinks)
    .where(
      and(
        eq(groupInviteLinks.token, token),
        isNull(groupInviteLinks.revokedAt),
        or(isNull(groupInviteLinks.expiresAt), gt(groupInviteLinks.expiresAt, now)),
      ),
    )
    .limit(1);
  return link.length > 0;
}

/** True when the address has a pending invitation or is an unclaimed guest's address. */
export async function isInvitedAddress(db: Db, email: string): Promise<boolean> {
  const invited = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.email, email), isNull(invitations.convertedAt)))
    .limit(1);
  if (invited.length > 0) return true;
  const guest = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.kind, 'GUEST'),
        eq(users.guestEmail, email.toLowerCase()),
        isNotNull(users.guestGroupId),
      ),
    )
    .limit(1);
  return guest.length > 0;
}

/** Throws the 403 of the policy when it refuses this sign-up. */
export async function admitRegistration(
  db: Db,
  policy: RegistrationPolicy,
  input: { email: string; inviteToken?: string | undefined },
  now: Date = new Date(),
): Promise<void> {
  if (policy === 'open') return;
  if (policy === 'closed') {
    throw new RegistrationRefusedError('REGISTRATION_CLOSED', PROFILE_TEXT.closed);
  }
  const token = input.inviteToken?.trim() ?? '';
  if (token !== '' && (await isValidInviteToken(db, token, now))) return;
  if (await isInvitedAddress(db, input.email)) return;
  throw new RegistrationRefusedError('REGISTRATION_INVITE_ONLY', PROFILE_TEXT.inviteOnly);
}
