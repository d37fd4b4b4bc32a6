// The transaction runner's fault handling, against a stand-in database whose transactions fail
// as PostgreSQL's do (error codes as pg reports them; the real faults are in apps/api/test).
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/app-errors.js';
import type { Db } from './database.js';
import {
  CommitOutcomeUnknownError,
  OUTSIDE_WORK_ROUNDS,
  TRANSACTION_ATTEMPTS,
  noteChange,
  transactionRunner,
} from './transaction.js';
import { OutsideTransactionWork } from './transaction-scope.js';
import type { Change } from './change-feed.js';

function pgError(code: string, message = `pg error ${code}`): Error {
  return Object.assign(new Error(message), { code });
}

type Phase = 'work' | 'commit';

/**
 * A Db whose `transaction` runs the function against a fake transaction, failing attempt `n` as
 * `failures[n]` says: in the work (before the function finishes) or at COMMIT.
 */
function fakeDb(failures: ({ at: Phase; error: Error } | null)[]) {
  let attempt = 0;
  const executed: string[] = [];
  /** A transaction whose statements answer `error` (or nothing). */
  const txFailing = (error: Error | null) =>
    ({
      // Not a node-postgres client: statements go through drizzle's session below.
      session: { client: null },
      _: {
        session: {
          prepareQuery: () => ({
            execute: async () => {
              if (error !== null) throw error;
              return { rows: [] };
            },
          }),
        },
      },
    }) as unknown as Db;
  const transact = {
    async transaction<T>(fn: (t: Db) => Promise<T>): Promise<T> {
      const failure = failures[attempt++] ?? null;
      // A failure in the work surfaces from a statement, as a lost connection or deadlock does.
      const result = await fn(txFailing(failure?.at === 'work' ? failure.error : null));
      executed.push('commit');
      if (failure?.at === 'commit') throw failure.error;
      return result;
    },
  };
  return {
    db: <T>(fn: (t: Db) => Promise<T>) => transact.transaction(fn),
    attempts: () => attempt,
    executed,
  };
}

const change: Change = { entity: 'group', action: 'updated', id: 1, groupId: 1, recipients: [1] };

describe('transactionRunner', () => {
  it('runs again after a deadlock, a serialization failure and a connection lost mid-work', async () => {
    const fake = fakeDb([
      { at: 'work', error: pgError('40P01') },
      { at: 'work', error: pgError('40001') },
      { at: 'work', error: new Error('Connection terminated unexpectedly') },
    ]);
    const retried: unknown[] = [];
    const committed: (readonly Change[])[] = [];
    const run = transactionRunner(
      fake.db,
      (c) => committed.push(c),
      (e) => retried.push(e),
    );
    // The work writes (the noted change), so every failure surfaces in the work.
    const result = await run(async (tx) => {
      noteChange(tx, change);
      return 'ok';
    });
    expect(result).toBe('ok');
    expect(fake.attempts()).toBe(4);
    expect(retried).toHaveLength(3);
    // Only the attempt that committed reports its changes, once.
    expect(committed).toHaveLength(1);
    expect(committed[0]?.map((c) => c.id)).toEqual([1]);
  });

  it('gives up after four attempts with the last error', async () => {
    const deadlock = pgError('40P01');
    const fake = fakeDb([0, 1, 2, 3].map(() => ({ at: 'work' as const, error: deadlock })));
    const work = async (tx: Db) => {
      noteChange(tx, change);
      return 1;
    };
    await expect(transactionRunner(fake.db, () => undefined)(work)).rejects.toBe(deadlock);
    expect(fake.attempts()).toBe(4);
  });

  it('never runs again after a refusal of ours or an unknown error', async () => {
    for (const error of [new ValidationError('no'), pgError('23505'), new Error('bug')]) {
      const fake = fakeDb([{ at: 'work', error }]);
      const work = async (tx: Db) => {
        noteChange(tx, change);
        return 1;
      };
      await expect(transactionRunner(fake.db, () => undefined)(work)).rejects.toBe(error);
      expect(fake.attempts()).toBe(1);
    }
  });

  it('reports a connection lost during COMMIT as an unknown outcome, never as a retry', async () => {
    const fake = fakeDb([{ at: 'commit', error: pgError('57P01', 'terminating connection') }]);
    const committed: unknown[] = [];
    const error = await transactionRunner(fake.db, (c) => committed.push(c))(async (tx) => {
      noteChange(tx, change);
      return 1;
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommitOutcomeUnknownError);
    expect((error as CommitOutcomeUnknownError).status).toBe(503);
    expect((error as CommitOutcomeUnknownError).headers['Retry-After']).toBeDefined();
    expect(fake.attempts()).toBe(1);
    expect(committed).toEqual([]);
  });

  it('does not turn a committed write into a failure when afterCommit throws', async () => {
    const fake = fakeDb([]);
    const run = transactionRunner(fake.db, () => {
      throw new Error('cache exploded');
    });
    await expect(
      run(async (tx) => {
        noteChange(tx, change);
        return 'saved';
      }),
    ).resolves.toBe('saved');
  });

  it('does work outside the transaction and runs again, without spending fault attempts', async () => {
    // Every round fails once with a deadlock (in the write after the work) before it stops for
    // its outside work: were those rounds counted as fault attempts, the runner would give up.
    const rounds = TRANSACTION_ATTEMPTS;
    const fake = fakeDb(
      Array.from({ length: 2 * rounds }, (_, i) =>
        i % 2 === 0 ? { at: 'work' as const, error: pgError('40P01') } : null,
      ),
    );
    let fetched = 0;
    const run = transactionRunner(fake.db, () => undefined);
    const result = await run(async (tx) => {
      noteChange(tx, change);
      if (fetched < rounds && fake.attempts() % 2 === 0) {
        throw new OutsideTransactionWork('a rate', async () => {
          fetched += 1;
        });
      }
      return 'ok';
    });
    expect(result).toBe('ok');
    expect(fetched).toBe(rounds);
    expect(fake.attempts()).toBe(2 * rounds + 1);
  });

  it('gives up on work that never ends after OUTSIDE_WORK_ROUNDS rounds', async () => {
    const fake = fakeDb([]);
    let fetched = 0;
    const run = transactionRunner(fake.db, () => undefined);
    const endless = run(async () => {
      throw new OutsideTransactionWork('a rate that never arrives', async () => {
        fetched += 1;
      });
    });
    await expect(endless).rejects.toBeInstanceOf(OutsideTransactionWork);
    expect(fetched).toBe(OUTSIDE_WORK_ROUNDS);
  });
});
