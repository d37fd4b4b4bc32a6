// What the embedded database is doing, for its watchdog (database-watchdog.ts), and the one
// misuse that wedges it refused at once.
//
// PGlite runs one statement at a time on one session, in this process. Every statement the
// server sends passes through `query`, `exec` or a transaction's `query`/`exec`: wrapped here,
// they note when they started and when the last one succeeded, so the watchdog can tell "busy and
// progressing" (a long backup, a big import: statements keep succeeding) from "stuck" (nothing
// answers, or everything fails, for a long time), and name what was running.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { insideTransaction, StatementOutsideOwnTransactionError } from './transaction-scope.js';

/** A statement sent and not answered yet. */
export interface RunningStatement {
  sql: string;
  /** Epoch ms. */
  startedAt: number;
  /** Sent inside a transaction (which has held the session since `transactionStartedAt`). */
  inTransaction: boolean;
}

export interface PgliteActivity {
  /** Statements sent and not answered, oldest first. */
  running(): RunningStatement[];
  /** Epoch ms of the last statement answered without error (or of the wrapping, before any). */
  lastSuccessAt(): number;
  /** The transaction holding the session: since when (epoch ms) and its last statement. */
  openTransaction(): { startedAt: number; lastStatement: string | null } | null;
}

/** At most this much of a statement's text is kept (a long INSERT need not be logged whole). */
const SQL_CHARS = 300;

/**
 * Wraps `client` in place: its statements are tracked, and a statement on the shared handle from
 * inside an open transaction of ours throws StatementOutsideOwnTransactionError instead of
 * waiting for itself forever (transaction-scope.ts). `now`: the clock (epoch ms).
 */
export function trackPgliteActivity(client: PGlite, now: () => number = Date.now): PgliteActivity {
  const running = new Set<RunningStatement>();
  let lastSuccess = now();
  let open: { startedAt: number; lastStatement: string | null } | null = null;

  async function tracked<T>(sql: string, inTransaction: boolean, run: () => Promise<T>) {
    const entry = { sql: sql.slice(0, SQL_CHARS), startedAt: now(), inTransaction };
    if (inTransaction && open !== null) open.lastStatement = entry.sql;
    running.add(entry);
    try {
      const result = await run();
      lastSuccess = now();
      return result;
    } finally {
      running.delete(entry);
    }
  }

  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const refuseInsideTransaction = (sql: string) => {
    if (insideTransaction()) throw new StatementOutsideOwnTransactionError(sql);
  };

  client.query = ((sql: string, params?: unknown[], options?: object) => {
    refuseInsideTransaction(sql);
    return tracked(sql, false, () => query(sql, params, options));
  }) as PGlite['query'];
  client.exec = ((sql: string, options?: object) => {
    refuseInsideTransaction(sql);
    return tracked(sql, false, () => exec(sql, options));
  }) as PGlite['exec'];
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction(async (tx) => {
      open = { startedAt: now(), lastStatement: null };
      try {
        const txQuery = tx.query.bind(tx);
        const txExec = tx.exec.bind(tx);
        const inner: Transaction = Object.create(tx) as Transaction;
        inner.query = ((sql: string, params?: unknown[], options?: object) =>
          tracked(sql, true, () => txQuery(sql, params, options))) as Transaction['query'];
        inner.exec = ((sql: string, options?: object) =>
          tracked(sql, true, () => txExec(sql, options))) as Transaction['exec'];
        return await callback(inner);
      } finally {
        open = null;
      }
    })) as PGlite['transaction'];

  return {
    running: () => [...running].sort((a, b) => a.startedAt - b.startedAt),
    lastSuccessAt: () => lastSuccess,
    openTransaction: () => (open === null ? null : { ...open }),
  };
}
