// The daily digest. Once a day (DIGEST_HOUR_UTC) a run collects, for each user, the activity rows
// in (users.email_digest_through, upTo] whose kind the user has on DIGEST, and enqueues one mail
// with them in the same transaction that moves the user's watermark to upTo: a crashed run is
// taken again by the job queue and skips the users already done; nothing to say → no mail, the
// watermark still moves. upTo is the notifier's cursor, which only passes ids no transaction can
// still commit below (notifier.ts), so a digest never jumps over a late row.
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { notificationKindOf } from './kinds.js';
import type { Note } from './notes.js';
import { noteFor } from './notes.js';
import { digestMailJob } from './notification.jobs.js';
import { NOTIFIER_CURSOR, toNotifiable } from './notifier.js';
import {
  digestRows,
  lockDigestThrough,
  readCursor,
  setDigestThrough,
  usersDueForDigest,
} from './notifier.repository.js';
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

/** One user's digest in the caller's transaction; true when a mail was enqueued. */
export async function digestUser(
  tx: Db,
  jobs: JobQueue,
  userId: number,
  upTo: number,
): Promise<boolean> {
  const through = await lockDigestThrough(tx, userId);
  if (through === undefined || through >= upTo) return false;
  const rows = await digestRows(tx, userId, through, upTo);
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
  await setDigestThrough(tx, userId, upTo);
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
  for (const userId of await usersDueForDigest(db, upTo)) {
    if (await transaction((tx) => digestUser(tx, jobs, userId, upTo))) mails++;
  }
  if (mails > 0) await jobs.wake();
  return mails;
}
