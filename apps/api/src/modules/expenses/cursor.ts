// Opaque pagination cursors (contract §1.9): base64url of a small JSON array.
import { ValidationError } from '../../errors/app-errors.js';

export const INVALID_CURSOR = 'Invalid cursor.';

export function encodeCursor(parts: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

/** Decodes a cursor whose parts must match `kinds` ('s' string, 'n' positive integer). */
export function decodeCursor(raw: string, kinds: readonly ('s' | 'n')[]): (string | number)[] {
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(raw)) throw new Error('bad');
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== kinds.length) throw new Error('bad');
    return parsed.map((v: unknown, i) => {
      const kind = kinds[i];
      if (
        kind === 'n' &&
        typeof v === 'number' &&
        Number.isSafeInteger(v) &&
        v > 0 &&
        v <= 2_147_483_647
      )
        return v;
      if (kind === 's' && typeof v === 'string' && v.length <= 64) return v;
      throw new Error('bad');
    });
  } catch {
    throw new ValidationError(INVALID_CURSOR, [{ field: 'before', message: INVALID_CURSOR }]);
  }
}

/** Microsecond timestamp text as stored, e.g. 2025-03-14T18:04:05.123456Z. */
export const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date or timestamp that exists: Date.parse accepts days that do not (2025-02-30), which
 * PostgreSQL refuses, so the text must come back unchanged from a UTC Date (to the millisecond);
 * PostgreSQL has no year 0.
 */
function isRealInstant(value: string): boolean {
  const iso = value.length === 10 ? `${value}T00:00:00.000` : value.slice(0, 23);
  const time = Date.parse(`${iso}Z`);
  return (
    !Number.isNaN(time) &&
    new Date(time).toISOString().slice(0, 23) === iso &&
    !iso.startsWith('0000')
  );
}

export function checkText(value: string, pattern: RegExp): string {
  if (!pattern.test(value) || !isRealInstant(value)) {
    throw new ValidationError(INVALID_CURSOR, [{ field: 'before', message: INVALID_CURSOR }]);
  }
  return value;
}
