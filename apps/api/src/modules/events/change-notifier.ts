// Change notifications (contract §4.10). Sent with pg_notify inside the writing transaction, so
// PostgreSQL delivers them on commit — and only on commit — to every server process listening.
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';
import { noteChange } from '../../db/transaction.js';

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

/**
 * The NOTIFY payloads of one change: one per 500 recipients, so a large group stays well under
 * PostgreSQL's payload limit.
 */
export function notificationPayloads(change: Change, at: Date = new Date()): string[] {
  const recipients = [...new Set(change.recipients)];
  const out: string[] = [];
  for (let i = 0; i < recipients.length || i === 0; i += 500) {
    const payload: ChangeNotification = {
      ...change,
      recipients: recipients.slice(i, i + 500),
      at: at.toISOString(),
    };
    out.push(JSON.stringify(payload));
    if (recipients.length === 0) break;
  }
  return out;
}

const notifyStatement = statement<{ n: number }>(
  'changes.notify',
  `select count(*)::int as n from (select pg_notify('${CHANGES_CHANNEL}', p)
     from unnest($1::text[]) as p) x`,
);

/** Announces a change; call inside the writing transaction (delivered on commit). */
export async function notifyChange(db: Db, change: Change, at: Date = new Date()): Promise<void> {
  await run(db, notifyStatement, [notificationPayloads(change, at)]);
  noteChange(db, change);
}
