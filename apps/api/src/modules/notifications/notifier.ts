// The notifier: follows `activities` by id from its cursor in `follower_cursors` and hands each
// row to the channels per its recipient's settings. It runs as a job (notifications.follow), so
// the job queue's lease + SKIP LOCKED decides which process runs it; two runs that overlap still
// never process a row twice, because each batch starts by locking the cursor row (FOR UPDATE),
// and the channels enqueue their deliveries in the same transaction that moves the cursor:
// a crash before the commit redoes the whole batch, after it the deliveries exist.
//
// Ids are handed out before commit, so a transaction still running may commit a lower id than
// one already visible. The cursor therefore stops at a gap in the ids until the row after it is
// `gapGraceMs` old (rolled-back inserts leave gaps for ever); PGlite runs one transaction at a
// time, so there the grace is 0.
import type { NotificationKind, NotificationSetting } from '@evenly/core';
import type { Db } from '../../db/database.js';
import type { Delivery, NotificationChannel } from './channels.js';
import { notificationKindOf } from './kinds.js';
import type { Note, NotifiableRow } from './notes.js';
import { noteFor } from './notes.js';
import { settingsOf } from './settings.repository.js';
import type { ActivityNoteRow } from './notifier.repository.js';
import { activitiesAfter, lockCursor, moveCursor } from './notifier.repository.js';
import { recordBudgetAlerts } from '../budgets/index.js';
import { noteNotificationsChanged } from './in-app.service.js';
import { translatorForRecipient } from '../../i18n/index.js';

export const NOTIFIER_CURSOR = 'notifications.email';
/** Rows per transaction: bounds the lock time and the jobs one commit writes. */
export const NOTIFIER_BATCH = 200;

export function toNotifiable(r: ActivityNoteRow): NotifiableRow {
  return {
    id: Number(r.id),
    recipientId: r.recipient_id,
    recipientName: r.recipient_name,
    actorId: r.actor_id,
    actorName: r.actor_name,
    type: r.type,
    groupId: r.group_id,
    groupName: r.group_name,
    description: r.description,
    amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
    currency: r.currency,
    myShareCents: Number(r.my_share_cents),
    subjectId: r.subject_id,
    category: r.category ?? null,
    recipientLocale: r.recipient_locale ?? null,
    at: r.created_at === null || r.created_at === undefined ? null : new Date(r.created_at),
  };
}

export interface BatchOutcome {
  /** Rows the cursor moved past. */
  passed: number;
  /** A full batch was taken: there may be more right away. */
  more: boolean;
  /** Stopped at a gap that is not old enough to pass yet. */
  waitingOnGap: boolean;
}

/**
 * A delivery whose note is written when a channel first reads it: most rows go out on no
 * channel now (an expense's mail waits for the digest, and most people have no device), and
 * writing a note (translation, money and date formats) cost some 15 µs of CPU per row.
 */
export function lazyDelivery(
  row: NotifiableRow,
  kind: NotificationKind,
  setting: NotificationSetting,
): Delivery {
  let note: Note | null = null;
  return {
    recipientId: row.recipientId,
    setting,
    get note(): Note {
      note ??= noteFor(row, kind, translatorForRecipient(row.recipientLocale));
      return note;
    },
  };
}

/** One batch in the caller's transaction: deliver, then move the cursor. */
export async function notifyBatch(
  tx: Db,
  channels: readonly NotificationChannel[],
  gapGraceMs: number,
): Promise<BatchOutcome> {
  const position = await lockCursor(tx, NOTIFIER_CURSOR);
  const raw = await activitiesAfter(tx, position, gapGraceMs, NOTIFIER_BATCH);
  const taken: NotifiableRow[] = [];
  let next = position + 1;
  let waitingOnGap = false;
  for (const r of raw) {
    const id = Number(r.id);
    if (id !== next && !r.settled) {
      waitingOnGap = true;
      break;
    }
    taken.push(toNotifiable(r));
    next = id + 1;
  }
  if (taken.length === 0) return { passed: 0, more: false, waitingOnGap };

  const settings = await settingsOf(
    tx,
    taken.map((r) => r.recipientId),
  );
  const deliveries: Delivery[] = [];
  for (const row of taken) {
    const kind = notificationKindOf(row);
    if (kind === null) continue;
    // Nobody hears about their own actions (budget alerts are about the person themselves).
    if (row.actorId === row.recipientId && kind !== 'BUDGET') continue;
    const setting: NotificationSetting | undefined = settings
      .get(row.recipientId)
      ?.find((s) => s.kind === kind);
    if (setting === undefined) continue;
    deliveries.push(lazyDelivery(row, kind, setting));
  }
  if (deliveries.length > 0) {
    for (const channel of channels) await channel.deliver(tx, deliveries);
  }
  // Budget alerts these rows call for: new rows past this batch, delivered by the next one.
  const now = new Date();
  const alerts = await recordBudgetAlerts(tx, taken, settings, now);
  for (const userId of alerts) noteNotificationsChanged(tx, userId, now);
  const last = taken[taken.length - 1]?.id ?? position;
  await moveCursor(tx, NOTIFIER_CURSOR, last);
  return {
    passed: taken.length,
    more: alerts.length > 0 || (!waitingOnGap && raw.length === NOTIFIER_BATCH),
    waitingOnGap,
  };
}
