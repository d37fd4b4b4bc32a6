// Transactions that know what they changed. Change notifications (change-notifier.ts) are sent
// inside the writing transaction and reach every process on commit through LISTEN; this helper
// also hands them to `onCommit` in this process as soon as the commit is acknowledged, before the
// request answers, so this process's caches never serve a response older than its own writes.
import type { Change } from '../modules/events/change-notifier.js';
import type { Db } from './database.js';

const changesOf = new WeakMap<Db, Change[]>();

/** Runs `fn` in a transaction; after a successful commit, `onCommit` gets the changes it noted. */
export async function inTransaction<T>(
  db: Db,
  fn: (tx: Db) => Promise<T>,
  onCommit: (changes: readonly Change[]) => void,
): Promise<T> {
  const changes: Change[] = [];
  const result = await db.transaction(async (tx) => {
    changesOf.set(tx, changes);
    return fn(tx);
  });
  if (changes.length > 0) onCommit(changes);
  return result;
}

/** Notes a change made in `tx` (ignored outside inTransaction). */
export function noteChange(tx: Db, change: Change): void {
  changesOf.get(tx)?.push(change);
}
