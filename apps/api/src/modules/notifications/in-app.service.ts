// NotificationService (in-app): the caller's notifications — activity rows of other people's
// actions, including kinds the activity feed does not list (friend_request, reminder) — with
// their read state, and marking them read. Reads tell the caller's other devices through the
// event stream (entity `notification`), so every open bell shows the same count.
import type { Db } from '../../db/database.js';
import { noteChange } from '../../db/transaction.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { ActivityPage } from '../activity/index.js';
import { pageById } from '../activity/index.js';
import { listNotifications } from '../activity/index.js';
import {
  countUnread,
  markAllNotificationsRead,
  markNotificationsRead,
} from './in-app.repository.js';

export const NOTIFICATIONS_MAX_LIMIT = 200;
export const NOTIFICATIONS_DEFAULT_LIMIT = 50;
/** Ids per POST /notifications/read. */
export const MARK_READ_MAX_IDS = 200;

/**
 * Tells the person's open apps (event stream, entity `notification`) that their notifications
 * changed: read state, or a notification that comes with no other change (a reminder).
 */
export function noteNotificationsChanged(tx: Db, userId: number, at: Date): void {
  noteChange(tx, {
    entity: 'notification',
    action: 'updated',
    id: 0,
    groupId: null,
    recipients: [userId],
    at,
  });
}

export class InAppNotificationService {
  constructor(protected readonly deps: ServiceDeps) {}

  /** One page newest first; `before` is an opaque cursor (400 `Invalid cursor.`). */
  async list(userId: number, limit: number, before: string | undefined): Promise<ActivityPage> {
    return pageById(limit, before, (rows, beforeId) =>
      listNotifications(this.deps.db, userId, rows, beforeId),
    );
  }

  async unreadCount(userId: number): Promise<number> {
    return countUnread(this.deps.db, userId);
  }

  async markRead(userId: number, ids: readonly number[]): Promise<void> {
    const at = new Date();
    await this.deps.transaction(async (tx) => {
      const marked = await markNotificationsRead(tx, userId, ids);
      if (marked > 0) noteNotificationsChanged(tx, userId, at);
    });
  }

  async markAllRead(userId: number): Promise<void> {
    const at = new Date();
    await this.deps.transaction(async (tx) => {
      await markAllNotificationsRead(tx, userId);
      noteNotificationsChanged(tx, userId, at);
    });
  }
}
