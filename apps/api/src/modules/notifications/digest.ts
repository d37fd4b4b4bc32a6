// The daily digest. Once a day (DIGEST_HOUR_UTC) a run collects, for each user, the activity rows
// in (users.email_digest_through, upTo] whose kind the user has on DIGEST, and enqueues one mail
// with them in the same transaction that moves the user's watermark to upTo: a crashed run is
// taken again by the job queue and skips the users already done; nothing to say → no mail, the
// watermark still moves. upTo is the notifier's cursor, which only passes ids no transaction can
// still commit below (notifier.ts), so a digest never jumps over a late row.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { notificationKindOf } from './kinds.js';
import type { Note } from './notes.js';
import { noteFor } from './notes.js';
import { digestMailJob } from './notification.jobs.js';
import { NOTIFIER_CURSOR, readCursor, toNotifiable } from './notifier.js';
import { digestKinds } from './settings.repository.js';

/** The digest goes out at 08:00 UTC: no time zone is stored per user (documented in README). */
export const DIGEST_HOUR_UTC = 8;
/** Lines in one digest mail; the rest are counted ("…and 12 more"). */
export const DIGEST_MAX_ITEMS = 50;

/** The first digest time strictly after `now`. */
export function nextDigestAt(now: Date): Date {
  const at = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC),
  );
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/** Users with rows by others past their watermark, up to `upTo`. */
async function usersDue(db: Db, upTo: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u
         where exists (select 1 from activities a
                        where a.recipient_id = u.id and a.id > u.email_digest_through
                          and a.id <= ${upTo}
                          and (a.actor_id <> a.recipient_id or a.type = 'budget_alert'))
         order by u.id`,
  );
  return rows.map((r) => r.id);
}

/** One user's digest in the caller's transaction; true when a mail was enqueued. */
export async function digestUser(
  tx: Db,
  jobs: JobQueue,
  userId: number,
  upTo: number,
): Promise<boolean> {
  const [user] = await queryRows<{ through: string | number }>(
    tx,
    sql`select email_digest_through as through from users where id = ${userId} for update`,
  );
  if (user === undefined || Number(user.through) >= upTo) return false;
  const rows = await queryRows<Parameters<typeof toNotifiable>[0]>(
    tx,
    sql`select a.id, a.recipient_id, r.name as recipient_name, a.actor_id, x.name as actor_name,
               a.type, a.group_id, a.group_name, a.description, a.amount_cents, a.currency,
               a.my_share_cents, a.subject_id
          from activities a
          join users r on r.id = a.recipient_id
          join users x on x.id = a.actor_id
         where a.recipient_id = ${userId} and a.id > ${Number(user.through)} and a.id <= ${upTo}
           and (a.actor_id <> a.recipient_id or a.type = 'budget_alert')
         order by a.id`,
  );
  const kinds = await digestKinds(tx, userId);
  const notes: Note[] = [];
  for (const raw of rows) {
    const row = toNotifiable(raw);
    const kind = notificationKindOf(row);
    if (kind !== null && kinds.includes(kind)) notes.push(noteFor(row, kind));
  }
  if (notes.length > 0) {
    await jobs.enqueue(tx, digestMailJob, {
      userId,
      items: notes.slice(0, DIGEST_MAX_ITEMS),
      more: Math.max(0, notes.length - DIGEST_MAX_ITEMS),
    });
  }
  await tx.execute(sql`update users set email_digest_through = ${upTo} where id = ${userId}`);
  return notes.length > 0;
}

/** The whole run: every due user, each in a transaction of its own. Returns mails enqueued. */
export async function runDigest(
  db: Db,
  jobs: JobQueue,
  transaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>,
): Promise<number> {
  const upTo = await readCursor(db, NOTIFIER_CURSOR);
  let mails = 0;
  for (const userId of await usersDue(db, upTo)) {
    if (await transaction((tx) => digestUser(tx, jobs, userId, upTo))) mails++;
  }
  if (mails > 0) await jobs.wake();
  return mails;
}
