// Transactions that record what they changed and survive passing faults (design note: README.md
// in this folder).
//
// - The changes a transaction notes (`noteChange`) are written to the change feed's table inside
//   it, just before COMMIT, so they exist exactly when the transaction committed.
// - Deadlocks, serialization failures and a connection lost before COMMIT was sent roll the
//   transaction back: it runs again (a bounded number of times, with jittered backoff) on a new
//   connection. Its function must therefore only touch the database (side effects such as
//   storing files belong before it, mail in the job queue).
// - A connection lost while COMMIT was under way leaves the outcome unknown: that is reported as
//   CommitOutcomeUnknownError (503) and must not be treated as a rollback (e.g. a receipt file
//   the write refers to stays).
// - After the commit, `afterCommit` runs with the changes and the pair-balance scopes the
//   transaction spilled into (db/pair-slots.ts); it never fails the write.
import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGE_COMMIT_UNKNOWN, NotReadyError } from '../errors/app-errors.js';
import type { Change } from './change-feed.js';
import { insertChanges } from './change-feed.js';
import type { Db, Transact } from './database.js';
import { isConnectionError, isRetryableTransactionError } from './errors.js';
import { OutsideTransactionWork, runAttempts } from './transaction-scope.js';

/** Attempts of one transaction in all (the first and the retries). */
export const TRANSACTION_ATTEMPTS = 4;

/**
 * Times one transaction may stop for work outside it (transaction-scope.ts) before that counts
 * as a bug: each round must leave the next attempt with less to fetch.
 */
export const OUTSIDE_WORK_ROUNDS = 8;

/** The connection died while COMMIT was under way: the write may or may not have committed. */
export class CommitOutcomeUnknownError extends NotReadyError {
  constructor(cause: unknown) {
    super(MESSAGE_COMMIT_UNKNOWN);
    this.cause = cause;
  }
}

/** True for an error after which the write certainly did not commit. */
export function certainlyRolledBack(error: unknown): boolean {
  return !(error instanceof CommitOutcomeUnknownError);
}

interface Noted {
  changes: Change[];
  /** Changes the transaction's own statements already wrote to the table. */
  stored: Change[];
  spills: Spill[];
}

/** A scope and currency whose pair balances a transaction wrote to a spill slot. */
export interface Spill {
  scope: number;
  currency: string;
}

const notedOf = new WeakMap<Db, Noted>();

/**
 * Notes a change made in `tx`. `stored`: a statement of the transaction already inserted its
 * row (it is only reported to `afterCommit`).
 */
export function noteChange(tx: Db, change: Change, options: { stored?: boolean } = {}): void {
  const noted = notedOf.get(tx);
  if (noted === undefined) throw new Error('a change was noted outside a transaction');
  const c = { ...change, at: change.at ?? new Date() };
  if (options.stored === true) noted.stored.push(c);
  else noted.changes.push(c);
}

/**
 * Notes that `tx` wrote pair deltas to a spill slot of this scope, to be folded after the commit.
 * Outside a runner's transaction (tests writing balances directly) it does nothing: the rows stay
 * spilled, which is still correct, until the scope's next fold.
 */
export function noteSpill(tx: Db, spill: Spill): void {
  notedOf.get(tx)?.spills.push(spill);
}

export type AfterCommit = (changes: readonly Change[], spills: readonly Spill[]) => void;

export interface TransactionRunner {
  <T>(fn: (tx: Db) => Promise<T>): Promise<T>;
}

function backoffMs(attempt: number): number {
  return Math.round((5 + Math.random() * 20) * 2 ** attempt);
}

/** A runner of transactions started by `transact` (see the file comment). */
export function transactionRunner(
  transact: Transact,
  afterCommit: AfterCommit,
  onRetry: (error: unknown, attempt: number) => void = () => undefined,
): TransactionRunner {
  return function runTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return runAttempts(() => attempt(fn));
  };

  /**
   * Runs `fn` until it commits. A transaction that stops for work outside it
   * (OutsideTransactionWork: an exchange rate) rolls back, does the work with no transaction
   * open and starts again: that round is not an attempt lost to a fault, so it is counted apart.
   */
  async function attempt<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    for (let outsideRounds = 0; ; outsideRounds++) {
      try {
        return await attemptUntilFaultsRunOut(fn);
      } catch (error) {
        if (!(error instanceof OutsideTransactionWork) || outsideRounds >= OUTSIDE_WORK_ROUNDS) {
          throw error;
        }
        await error.work();
      }
    }
  }

  /** Up to TRANSACTION_ATTEMPTS tries of `fn`, retrying serialization and connection faults. */
  async function attemptUntilFaultsRunOut<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const noted: Noted = { changes: [], stored: [], spills: [] };
      let committing = false;
      try {
        const result = await transact(async (tx) => {
          notedOf.set(tx, noted);
          const value = await fn(tx);
          await insertChanges(tx, noted.changes);
          committing = true;
          return value;
        });
        const all = [...noted.stored, ...noted.changes];
        if (all.length > 0 || noted.spills.length > 0) {
          try {
            afterCommit(all, noted.spills);
          } catch {
            // Committed is committed: nothing after the commit turns it into a failure.
          }
        }
        return result;
      } catch (error) {
        if (error instanceof OutsideTransactionWork) throw error;
        if (committing && isConnectionError(error)) throw new CommitOutcomeUnknownError(error);
        const retryable =
          isRetryableTransactionError(error) || (!committing && isConnectionError(error));
        if (!retryable || attempt >= TRANSACTION_ATTEMPTS) throw error;
        onRetry(error, attempt);
        await sleep(backoffMs(attempt));
      }
    }
  }
}
