// Path ids (docs/api.md §1.2): `^[1-9][0-9]{0,15}$`, else `Invalid {Resource} ID.`
import { z } from 'zod';

export type IdResource =
  | 'Group'
  | 'Expense'
  | 'Payment'
  | 'Comment'
  | 'Friendship'
  | 'User'
  | 'Series'
  | 'API token'
  | 'Job';

export const PATH_ID_PATTERN = /^[1-9][0-9]{0,15}$/;

export function invalidIdMessage(resource: IdResource): string {
  return `Invalid ${resource} ID.`;
}

/**
 * Parses a path id. Well-formed ids above Number.MAX_SAFE_INTEGER are still accepted (they are a
 * 404, never a 400); their numeric value is then approximate, so `text` keeps the exact digits.
 */
export function parsePathId(
  raw: unknown,
  resource: IdResource,
): { ok: true; id: number; text: string } | { ok: false; message: string } {
  if (typeof raw !== 'string' || !PATH_ID_PATTERN.test(raw)) {
    return { ok: false, message: invalidIdMessage(resource) };
  }
  return { ok: true, id: Number(raw), text: raw };
}

/** Zod schema for a path id parameter; output is the numeric id. */
export function pathIdSchema(resource: IdResource) {
  return z.unknown().transform((raw, ctx): number => {
    const r = parsePathId(raw, resource);
    if (r.ok) return r.id;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  });
}
