// Transactions that know what they changed. The changes a transaction notes (change-notifier.ts)
// go to `onCommit` as soon as its commit is acknowledged and before the request answers: it drops
// what they affect from this process's caches and announces them to the other processes.
import type { Change } from '../modules/events/change-notifier.js';
import type { Db } from './database.js';

const changesOf = new WeakMap<Db, Change[]>();

/** Runs `fn` in a transaction; after a successful commit, `onCommit` gets the changes it noted. */
export async function inTransaction<T>(
  db: Db,
  fn: (tx: Db) => Promise<T>,
  onCommit: (changes: readonly Change[]) => Promise<void>,
): Promise<T> {
  const changes: Change[] = [];
  const result = await db.transaction(async (tx) => {
    changesOf.set(tx, changes);
    return fn(tx);
  });
  if (changes.length > 0) await onCommit(changes);
  return result;
}

/** Notes a change made in `tx`; a write outside inTransaction must publish its own changes. */
export function noteChange(tx: Db, change: Change): void {
  const list = changesOf.get(tx);
  if (list === undefined) throw new Error('a change was noted outside inTransaction');
  list.push(change);
}
