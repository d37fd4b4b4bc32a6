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
import { sql } from 'drizzle-orm';
import type { NotificationSetting } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import type { Delivery, NotificationChannel } from './channels.js';
import { notificationKindOf } from './kinds.js';
import type { NotifiableRow } from './notes.js';
import { noteFor } from './notes.js';
import { settingsOf } from './settings.repository.js';
import { recordBudgetAlerts } from '../budgets/budget-alerts.js';
import { noteNotificationsChanged } from './in-app.service.js';

export const NOTIFIER_CURSOR = 'notifications.email';
/** Rows per transaction: bounds the lock time and the jobs one commit writes. */
export const NOTIFIER_BATCH = 200;

type RawRow = {
  id: string | number;
  recipient_id: number;
  recipient_name: string;
  actor_id: number;
  actor_name: string;
  type: string;
  group_id: number | null;
  group_name: string | null;
  description: string;
  amount_cents: string | number | null;
  currency: string | null;
  my_share_cents: string | number;
  subject_id: number | null;
  category: string | null;
  settled: boolean;
};

export function toNotifiable(
  r: Omit<RawRow, 'settled' | 'category'> & { category?: string | null },
): NotifiableRow {
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
  };
}

/** Creates the cursor if missing, at `position`; an existing cursor is left as it is. */
export async function ensureCursor(db: Db, name: string, position: number): Promise<void> {
  await db.execute(
    sql`insert into follower_cursors (name, position) values (${name}, ${position})
        on conflict (name) do nothing`,
  );
}

/** The cursor's position, locked for this transaction (waits for a concurrent batch). */
export async function lockCursor(tx: Db, name: string): Promise<number> {
  await ensureCursor(tx, name, 0);
  const [row] = await queryRows<{ position: string | number }>(
    tx,
    sql`select position from follower_cursors where name = ${name} for update`,
  );
  return Number(row?.position ?? 0);
}

export async function readCursor(db: Db, name: string): Promise<number> {
  const [row] = await queryRows<{ position: string | number }>(
    db,
    sql`select position from follower_cursors where name = ${name}`,
  );
  return Number(row?.position ?? 0);
}

export interface BatchOutcome {
  /** Rows the cursor moved past. */
  passed: number;
  /** A full batch was taken: there may be more right away. */
  more: boolean;
  /** Stopped at a gap that is not old enough to pass yet. */
  waitingOnGap: boolean;
}

/** Rows after the cursor in id order, with whether each is older than the gap grace. */
async function rowsAfter(tx: Db, position: number, gapGraceMs: number): Promise<RawRow[]> {
  return queryRows<RawRow>(
    tx,
    sql`select a.id, a.recipient_id, r.name as recipient_name, a.actor_id, x.name as actor_name,
               a.type, a.group_id, a.group_name, a.description, a.amount_cents, a.currency,
               a.my_share_cents, a.subject_id, a.category,
               a.created_at <= now() - ${gapGraceMs}::int * interval '1 millisecond' as settled
          from activities a
          join users r on r.id = a.recipient_id
          join users x on x.id = a.actor_id
         where a.id > ${position}
         order by a.id
         limit ${NOTIFIER_BATCH}`,
  );
}

/** One batch in the caller's transaction: deliver, then move the cursor. */
export async function notifyBatch(
  tx: Db,
  channels: readonly NotificationChannel[],
  gapGraceMs: number,
): Promise<BatchOutcome> {
  const position = await lockCursor(tx, NOTIFIER_CURSOR);
  const raw = await rowsAfter(tx, position, gapGraceMs);
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
    deliveries.push({ note: noteFor(row, kind), setting });
  }
  if (deliveries.length > 0) {
    for (const channel of channels) await channel.deliver(tx, deliveries);
  }
  // Budget alerts these rows call for: new rows past this batch, delivered by the next one.
  const now = new Date();
  const alerts = await recordBudgetAlerts(tx, taken, settings, now);
  for (const userId of alerts) noteNotificationsChanged(tx, userId, now);
  const last = taken[taken.length - 1]?.id ?? position;
  await tx.execute(
    sql`update follower_cursors set position = ${last}, updated_at = now()
         where name = ${NOTIFIER_CURSOR}`,
  );
  return {
    passed: taken.length,
    more: alerts.length > 0 || (!waitingOnGap && raw.length === NOTIFIER_BATCH),
    waitingOnGap,
  };
}
