// Change notifications (contract §4.10, §5.9). A write notes its changes in its transaction
// (`notifyChange`); once the transaction has committed they are published with pg_notify in a
// statement of their own (`publishChanges`), which reaches every server process listening.
//
// Why after the commit rather than inside the transaction: a NOTIFY inside a transaction takes a
// database-wide lock that it holds through that transaction's commit, disk flush included, so all
// writers that notify would commit one after another (measured here: about 700 expense writes per
// second, set by the disk's flush time). A statement that only notifies commits without a flush
// and holds that lock for microseconds. A rolled-back change is never announced, a committed one
// is announced before the write answers; only a crash of the process in between loses an
// announcement, and clients refetch when they reconnect anyway (there is no replay).
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
  /**
   * Users whose balances the change moves besides the recipients (e.g. former members named on
   * an expense that is edited): caches of their balances are dropped too.
   */
  affected?: number[];
  /** When the change was made (defaults to when it is noted). */
  at?: Date;
}

/** The wire form on the NOTIFY channel (kept well under PostgreSQL's 8000-byte payload limit). */
export interface ChangeNotification extends Omit<Change, 'at'> {
  at: string;
}

/**
 * The NOTIFY payloads of one change: one per 500 recipients, so a large group stays well under
 * PostgreSQL's payload limit.
 */
export function notificationPayloads(change: Change): string[] {
  const recipients = [...new Set(change.recipients)];
  const at = (change.at ?? new Date()).toISOString();
  const out: string[] = [];
  for (let i = 0; i < recipients.length || i === 0; i += 500) {
    const payload: ChangeNotification = {
      entity: change.entity,
      action: change.action,
      id: change.id,
      groupId: change.groupId,
      recipients: recipients.slice(i, i + 500),
      ...(change.affected === undefined || change.affected.length === 0
        ? {}
        : { affected: [...new Set(change.affected)] }),
      at,
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

/** Notes a change made in the transaction `tx`; it is published once `tx` commits. */
export function notifyChange(tx: Db, change: Change, at: Date = new Date()): void {
  noteChange(tx, { ...change, at: change.at ?? at });
}

/** Announces committed changes to every process now (one statement). */
export async function publishChanges(db: Db, changes: readonly Change[]): Promise<void> {
  const payloads = changes.flatMap(notificationPayloads);
  if (payloads.length > 0) await run(db, notifyStatement, [payloads]);
}

/**
 * Publishes committed changes, batching those of concurrent writes: while one statement is on
 * its way, further changes wait and go together in the next.
 */
export class ChangePublisher {
  private pending: { changes: readonly Change[]; done: () => void; fail: (e: unknown) => void }[] =
    [];
  private sending = false;

  constructor(private readonly db: Db) {}

  publish(changes: readonly Change[]): Promise<void> {
    if (changes.length === 0) return Promise.resolve();
    return new Promise<void>((done, fail) => {
      this.pending.push({ changes, done, fail });
      if (!this.sending) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.sending = true;
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        await publishChanges(
          this.db,
          batch.flatMap((b) => b.changes),
        );
        for (const b of batch) b.done();
      } catch (error) {
        for (const b of batch) b.fail(error);
      }
    }
    this.sending = false;
  }
}
