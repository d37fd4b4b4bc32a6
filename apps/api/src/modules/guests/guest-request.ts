// Request bodies of the guests routes (issue #12), validated with core's field readers.
import {
  asRecord,
  GUEST_MESSAGES,
  IssueCollector,
  isBlank,
  schemaFromValidator,
  toId,
} from '@evenly/core';
import type { ValidationResult } from '@evenly/core';

// Adding and editing a guest: the web's guest form checks the same rules (core validation/guest.ts).
export { guestCreateSchema, guestPatchSchema } from '@evenly/core';
export type { GuestCreateInput, GuestPatchInput } from '@evenly/core';

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
