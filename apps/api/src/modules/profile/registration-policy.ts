// Who may create an account (REGISTRATION, API plan §B): everyone (`open`), only people with an
// invitation (`invite`), or nobody (`closed`). Under `invite`, a person is invited when they bring
// a valid invite token (a friend link token, or a group invite link that is neither revoked nor
// expired), or when their address has a pending invitation or belongs to an unclaimed guest.
import type { RegistrationPolicy } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { PROFILE_TEXT, RegistrationRefusedError } from './profile-errors.js';
import {
  hasPendingInvitation,
  isFriendLinkToken,
  isLiveGroupInviteToken,
  isUnclaimedGuestAddress,
} from './registration.repository.js';

/** True when `token` is a friend link or a live group invite link. */
export async function isValidInviteToken(db: Db, token: string, now: Date): Promise<boolean> {
  if (token === '' || token.length > 200) return false;
  if (await isFriendLinkToken(db, token)) return true;
  return isLiveGroupInviteToken(db, token, now);
}

/** True when the address has a pending invitation or is an unclaimed guest's address. */
export async function isInvitedAddress(db: Db, email: string): Promise<boolean> {
  if (await hasPendingInvitation(db, email)) return true;
  return isUnclaimedGuestAddress(db, email.toLowerCase());
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
