// ActivityService: the caller's activity feed (docs/api.md §4.8, §5.8), newest first, paged by id.
import { decodeCursor, encodeCursor, idCursorShape } from '../../http/cursor.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { ActivityRow } from './activity.repository.js';
import { listActivities } from './activity.repository.js';

export const ACTIVITY_MAX_LIMIT = 200;
export const ACTIVITY_DEFAULT_LIMIT = 50;

export interface ActivityPage {
  items: ActivityRow[];
  /** Cursor of the next (older) page, or null when this is the last one. */
  nextCursor: string | null;
}

/**
 * One page of a list newest first by id (§1.9): decodes `before` (400 `Invalid cursor.`), asks
 * `fetch` for one row more than `limit` to learn whether an older page exists.
 */
export async function pageById<T extends { id: number }>(
  limit: number,
  before: string | undefined,
  fetch: (rows: number, beforeId: number | null) => Promise<T[]>,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const beforeId =
    before === undefined || before === '' ? null : decodeCursor(before, idCursorShape)[0];
  const rows = await fetch(limit + 1, beforeId);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last !== undefined ? encodeCursor([last.id]) : null;
  return { items, nextCursor };
}

export class ActivityService {
  constructor(protected readonly deps: ServiceDeps) {}

  /** One page of the user's feed; `before` is an opaque cursor (400 `Invalid cursor.`). */
  async list(userId: number, limit: number, before: string | undefined): Promise<ActivityPage> {
    return pageById(limit, before, (rows, beforeId) =>
      listActivities(this.deps.db, userId, rows, beforeId),
    );
  }
}
