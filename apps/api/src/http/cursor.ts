// Opaque pagination cursors (docs/api.md §1.9): a JSON array of positional keys, base64url-encoded.
// Any cursor that does not decode to the expected shape is a 400 `Invalid cursor.`.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../errors/app-errors.js';

export const INVALID_CURSOR = 'Invalid cursor.';

/** One page of a cursor-paginated list; `nextCursor` is null on the last page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Cursor keys: numbers (ids) and strings (dates, timestamps). */
export type CursorKey = number | string;

export function encodeCursor(keys: readonly CursorKey[]): string {
  return Buffer.from(JSON.stringify(keys), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor and checks it against `shape` (a zod schema of the keys array, e.g.
 * `z.tuple([z.number().int().positive()])`); throws ValidationError('Invalid cursor.') otherwise.
 */
export function decodeCursor<T>(raw: string, shape: z.ZodType<T>): T {
  if (raw.length === 0 || raw.length > 512 || !/^[A-Za-z0-9_-]+$/.test(raw)) {
    throw invalidCursor();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = shape.safeParse(parsed);
  if (!result.success) throw invalidCursor();
  return result.data;
}

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

/** Parts of cursors. Ids fit the integer id columns (a larger one names no row). */
export const cursorParts = {
  id: z.number().int().positive().max(2_147_483_647),
  /** Microsecond timestamp text as stored, e.g. 2025-03-14T18:04:05.123456Z. */
  timestamp: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
    .refine(isRealInstant),
  /** A calendar date, YYYY-MM-DD. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(isRealInstant),
};

/** Cursor of one positive integer id (e.g. `/activity`, newest-first by id). */
export const idCursorShape = z.tuple([z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]);

/** Cursor of lists newest first by (createdAt, id): `/expenses/my`, `/payments/my`. */
export const createdAtCursorShape = z.tuple([cursorParts.timestamp, cursorParts.id]);

export function invalidCursor(): ValidationError {
  return new ValidationError(INVALID_CURSOR, [{ field: 'before', message: INVALID_CURSOR }]);
}

/** The `limit` query parameter: integer within [1, max], default `def`. */
export function limitSchema(max: number, def: number) {
  const message = `limit must be an integer between 1 and ${max}.`;
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx): number => {
      if (v === undefined || v === '') return def;
      const n = typeof v === 'number' ? v : /^[0-9]{1,6}$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

/** Sets `X-Next-Cursor` and `Link: <path?limit=N&before=C>; rel="next"` when a next page exists. */
/** `X-Next-Cursor` and `Link` (§1.9) when there is a next page, else none. */
export function nextPageHeaders(
  path: string,
  limit: number,
  nextCursor: string | null,
): Record<string, string> {
  if (nextCursor === null) return {};
  return {
    'x-next-cursor': nextCursor,
    link: `<${path}?limit=${limit}&before=${nextCursor}>; rel="next"`,
  };
}

export function setNextPage(
  reply: FastifyReply,
  path: string,
  limit: number,
  nextCursor: string | null,
): void {
  void reply.headers(nextPageHeaders(path, limit, nextCursor));
}
