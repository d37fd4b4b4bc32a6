// What a database error means for the request that met it. Errors arrive from `pg` (with a
// SQLSTATE `code`), from Node's sockets (`ECONNREFUSED`…), from pg-pool (connect timeouts) and
// wrapped by drizzle (`DrizzleQueryError` with the original as `cause`), so each test walks the
// cause chain.

/** SQLSTATEs after which the statement's outcome is "rolled back, nothing happened". */
const RETRYABLE_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** SQLSTATE classes and codes that mean the session is gone or the server cannot serve. */
const CONNECTION_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, smart/fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '3D000', // invalid_catalog_name: the database is not there (yet)
]);

const CONNECTION_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** pg and pg-pool raise these without a code. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Query read timeout',
  'database did not answer within',
];

function* causes(error: unknown): Generator<unknown> {
  let e: unknown = error;
  for (let depth = 0; depth < 8 && e !== null && e !== undefined; depth++) {
    yield e;
    e = typeof e === 'object' ? (e as { cause?: unknown }).cause : undefined;
  }
}

function codeOf(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The innermost message of an error chain (drizzle wraps pg's errors with the whole query). */
export function rootMessage(error: unknown): string {
  let last: unknown = error;
  for (const e of causes(error)) last = e;
  if (last instanceof Error) return last.message;
  // PGlite's ExitStatus is not an Error but has a message
  const message =
    typeof last === 'object' && last !== null ? (last as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : String(last);
}

/** The SQLSTATE (or Node error code) of the first error in the chain that has one. */
export function errorCode(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = codeOf(e);
    if (code !== undefined) return code;
  }
  return undefined;
}

/**
 * True when the error says the database could not be reached or the session died (restart,
 * failover, pg_terminate_backend, network): the request should be answered with 503, and a
 * transaction that had not yet asked to commit can safely run again on a new connection.
 */
export function isConnectionError(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = codeOf(e);
    if (code !== undefined) {
      if (CONNECTION_SQLSTATES.has(code) || CONNECTION_NODE_CODES.has(code)) return true;
      if (code.startsWith('08')) return true; // connection_exception class
    }
    if (e instanceof Error && CONNECTION_MESSAGES.some((m) => e.message.includes(m))) return true;
    if (isEmbeddedBackendExit(e)) return true;
  }
  return false;
}

/**
 * PGlite's backend called exit() (after a FATAL error): it answers nothing any more, every query
 * rejects with this (scripts/patch-pglite.mjs). The server cannot serve: 503, /api/ready not ready.
 */
function isEmbeddedBackendExit(e: unknown): boolean {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { name?: unknown }).name === 'ExitStatus' &&
    typeof (e as { status?: unknown }).status === 'number'
  );
}

/** Deadlocks and serialization failures: the transaction was rolled back and may run again. */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && RETRYABLE_SQLSTATES.has(code);
}
