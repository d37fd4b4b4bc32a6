// ActivityService: the caller's activity feed (contract §4.8, §5.8), newest first, paged by id.
import { decodeCursor, encodeCursor, idCursorShape } from '../../http/cursor.js';
import type { ServiceDeps, Services } from '../../services.js';
import type { ActivityRow } from './activity.repository.js';
import { listActivities } from './activity.repository.js';

export const ACTIVITY_MAX_LIMIT = 200;
export const ACTIVITY_DEFAULT_LIMIT = 50;

export interface ActivityPage {
  items: ActivityRow[];
  /** Cursor of the next (older) page, or null when this is the last one. */
  nextCursor: string | null;
}

export class ActivityService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}

  /** One page of the user's feed; `before` is an opaque cursor (400 `Invalid cursor.`). */
  async list(userId: number, limit: number, before: string | undefined): Promise<ActivityPage> {
    const beforeId =
      before === undefined || before === '' ? null : decodeCursor(before, idCursorShape)[0];
    const rows = await listActivities(this.deps.db, userId, limit + 1, beforeId);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const nextCursor = rows.length > limit && last !== undefined ? encodeCursor([last.id]) : null;
    return { items, nextCursor };
  }
}
