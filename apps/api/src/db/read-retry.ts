// A read whose connection dies mid-query (pg_terminate_backend, a failover, an idle reaper), or
// that PostgreSQL rolls back for a deadlock, runs once more, on a connection opened for it,
// instead of answering 503 (or 500): a read has no effect, so running it twice is safe. Writes keep their rule (db/transaction.ts): a transaction runs again
// only when it certainly did not commit, and a single writing statement is never repeated here,
// because nobody can tell whether it took effect (503, and the Idempotency-Key makes the client's
// retry exactly-once).
//
// Only statements sent through the pool itself are concerned (`pool.query`: the hot named reads
// of statements.ts and drizzle's queries outside transactions). Transactions check out a client
// and are retried, when safe, by the transaction runner.
import pg from 'pg';
import { isConnectionError, isRetryableTransactionError, rootMessage } from './errors.js';

/**
 * Words that make a statement more than a read: data changes (also inside a CTE), row locks,
 * sequences, advisory locks, notifications and settings. Matched as whole words, so columns
 * such as `updated_at` or `deleted_at` do not count.
 */
const NOT_A_READ =
  /\b(insert|update|delete|merge|truncate|copy|call|do|lock|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|nextval|setval|pg_advisory\w*|pg_notify|notify|listen|set_config|set|reset|prepare|execute|vacuum|analyze|refresh|create|drop|alter|grant|revoke)\b/i;

/**
 * The project's own SQL functions (migrations) may write (`evenly_apply_pair_deltas`,
 * `evenly_stamp_changes`, …): a call to any of them is not a read, except the ones known to be
 * pure. A function added later is so taken for a write until listed here.
 */
const OWN_FUNCTION_CALL = /\bevenly_(?!search_norm\b)\w+\s*\(/i;

/** True for a statement that only reads: a SELECT (or WITH … SELECT) that changes nothing. */
export function isReadOnlyStatement(text: string): boolean {
  const head = text.trimStart().slice(0, 6).toLowerCase();
  if (!head.startsWith('select') && !head.startsWith('with')) return false;
  return !NOT_A_READ.test(text) && !OWN_FUNCTION_CALL.test(text);
}

/**
 * The session died under the statement. Not a pool that could not hand out a connection in
 * time (a busy server): running the read again would only double the wait before the 503.
 */
function lostConnection(error: unknown): boolean {
  return isConnectionError(error) && !rootMessage(error).includes('when trying to connect');
}

function textOf(arg: unknown): string | null {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'object' && arg !== null) {
    const text = (arg as { text?: unknown }).text;
    if (typeof text === 'string') return text;
  }
  return null;
}

/**
 * Makes `pool.query` run a read again once, on a connection of its own, when the first
 * attempt's connection died. The pool instance stays the same object (statements.ts recognises
 * it as a pg.Pool).
 */
export function retryReadsOnLostConnection(pool: pg.Pool): void {
  type Query = (...args: unknown[]) => Promise<unknown>;
  const query = pool.query.bind(pool) as unknown as Query;
  const retried: Query = async (...args) => {
    try {
      return await query(...args);
    } catch (error) {
      // A deadlock or serialization failure rolled the statement back: as safe to run again.
      if (!lostConnection(error) && !isRetryableTransactionError(error)) throw error;
      // A connection opened for the retry: an idle one of the pool may have died with the
      // first (a failover ends them all) and not be noticed yet.
      const client = new pg.Client(pool.options);
      client.on('error', () => undefined);
      try {
        await client.connect();
        return await (client.query as unknown as Query).apply(client, args);
      } finally {
        void client.end().catch(() => undefined);
      }
    }
  };
  const wrapped: Query = (...args) => {
    // Callback-style calls and anything that is not a read go through unchanged.
    if (args.some((a) => typeof a === 'function')) return query(...args);
    const text = textOf(args[0]);
    return text !== null && isReadOnlyStatement(text) ? retried(...args) : query(...args);
  };
  pool.query = wrapped as unknown as typeof pool.query;
}
