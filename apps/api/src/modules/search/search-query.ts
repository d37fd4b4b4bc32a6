// The query parameters of GET /api/search and GET /api/groups/{id}/search, read and checked: any
// bad one is a 400 VALIDATION_FAILED naming it (the contract's error body).
import { isCategoryId } from '@evenly/core';
import { z } from 'zod';
import { ValidationError } from '../../errors/app-errors.js';
import { cursorParts, decodeCursor } from '../../http/cursor.js';
import { readLimit } from '../expenses/index.js';
import { AMOUNT_SCALE_DIGITS } from './search.repository.js';
import type { SearchCursor } from './search.repository.js';

export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_WORDS = 8;
/** Default page size (search pages are for people; `limit` goes up to 1000 as elsewhere). */
export const DEFAULT_SEARCH_LIMIT = 50;

export const searchQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .meta({
      description: `Text, up to ${MAX_QUERY_LENGTH} characters and ${MAX_QUERY_WORDS} words. Every word must occur in the description, the notes or one comment — as a substring or a close word (typos tolerated: "piza" finds "Pizza"), case and accents ignored ("cafe" finds "Café").`,
      example: 'piza',
    }),
  minAmount: z.string().optional().meta({
    description: 'Smallest amount, inclusive, in the expense’s own currency (a decimal).',
    example: '10',
  }),
  maxAmount: z.string().optional().meta({
    description: 'Largest amount, inclusive, in the expense’s own currency (a decimal).',
    example: '99.99',
  }),
  category: z.string().optional().meta({
    description: 'One of the Category ids (GET /api/categories).',
    example: 'dining_out',
  }),
  personId: z.string().optional().meta({
    description: 'A user who paid or is in the split.',
    example: '5',
  }),
  from: z.string().optional().meta({
    description: 'Earliest expense date, inclusive (YYYY-MM-DD).',
    example: '2025-01-01',
  }),
  to: z.string().optional().meta({
    description: 'Latest expense date, inclusive (YYYY-MM-DD).',
    example: '2025-12-31',
  }),
  limit: z
    .string()
    .optional()
    .meta({
      description: `Page size, 1–1000 (default ${DEFAULT_SEARCH_LIMIT}).`,
      example: '20',
    }),
  before: z.string().optional().meta({
    description: 'The X-Next-Cursor of the previous page (§1.9).',
  }),
});
export type RawSearchQuery = z.infer<typeof searchQuerySchema>;

export interface SearchRequest {
  q: string;
  minScaled: bigint | null;
  maxScaled: bigint | null;
  category: string | null;
  personId: number | null;
  from: string | null;
  to: string | null;
  limit: number;
  cursor: SearchCursor | null;
}

function bad(field: string, message: string): ValidationError {
  return new ValidationError(message, [{ field, message }]);
}

function present(v: string | undefined): string | null {
  const t = v?.trim() ?? '';
  return t === '' ? null : t;
}

/** A non-negative decimal (up to 8 integer digits and 4 decimals) at 4 decimals: "12.5" → 125000. */
function readAmount(field: string, raw: string | undefined): bigint | null {
  const text = present(raw);
  if (text === null) return null;
  const m = /^(\d{1,8})(?:\.(\d{1,4}))?$/.exec(text);
  if (m === null) {
    throw bad(field, `${field} must be an amount such as 12.50 (at most 4 decimals).`);
  }
  return BigInt(`${m[1] ?? '0'}${(m[2] ?? '').padEnd(AMOUNT_SCALE_DIGITS, '0')}`);
}

function readDate(field: string, raw: string | undefined): string | null {
  const text = present(raw);
  if (text === null) return null;
  if (!cursorParts.date.safeParse(text).success) {
    throw bad(field, `${field} must be a date written YYYY-MM-DD.`);
  }
  return text;
}

/** Cursors: [date, createdAt, id] for date order; [score, date, createdAt, id] for text. */
const dateCursorShape = z.tuple([cursorParts.date, cursorParts.timestamp, cursorParts.id]);
const textCursorShape = z.tuple([
  z.number().int().min(0).max(1000),
  cursorParts.date,
  cursorParts.timestamp,
  cursorParts.id,
]);

export function readSearchQuery(raw: RawSearchQuery): SearchRequest {
  // Control characters (NUL would fail in the database) separate words like spaces.
  const q = (raw.q ?? '').replace(/\p{Cc}/gu, ' ').trim();
  if ([...q].length > MAX_QUERY_LENGTH) {
    throw bad('q', `q must be at most ${MAX_QUERY_LENGTH} characters.`);
  }
  if (q.split(/\s+/u).filter((w) => w !== '').length > MAX_QUERY_WORDS) {
    throw bad('q', `q can have at most ${MAX_QUERY_WORDS} words.`);
  }
  const minScaled = readAmount('minAmount', raw.minAmount);
  const maxScaled = readAmount('maxAmount', raw.maxAmount);
  if (minScaled !== null && maxScaled !== null && minScaled > maxScaled) {
    throw bad('maxAmount', 'maxAmount must not be less than minAmount.');
  }
  const categoryText = present(raw.category)?.toLowerCase() ?? null;
  if (categoryText !== null && !isCategoryId(categoryText)) {
    throw bad('category', 'category must be one of the category ids (GET /api/categories).');
  }
  const personText = present(raw.personId);
  let personId: number | null = null;
  if (personText !== null) {
    if (!/^[1-9][0-9]{0,15}$/.test(personText)) {
      throw bad('personId', 'personId must be a positive whole number.');
    }
    personId = Number(personText);
  }
  const from = readDate('from', raw.from);
  const to = readDate('to', raw.to);
  if (from !== null && to !== null && from > to) {
    throw bad('to', 'to must not be before from.');
  }
  const limit = raw.limit === undefined ? DEFAULT_SEARCH_LIMIT : readLimit(raw.limit);
  let cursor: SearchCursor | null = null;
  if (raw.before !== undefined) {
    if (q === '') {
      const [date, createdAt, id] = decodeCursor(raw.before, dateCursorShape);
      cursor = { score: null, date, createdAt, id };
    } else {
      const [score, date, createdAt, id] = decodeCursor(raw.before, textCursorShape);
      cursor = { score, date, createdAt, id };
    }
  }
  return {
    q,
    minScaled,
    maxScaled,
    category: categoryText,
    personId,
    from,
    to,
    limit,
    cursor,
  };
}
