// Friend request body (docs/api.md §4.2).
import { readEmailAddress } from './fields.js';
import { asRecord, IssueCollector, schemaFromValidator } from './issues.js';
import type { ValidationResult } from './issues.js';

export interface FriendRequestInput {
  /** Trimmed and lower-cased. */
  readonly recipientEmail: string;
}

export function validateFriendRequest(input: unknown): ValidationResult<FriendRequestInput> {
  const c = new IssueCollector();
  const email = c.take(['recipientEmail'], readEmailAddress(asRecord(input).recipientEmail));
  return c.result(() => ({ recipientEmail: email ?? '' }));
}

export const friendRequestSchema = schemaFromValidator(validateFriendRequest);
