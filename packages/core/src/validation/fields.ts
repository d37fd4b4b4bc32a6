// Readers for common request fields: trimmed strings, ids, dates, money, booleans, e-mails.
import { MSG_INVALID_AMOUNT, parseMoney, parsePositiveMoney } from '../money.js';
import type { Cents } from '../money.js';
import { isEmailAddress, MSG_INVALID_EMAIL } from './email.js';
import { fieldError, fieldOk } from './issues.js';
import type { FieldRead } from './issues.js';
import type { Message } from '../message.js';

/** Length in characters (code points), as the database counts them. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** `undefined`, `null` or a string that is empty after trimming. */
export function isBlank(input: unknown): boolean {
  return (
    input === undefined || input === null || (typeof input === 'string' && input.trim() === '')
  );
}

/** A required trimmed string of 1–max characters. */
export function readRequiredText(
  input: unknown,
  max: number,
  emptyMessage: Message,
  tooLongMessage: Message,
): FieldRead<string> {
  if (typeof input !== 'string') return fieldError(emptyMessage);
  const text = input.trim();
  if (text === '') return fieldError(emptyMessage);
  if (charLength(text) > max) return fieldError(tooLongMessage);
  return fieldOk(text);
}

/** An optional trimmed string of at most max characters; blank → null. */
export function readOptionalText(
  input: unknown,
  max: number,
  tooLongMessage: Message,
  notTextMessage: Message = tooLongMessage,
): FieldRead<string | null> {
  if (isBlank(input)) return fieldOk(null);
  if (typeof input !== 'string') return fieldError(notTextMessage);
  const text = input.trim();
  if (charLength(text) > max) return fieldError(tooLongMessage);
  return fieldOk(text);
}

const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/** A positive integer id: a JSON number, or a string of digits. Returns null when invalid. */
export function toId(input: unknown): number | null {
  if (typeof input === 'number') {
    return Number.isSafeInteger(input) && input > 0 ? input : null;
  }
  if (typeof input === 'string') {
    const text = input.trim();
    if (!ID_PATTERN.test(text)) return null;
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

export function readId(input: unknown, message: Message): FieldRead<number> {
  const id = toId(input);
  return id === null ? fieldError(message) : fieldOk(id);
}

/** Optional id: absent or null → null. */
export function readOptionalId(input: unknown, message: Message): FieldRead<number | null> {
  if (input === undefined || input === null) return fieldOk(null);
  return readId(input, message);
}

export const MSG_INVALID_DATE: Message = /*i18n*/ {
  id: 'fields.invalidDate',
  message: 'Please enter a valid date (YYYY-MM-DD).',
};

/** Whether `text` is a real calendar date `YYYY-MM-DD` between 1900-01-01 and 2100-12-31. */
export function isValidDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** Optional date: absent, null or blank → null (the server then uses today, UTC). */
export function readOptionalDate(input: unknown): FieldRead<string | null> {
  if (isBlank(input)) return fieldOk(null);
  if (typeof input !== 'string') return fieldError(MSG_INVALID_DATE);
  const text = input.trim();
  return isValidDate(text) ? fieldOk(text) : fieldError(MSG_INVALID_DATE);
}

/** Required money > 0 (§1.3), in minor units of `currency`. */
export function readPositiveAmount(input: unknown, currency = 'USD'): FieldRead<Cents> {
  const r = parsePositiveMoney(input, currency);
  return r.ok ? fieldOk(r.cents) : fieldError(r.message);
}

/** Required money ≥ 0 (§1.3), in minor units of `currency`. */
export function readNonNegativeAmount(input: unknown, currency = 'USD'): FieldRead<Cents> {
  const r = parseMoney(input, currency);
  return r.ok ? fieldOk(r.cents) : fieldError(r.message);
}

/**
 * Required money > 0 where the "not a valid positive amount" case has its own sentence; the
 * decimals and maximum messages of §1.3 are kept.
 */
export function readPositiveAmountWith(
  input: unknown,
  invalidMessage: Message,
  currency = 'USD',
): FieldRead<Cents> {
  const r = parsePositiveMoney(input, currency);
  if (r.ok) return fieldOk(r.cents);
  return fieldError(r.message === MSG_INVALID_AMOUNT ? invalidMessage : r.message);
}

/** Optional boolean: absent or null → the default; also accepts "true" / "false". */
export function readOptionalBoolean(
  input: unknown,
  defaultValue: boolean,
  message: Message,
): FieldRead<boolean> {
  if (input === undefined || input === null) return fieldOk(defaultValue);
  if (typeof input === 'boolean') return fieldOk(input);
  if (input === 'true') return fieldOk(true);
  if (input === 'false') return fieldOk(false);
  return fieldError(message);
}

export { isEmailAddress, MSG_INVALID_EMAIL } from './email.js';

/** A required e-mail address, trimmed and lower-cased. */
export function readEmailAddress(input: unknown): FieldRead<string> {
  if (typeof input !== 'string') return fieldError(MSG_INVALID_EMAIL);
  const text = input.trim().toLowerCase();
  return isEmailAddress(text) ? fieldOk(text) : fieldError(MSG_INVALID_EMAIL);
}
