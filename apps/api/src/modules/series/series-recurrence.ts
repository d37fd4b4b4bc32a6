// A request's `recurrence` (issue #11), read with the shared rules and messages of core.
import { asRecord, RECURRENCE_MESSAGES, validateRecurrence } from '@evenly/core';
import type { RecurrenceInput, ValidationIssue } from '@evenly/core';
import type { ValidationError } from '../../errors/app-errors.js';
import { issuesError } from '../../errors/app-errors.js';

/** Issues of a nested object, their paths under `prefix`. */
function under(prefix: string, issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.map((i) => ({ path: [prefix, ...i.path], message: i.message }));
}

/** Reads a body's `recurrence` (400 with the shared messages); null when absent. */
export function readRecurrence(data: unknown, startDate: string | null): RecurrenceInput | null {
  const r = validateRecurrence(asRecord(data).recurrence, startDate);
  if (!r.ok) throw issuesError(under('recurrence', r.issues));
  return r.value;
}

export function endBeforeStart(): ValidationError {
  return issuesError([
    { path: ['recurrence', 'endDate'], message: RECURRENCE_MESSAGES.endBeforeStart },
  ]);
}
