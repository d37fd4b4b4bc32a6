// The `recurrence` of an expense (issue #11): how often it repeats, in which time zone its dates
// begin, and when it ends. Shared by the API and the web form, so both say the same thing.
import { FREQUENCIES, isValidTimeZone, MAX_END_COUNT } from '../recurrence.js';
import type { Frequency } from '../recurrence.js';
import { isBlank, MSG_INVALID_DATE, readOptionalDate } from './fields.js';
import { asRecord, IssueCollector, schemaFromValidator } from './issues.js';
import type { ValidationResult } from './issues.js';

export const RECURRENCE_MESSAGES = {
  notObject: /*i18n*/ {
    id: 'recurrence.notObject',
    message: 'Recurrence must be an object with frequency and timeZone.',
  },
  frequency: /*i18n*/ {
    id: 'recurrence.frequency',
    message: 'Please choose how often the expense repeats.',
  },
  timeZone: /*i18n*/ { id: 'recurrence.timeZone', message: 'Please choose a valid time zone.' },
  endDate: MSG_INVALID_DATE,
  endBeforeStart: /*i18n*/ {
    id: 'recurrence.endBeforeStart',
    message: 'The end date must be on or after the first date.',
  },
  endCount: /*i18n*/ {
    id: 'recurrence.endCount',
    message: 'The number of times must be a whole number from 1 to {MAX_END_COUNT}.',
    values: { MAX_END_COUNT },
  },
  endBoth: /*i18n*/ {
    id: 'recurrence.endBoth',
    message: 'Choose an end date or a number of times, not both.',
  },
} as const;

export interface RecurrenceInput {
  readonly frequency: Frequency;
  /** IANA name, e.g. "Europe/Lisbon". */
  readonly timeZone: string;
  readonly endDate: string | null;
  readonly endCount: number | null;
}

function isFrequency(v: unknown): v is Frequency {
  return typeof v === 'string' && (FREQUENCIES as readonly string[]).includes(v);
}

/**
 * Reads a `recurrence` (absent or null → null: the expense does not repeat). `startDate`, when
 * known (YYYY-MM-DD), is the first occurrence's date: the end date may not be before it.
 * Issue paths are relative to the recurrence object.
 */
export function validateRecurrence(
  input: unknown,
  startDate: string | null = null,
): ValidationResult<RecurrenceInput | null> {
  if (input === undefined || input === null) return { ok: true, value: null };
  const c = new IssueCollector();
  if (typeof input !== 'object' || Array.isArray(input)) {
    c.add([], RECURRENCE_MESSAGES.notObject);
    return c.result(() => null);
  }
  const body = asRecord(input);
  const frequency = isFrequency(body.frequency) ? body.frequency : undefined;
  if (frequency === undefined) c.add(['frequency'], RECURRENCE_MESSAGES.frequency);
  const timeZone =
    typeof body.timeZone === 'string' && isValidTimeZone(body.timeZone.trim())
      ? body.timeZone.trim()
      : undefined;
  if (timeZone === undefined) c.add(['timeZone'], RECURRENCE_MESSAGES.timeZone);
  const endDate = c.take(['endDate'], readOptionalDate(body.endDate));
  let endCount: number | null | undefined = null;
  if (!isBlank(body.endCount)) {
    const n = typeof body.endCount === 'string' ? Number(body.endCount.trim()) : body.endCount;
    endCount =
      typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_END_COUNT ? n : undefined;
    if (endCount === undefined) c.add(['endCount'], RECURRENCE_MESSAGES.endCount);
  }
  if (endDate !== undefined && endDate !== null && endCount !== undefined && endCount !== null) {
    c.add(['endDate'], RECURRENCE_MESSAGES.endBoth);
  } else if (
    endDate !== undefined &&
    endDate !== null &&
    startDate !== null &&
    endDate < startDate
  ) {
    c.add(['endDate'], RECURRENCE_MESSAGES.endBeforeStart);
  }
  return c.result(() => ({
    frequency: frequency ?? 'MONTHLY',
    timeZone: timeZone ?? 'UTC',
    endDate: endDate ?? null,
    endCount: endCount ?? null,
  }));
}

/** zod schema of a recurrence (paths and messages as {@link validateRecurrence}). */
export const recurrenceInputSchema = schemaFromValidator((input) => validateRecurrence(input));
