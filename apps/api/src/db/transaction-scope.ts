// Knows, for any piece of async code, whether it runs inside an open transaction of ours, and
// lets such code ask for work to be done outside it.
//
// Why (issue #30 finding 16): the embedded database has one session. While a transaction is
// open, every statement that is not the transaction's own waits for it to end. A transaction
// that awaits a statement on the shared handle (an exchange-rate lookup reading its cache) waits
// for itself: nothing ever answers again. Code that needs the network or the shared handle in the
// middle of a write throws OutsideTransactionWork instead; the transaction runner
// (transaction.ts) rolls back, does that work with no transaction open, and runs the transaction
// again, which then finds what it needed (remembered by whoever asked).
import { AsyncLocalStorage } from 'node:async_hooks';

interface Scope {
  /** False once the transaction has ended (work it started may still be running). */
  open: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();
/** What one runner call's attempts share (transaction.ts): answers fetched outside for them. */
const attempts = new AsyncLocalStorage<Map<string, unknown>>();

/**
 * Runs `fn` (every attempt of one transaction) with a memo the attempts share: what work outside
 * the transaction fetched for one attempt is there for the next (`attemptMemo`).
 */
export function runAttempts<T>(fn: () => Promise<T>): Promise<T> {
  return attempts.run(new Map(), fn);
}

/** The memo shared by the attempts of the transaction running this code; null outside one. */
export function attemptMemo(): Map<string, unknown> | null {
  return attempts.getStore() ?? null;
}

/** Runs `fn` as the body of a transaction: `insideTransaction()` is true in it until it ends. */
export async function runAsTransactionBody<T>(fn: () => Promise<T>): Promise<T> {
  const scope: Scope = { open: true };
  try {
    return await scopes.run(scope, fn);
  } finally {
    scope.open = false;
  }
}

/** True while the calling code runs inside a transaction of ours that has not ended yet. */
export function insideTransaction(): boolean {
  return scopes.getStore()?.open === true;
}

/** Runs `fn` as code outside any transaction, even when called from inside one. */
export function outsideTransaction<T>(fn: () => T): T {
  return scopes.exit(fn);
}

/**
 * Thrown inside a transaction by code that needs `work` done with no transaction open first (the
 * network, or the shared database handle). Not an error the user sees: the transaction runner
 * rolls back, runs `work`, and runs the transaction again.
 */
export class OutsideTransactionWork extends Error {
  constructor(
    /** What the work is, for logs (e.g. "exchange rate EUR>USD@2026-11-29"). */
    readonly what: string,
    readonly work: () => Promise<void>,
  ) {
    super(`needs work outside the transaction first: ${what}`);
    this.name = 'OutsideTransactionWork';
  }
}

/**
 * A statement on the shared handle from inside an open transaction: on the embedded database it
 * would wait for that very transaction forever, so it is refused at once (a bug to fix, 500).
 */
export class StatementOutsideOwnTransactionError extends Error {
  constructor(sqlText: string) {
    super(
      'a statement ran on the shared database handle inside an open transaction, where the ' +
        `embedded database would wait for itself forever: ${sqlText.slice(0, 200)}`,
    );
    this.name = 'StatementOutsideOwnTransactionError';
  }
}
