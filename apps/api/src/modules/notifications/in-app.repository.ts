// Read state of in-app notifications: a person's activity rows by other people. A row is unread
// while its id is above users.notifications_read_through ("mark all read" moves that watermark)
// and its read_at is null (read one by one). Listing them is the activity repository's
// (listNotifications), which shares the feed's paging.
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';

/** The unread count stops here: enough for any badge ("99+"), and a bounded index range. */
export const UNREAD_COUNT_CAP = 1000;

const unreadCount = statement<{ count: number }>(
  'notifications.unread_count',
  `select count(*)::int as count from (
     select 1 from activities
      where recipient_id = $1
        and id > (select notifications_read_through from users where id = $1)
        and read_at is null and (actor_id <> $1 or type = 'budget_alert')
      limit ${UNREAD_COUNT_CAP}) u`,
);

/**
 * Unread notifications of `userId`, at most UNREAD_COUNT_CAP: a range of the
 * (recipient_id, id) index from the watermark up, so the cost follows the unread rows only.
 */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await run(db, unreadCount, [userId]);
  return row?.count ?? 0;
}

const markRead = statement<{ count: number }>(
  'notifications.mark_read',
  `with m as (
     update activities set read_at = now()
      where recipient_id = $1 and id = any($2::bigint[]) and read_at is null
        and id > (select notifications_read_through from users where id = $1)
     returning 1)
   select count(*)::int as count from m`,
);

/** Marks the caller's rows among `ids` read; other people's ids match nothing. */
export async function markNotificationsRead(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<number> {
  const [row] = await run(db, markRead, [userId, ids]);
  return row?.count ?? 0;
}

const markAllRead = statement<{ through: number | string }>(
  'notifications.mark_all_read',
  `update users set notifications_read_through = greatest(notifications_read_through,
            coalesce((select max(id) from activities where recipient_id = $1), 0))
    where id = $1
   returning notifications_read_through as through`,
);

/**
 * Moves the watermark to the caller's newest row (one entry at the end of the index range). A
 * row committed later with a lower id (ids are taken at insert, rows become visible at commit)
 * would count as read; two writes racing a click that closely are not worth a lock.
 */
export async function markAllNotificationsRead(db: Db, userId: number): Promise<number> {
  const [row] = await run(db, markAllRead, [userId]);
  return Number(row?.through ?? 0);
}
