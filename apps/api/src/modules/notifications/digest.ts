// The daily digest, at 08:00 in each person's own time zone (issue #32; users.time_zone, UTC when
// none is set). A run every quarter of an hour collects, for each user whose local 08:00 has come
// and who has had no digest on that local date, the activity rows in
// (users.email_digest_through, upTo] whose kind the user has on DIGEST, and enqueues one mail with
// them in the same transaction that moves the user's watermark to upTo and notes the local date:
// a crashed run is taken again by the job queue and skips the users already done; nothing to say
// → no mail, the watermark still moves. upTo is the notifier's cursor, which only passes ids no
// transaction can still commit below (notifier.ts), so a digest never jumps over a late row.
import { dateIn, isValidTimeZone, zoneOffsetMs } from '@evenly/core';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { notificationKindOf } from './kinds.js';
import type { Note } from './notes.js';
import { noteFor } from './notes.js';
import { translatorForRecipient } from '../../i18n/index.js';
import { digestMailJob } from './notification.jobs.js';
import { NOTIFIER_CURSOR, toNotifiable } from './notifier.js';
import {
  digestRows,
  lockDigestState,
  readCursor,
  setDigestThrough,
  usersWithDigestRows,
} from './notifier.repository.js';
import { digestKinds } from './settings.repository.js';

/** The digest goes out at 08:00 on the person's wall clock. */
export const DIGEST_LOCAL_HOUR = 8;
/** Minutes between runs: a person's digest leaves within this long after their 08:00. */
export const DIGEST_RUN_MINUTES = 15;
/** Lines in one digest mail; the rest are counted ("…and 12 more"). */
export const DIGEST_MAX_ITEMS = 50;

const RUN_MS = DIGEST_RUN_MINUTES * 60_000;

/** The first run time strictly after `now`: the next quarter hour (UTC, so every zone's too). */
export function nextDigestAt(now: Date): Date {
  return new Date((Math.floor(now.getTime() / RUN_MS) + 1) * RUN_MS);
}

/**
 * The local date whose digest is due for a person at `now`, or null: due once their wall clock
 * (in `timeZone`, UTC when null) has reached 08:00 on a date later than their last digest's.
 * Wall clock, not elapsed time: on a daylight-saving day 08:00 is still 08:00.
 */
export function digestDayDue(
  now: Date,
  timeZone: string | null,
  lastDay: string | null,
): string | null {
  const zone = timeZone ?? 'UTC';
  const wall = new Date(now.getTime() + zoneOffsetMs(zone, now.getTime()));
  const day = dateIn(now, zone);
  if (wall.getUTCHours() < DIGEST_LOCAL_HOUR) return null;
  return lastDay === null || lastDay < day ? day : null;
}

/** One user's digest for local date `day` in the caller's transaction; true when a mail was enqueued. */
export async function digestUser(
  tx: Db,
  jobs: JobQueue,
  userId: number,
  upTo: number,
  day: string,
): Promise<boolean> {
  const state = await lockDigestState(tx, userId);
  // Another run (another process) took this person meanwhile.
  if (state === undefined || state.through >= upTo) return false;
  if (state.lastDay !== null && state.lastDay >= day) return false;
  const through = state.through;
  const rows = await digestRows(tx, userId, through, upTo);
  const kinds = await digestKinds(tx, userId);
  // Only the lines the mail shows are written (translation, money and dates); the rest are
  // counted: a person back after months may have thousands of rows.
  const notes: Note[] = [];
  let due = 0;
  for (const raw of rows) {
    const row = toNotifiable(raw);
    const kind = notificationKindOf(row);
    if (kind === null || !kinds.includes(kind)) continue;
    due++;
    if (notes.length < DIGEST_MAX_ITEMS) {
      notes.push(noteFor(row, kind, translatorForRecipient(row.recipientLocale)));
    }
  }
  if (due > 0) {
    await jobs.enqueue(tx, digestMailJob, { userId, items: notes, more: due - notes.length });
  }
  await setDigestThrough(tx, userId, upTo, day);
  return due > 0;
}

/**
 * The whole run at `now`: every user with something to say whose local 08:00 has come, each in a
 * transaction of its own. Returns mails enqueued.
 */
export async function runDigest(
  db: Db,
  jobs: JobQueue,
  transaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>,
  now: Date,
): Promise<number> {
  const upTo = await readCursor(db, NOTIFIER_CURSOR);
  let mails = 0;
  for (const user of await usersWithDigestRows(db, upTo)) {
    // A time zone this runtime no longer knows counts as UTC rather than stopping the run.
    const zone = user.timeZone !== null && isValidTimeZone(user.timeZone) ? user.timeZone : null;
    const day = digestDayDue(now, zone, user.lastDay);
    if (day === null) continue;
    if (await transaction((tx) => digestUser(tx, jobs, user.id, upTo, day))) mails++;
  }
  if (mails > 0) await jobs.wake();
  return mails;
}
