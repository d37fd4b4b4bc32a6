// What the verdict of a guarded ledger write (ledger-guard.ts) means for the creation that made
// it, the same for expenses and payments: outside a transaction (the two-statement creation) a
// refused write falls back to the locking transaction or answers the key's stored response;
// inside the locking transaction, which holds the guard's locks, it can only be written.
import type { Change } from '../../db/change-feed.js';
import type { Db } from '../../db/database.js';
import { isConnectionError, isRetryableTransactionError } from '../../db/errors.js';
import type { Spill } from '../../db/transaction.js';
import { CommitOutcomeUnknownError, noteChange, noteSpill } from '../../db/transaction.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import { keyInProgress, storedAnswer } from '../idempotency/index.js';
import type { GuardVerdict } from './ledger-guard.js';

/** What a guarded write statement reports: its verdict, and the spill slot its pairs went to. */
export interface GuardedWrite {
  verdict: GuardVerdict;
  spill: Spill | null;
}

/** A planned creation: its one guarded statement, the change it notes, and its answer. */
export interface PlannedWrite<T> {
  write: (db: Db) => Promise<GuardedWrite>;
  /** The change to note for after the commit (the statement stored its row in `changes`). */
  noted: Change;
  value: T;
}

/** The change a created ledger entry notes (`change`: the arrays its statement stored). */
export function createdChange(
  entity: Change['entity'],
  id: number,
  groupId: number | null,
  change: { recipients: number[]; affected: number[] },
  at: Date,
): Change {
  return {
    entity,
    action: 'created',
    id,
    groupId,
    recipients: change.recipients,
    affected: change.affected,
    at,
  };
}

/**
 * The guarded write of the two-statement creation, run on its own (no transaction): `value`
 * when written; null when it must run again as a locking transaction (the facts changed, a
 * deadlock rolled it back, or the connection was lost around the write of a keyed request); the
 * stored answer when the key's earlier request won.
 */
export async function writeOutsideTransaction<T>(
  deps: Pick<ServiceDeps, 'db' | 'feed' | 'pairs'>,
  idempotency: IdempotencyScope<T> | null,
  planned: PlannedWrite<T>,
): Promise<WriteOutcome<T> | null> {
  const db = deps.db;
  let written: GuardedWrite;
  try {
    written = await planned.write(db);
  } catch (e) {
    // Rolled back (a deadlock) or, with a key, unknown: the locking path settles it.
    if (isRetryableTransactionError(e)) return null;
    if (idempotency !== null && isConnectionError(e)) return null;
    if (isConnectionError(e)) throw new CommitOutcomeUnknownError(e);
    throw e;
  }
  switch (written.verdict) {
    case 'written':
      deps.feed.kick({ stamp: true });
      if (written.spill !== null) deps.pairs.spilled([written.spill]);
      return { kind: 'done', value: planned.value };
    case 'key-busy':
      throw keyInProgress();
    case 'key-taken': {
      const stored = idempotency === null ? null : await storedAnswer(db, idempotency.ref);
      return stored === null || idempotency === null
        ? null
        : { kind: 'replayed', stored: idempotency.replay(stored) };
    }
    case 'facts-changed':
      return null;
  }
}

/**
 * The guarded write inside the locking transaction `tx`, which already holds the guard's locks;
 * its change and spill are noted for after the commit.
 */
export async function writeUnderLocks<T>(
  tx: Db,
  planned: PlannedWrite<T>,
): Promise<WriteOutcome<T>> {
  const { verdict, spill } = await planned.write(tx);
  // Under the locks taken above the guard holds; anything else is a bug.
  if (verdict !== 'written') {
    throw new Error(`locked ${planned.noted.entity} write refused: ${verdict}`);
  }
  noteChange(tx, planned.noted, { stored: true });
  if (spill !== null) noteSpill(tx, spill);
  return { kind: 'done', value: planned.value };
}
