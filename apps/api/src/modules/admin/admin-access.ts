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
