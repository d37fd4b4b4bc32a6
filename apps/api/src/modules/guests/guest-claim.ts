// Who may claim a guest (take over its place and balance in its group).
import type { AccountRow } from '../auth/index.js';

/** The guest was added with the caller's address, and the caller has verified it. */
export function ownsAddress(me: AccountRow, guest: { guestEmail: string | null }): boolean {
  return me.emailVerifiedAt !== null && guest.guestEmail !== null && guest.guestEmail === me.email;
}

/**
 * Whoever has the group's invite link may claim a guest added without an address; a guest added
 * with one only by the person who verified that address (issue #30 finding 6).
 */
export function mayClaimByLink(me: AccountRow, guest: { guestEmail: string | null }): boolean {
  return guest.guestEmail === null || ownsAddress(me, guest);
}
