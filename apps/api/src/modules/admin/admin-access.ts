// Who is an administrator: an account whose address ADMIN_EMAILS names (compared lower-cased),
// or whose row says so (made admin in the admin area, or the first account's one-time claim).
// The one home of the rule: the admin route scope, Me and the admin area all ask here.

export interface AdminCandidate {
  email: string;
  isAdmin: boolean;
}

/** True when ADMIN_EMAILS names this address (addresses are stored lower-cased). */
export function isConfiguredAdmin(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.toLowerCase());
}

export function isAdminAccount(adminEmails: readonly string[], person: AdminCandidate): boolean {
  return person.isAdmin || isConfiguredAdmin(adminEmails, person.email);
}

/** What decides whether the first account's claim is open (read in one statement by Me). */
export interface ClaimFacts {
  /** Accounts on the server. */
  accounts: number;
  /** Accounts that are administrators by their row. */
  rowAdmins: number;
  /** A claim was made before (it is never offered again). */
  claimed: boolean;
}

/**
 * The claim is open while ADMIN_EMAILS names nobody, the server has exactly one account and no
 * administrator, and no claim was ever made (its record stays even if that account goes).
 */
export function isClaimOpen(adminEmails: readonly string[], facts: ClaimFacts): boolean {
  return (
    adminEmails.length === 0 && !facts.claimed && facts.accounts === 1 && facts.rowAdmins === 0
  );
}

export interface AdminAccess {
  isAdmin: boolean;
  /** The one account of a new server without an administrator may claim the role (once). */
  canClaimAdmin: boolean;
}

export function adminAccess(
  adminEmails: readonly string[],
  person: AdminCandidate,
  facts: ClaimFacts,
): AdminAccess {
  const isAdmin = isAdminAccount(adminEmails, person);
  return { isAdmin, canClaimAdmin: !isAdmin && isClaimOpen(adminEmails, facts) };
}
