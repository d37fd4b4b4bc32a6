// What an edit (PUT /expenses/{id}, PUT /payments/{id}) may carry so that it is applied exactly
// once and only to the version it was made from — what the web app's offline queue relies on:
//
// - `expectedUpdatedAt` in the body: the `updatedAt` of the version the edit started from. When
//   the stored row has moved on since (someone else edited it), the edit is refused with
//   `409 EDIT_CONFLICT` instead of overwriting their change. Absent = last write wins, as before.
// - `Idempotency-Key`: a repeated edit whose answer was lost replays the stored answer instead of
//   meeting its own first run as a conflict.
//
// Both are checked inside the edit's transaction, under the row lock it takes, so a concurrent
// edit cannot slip in between the check and the write.
import type { Db } from '../../db/database.js';
import { ConflictError, ValidationError } from '../../errors/app-errors.js';
import type { IdempotencyScope, StoredResponse } from '../idempotency/index.js';

export const MSG_BAD_EXPECTED_UPDATED_AT =
  'expectedUpdatedAt must be a timestamp such as 2025-03-14T18:04:05.123Z.';
export const MSG_EXPENSE_EDIT_CONFLICT =
  'This expense was changed by someone else after you started editing it.';
export const MSG_PAYMENT_EDIT_CONFLICT =
  'This payment was changed by someone else after you started editing it.';

/** ISO 8601 with a zone (`Z` or an offset), as the API writes `updatedAt`. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export interface EditGuard<T> {
  /** The `updatedAt` the edit was based on; null = no precondition. */
  expectedUpdatedAt: Date | null;
  idempotency: IdempotencyScope<T> | null;
}

export const NO_EDIT_GUARD: EditGuard<never> = { expectedUpdatedAt: null, idempotency: null };

/** `expectedUpdatedAt` of an edit's body (absent or null → null); a malformed one is a 400. */
export function readExpectedUpdatedAt(body: unknown): Date | null {
  if (typeof body !== 'object' || body === null) return null;
  const raw = (body as Record<string, unknown>).expectedUpdatedAt;
  if (raw === undefined || raw === null) return null;
  const date = typeof raw === 'string' && TIMESTAMP.test(raw.trim()) ? new Date(raw.trim()) : null;
  if (date === null || Number.isNaN(date.getTime())) {
    throw new ValidationError(MSG_BAD_EXPECTED_UPDATED_AT, [
      { field: 'expectedUpdatedAt', message: MSG_BAD_EXPECTED_UPDATED_AT },
    ]);
  }
  return date;
}

/**
 * 409 EDIT_CONFLICT when the locked row is no longer the version the edit started from.
 * Timestamps are compared in whole milliseconds, the precision the API shows.
 */
export function checkUnchanged(
  row: { updatedAt: Date },
  expected: Date | null,
  message: string,
): void {
  if (expected === null) return;
  if (Math.floor(row.updatedAt.getTime()) !== Math.floor(expected.getTime())) {
    throw new ConflictError('EDIT_CONFLICT', message);
  }
}

/**
 * Runs an edit in its transaction under the guard's key: the stored answer when this key's
 * edit already committed, else the edit and its answer stored with it.
 */
export async function guardedEdit<T>(
  tx: Db,
  guard: EditGuard<T>,
  edit: () => Promise<T>,
): Promise<{ kind: 'done'; value: T } | { kind: 'replayed'; stored: StoredResponse }> {
  const stored = guard.idempotency === null ? null : await guard.idempotency.claim(tx);
  if (stored !== null) return { kind: 'replayed', stored };
  const value = await edit();
  if (guard.idempotency !== null) await guard.idempotency.complete(tx, value);
  return { kind: 'done', value };
}
