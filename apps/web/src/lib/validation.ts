// The small forms' checks before calling the API, by @evenly/core's own validators: the same
// rules the server answers with, their problems as core's message descriptors (the account forms use validation/auth-forms.ts,
// the expense form lib/expenseForm.ts). None of these pulls zod into the page.
import {
  PATH_ID_PATTERN,
  validateAddMembers,
  validateFriendRequest,
  validateGroupCreate,
  validateGroupPatch,
} from '@evenly/core';
import type { Message, ValidationResult } from '@evenly/core';

/** The first problem of a core validator's answer, or null when the input passes. */
export function firstProblem(result: ValidationResult<unknown>): Message | null {
  return result.ok ? null : (result.issues[0]?.message ?? null);
}

/** A new group's name (POST /groups). */
export function validateGroupName(name: string): Message | null {
  return firstProblem(validateGroupCreate({ name }));
}

/** A group's new name (PATCH /groups/{id}). */
export function validateGroupRename(name: string): Message | null {
  return firstProblem(validateGroupPatch({ name }));
}

/** The address of a friend request (POST /friendships/requests). */
export function validateMemberEmail(email: string): Message | null {
  return firstProblem(validateFriendRequest({ recipientEmail: email }));
}

/** Members to add to a group (POST /groups/{id}/members): ticked friends or one address. */
export function validateNewMembers(input: { memberIds: number[] } | { memberEmail: string }) {
  return firstProblem(validateAddMembers(input));
}

/** A path id as the API takes it (docs/api.md §1.2). */
export function isNumericId(id: string | undefined): id is string {
  return id !== undefined && PATH_ID_PATTERN.test(id);
}
