// Guest request bodies (issue #12): a person without an account added to a group, by name and
// optionally an address. The API validates POST/PATCH /groups/{id}/guests with these, and the
// web app's guest form checks the same rules with the same sentences before sending.
import { isBlank, readEmailAddress, readRequiredText } from './fields.js';
import { asRecord, IssueCollector, schemaFromValidator } from './issues.js';
import type { ValidationResult } from './issues.js';

export const GUEST_NAME_MAX_LENGTH = 100;

export const GUEST_MESSAGES = {
  nameEmpty: /*i18n*/ { id: 'guest.nameEmpty', message: 'Please enter a name.' },
  nameTooLong: /*i18n*/ {
    id: 'guest.nameTooLong',
    message: 'Name must be at most {GUEST_NAME_MAX_LENGTH} characters.',
    values: { GUEST_NAME_MAX_LENGTH },
  },
  intoUser: /*i18n*/ {
    id: 'guest.intoUser',
    message: 'The person to merge into must be a member of this group.',
  },
  claimGuestId: /*i18n*/ { id: 'guest.claimGuestId', message: 'Invalid User ID.' },
  inviteToken: /*i18n*/ {
    id: 'guest.inviteToken',
    message: 'This invite link is invalid or has been revoked.',
  },
} as const;

function readGuestName(input: unknown) {
  return readRequiredText(
    input,
    GUEST_NAME_MAX_LENGTH,
    GUEST_MESSAGES.nameEmpty,
    GUEST_MESSAGES.nameTooLong,
  );
}

export interface GuestCreateInput {
  name: string;
  /** Trimmed and lower-cased; null = no address. */
  email: string | null;
}

export function validateGuestCreate(input: unknown): ValidationResult<GuestCreateInput> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const name = c.take(['name'], readGuestName(body.name));
  const email = isBlank(body.email) ? null : c.take(['email'], readEmailAddress(body.email));
  return c.result(() => ({ name: name ?? '', email: email ?? null }));
}

export const guestCreateSchema = schemaFromValidator(validateGuestCreate);

export interface GuestPatchInput {
  name?: string;
  /** null clears the address. */
  email?: string | null;
}

export function validateGuestPatch(input: unknown): ValidationResult<GuestPatchInput> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const patch: GuestPatchInput = {};
  if (body.name !== undefined) {
    const name = c.take(['name'], readGuestName(body.name));
    if (name !== undefined) patch.name = name;
  }
  if (body.email !== undefined) {
    if (isBlank(body.email)) patch.email = null;
    else {
      const email = c.take(['email'], readEmailAddress(body.email));
      if (email !== undefined) patch.email = email;
    }
  }
  return c.result(() => patch);
}

export const guestPatchSchema = schemaFromValidator(validateGuestPatch);
