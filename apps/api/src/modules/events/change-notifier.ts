// Change notifications (contract §4.10). Sent with pg_notify inside the writing transaction, so
// PostgreSQL delivers them on commit — and only on commit — to every server process listening.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';

export const CHANGES_CHANNEL = 'evenly_changes';

export type ChangeEntity = 'friendship' | 'group' | 'expense' | 'payment' | 'comment';
export type ChangeAction = 'created' | 'updated' | 'deleted';

export interface Change {
  entity: ChangeEntity;
  action: ChangeAction;
  id: number;
  groupId: number | null;
  /** Users who can see the change (each gets it on their stream). */
  recipients: number[];
}

/** The wire form on the NOTIFY channel (kept well under PostgreSQL's 8000-byte payload limit). */
export interface ChangeNotification extends Change {
  at: string;
}

export async function notifyChange(db: Db, change: Change, at: Date = new Date()): Promise<void> {
  const recipients = [...new Set(change.recipients)];
  // Large groups are split into several notifications to respect the payload limit.
  for (let i = 0; i < recipients.length || i === 0; i += 500) {
    const payload: ChangeNotification = {
      ...change,
      recipients: recipients.slice(i, i + 500),
      at: at.toISOString(),
    };
    await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(payload)})`);
    if (recipients.length === 0) break;
  }
}
