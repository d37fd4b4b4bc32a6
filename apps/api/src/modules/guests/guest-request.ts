// Request bodies of the guests routes (issue #12), validated with core's field readers.
import {
  asRecord,
  IssueCollector,
  isBlank,
  readEmailAddress,
  readRequiredText,
  schemaFromValidator,
  toId,
} from '@evenly/core';
import type { ValidationResult } from '@evenly/core';

export const GUEST_MESSAGES = {
  nameEmpty: 'Please enter a name.',
  nameTooLong: 'Name must be at most 100 characters.',
  intoUser: 'The person to merge into must be a member of this group.',
  claimGuestId: 'Invalid User ID.',
  inviteToken: 'This invite link is invalid or has been revoked.',
} as const;

function readName(input: unknown) {
  return readRequiredText(input, 100, GUEST_MESSAGES.nameEmpty, GUEST_MESSAGES.nameTooLong);
}

export interface GuestCreateInput {
  name: string;
  email: string | null;
}

export function validateGuestCreate(input: unknown): ValidationResult<GuestCreateInput> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const name = c.take(['name'], readName(body.name));
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
    const name = c.take(['name'], readName(body.name));
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

export function validateMerge(input: unknown): ValidationResult<{ intoUserId: number }> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const id = toId(body.intoUserId);
  if (id === null) c.add(['intoUserId'], GUEST_MESSAGES.intoUser);
  return c.result(() => ({ intoUserId: id ?? 0 }));
}

export const mergeSchema = schemaFromValidator(validateMerge);

export function validateClaim(input: unknown): ValidationResult<{ inviteToken: string | null }> {
  const body = asRecord(input);
  const c = new IssueCollector();
  let token: string | null = null;
  if (!isBlank(body.inviteToken)) {
    if (typeof body.inviteToken !== 'string' || body.inviteToken.length > 200) {
      c.add(['inviteToken'], GUEST_MESSAGES.inviteToken);
    } else token = body.inviteToken.trim();
  }
  return c.result(() => ({ inviteToken: token }));
}

export const claimSchema = schemaFromValidator(validateClaim);

export function validateAccept(input: unknown): ValidationResult<{ claimGuestId: number | null }> {
  const body = asRecord(input);
  const c = new IssueCollector();
  let id: number | null = null;
  if (body.claimGuestId !== undefined && body.claimGuestId !== null) {
    id = toId(body.claimGuestId);
    if (id === null) c.add(['claimGuestId'], GUEST_MESSAGES.claimGuestId);
  }
  return c.result(() => ({ claimGuestId: id }));
}

export const acceptSchema = schemaFromValidator(validateAccept);
