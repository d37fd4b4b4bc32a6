// The embedded database's watchdog (issue #30 finding 16). PGlite lives inside the server process
// with one session: if it stops answering (a transaction that waits for something that never
// comes, a crashed WebAssembly backend that fails every statement), nothing the server does
// brings it back, and every request would wait or answer 503 for ever. The watchdog notices when
// no statement has succeeded for `stallMs` although some were asked (it asks `select 1` itself
// every `intervalMs`, so an idle server is asked too), says what was running, and hands over to
// `onStalled`: the server exits with EXIT_DATABASE_STALLED and its supervisor starts it again
// (`npm start` does, scripts/serve.mjs; systemd's Restart=on-failure or a container's restart
// policy do the same). A fresh process reopens the database files, and PostgreSQL's own crash
// recovery replays the write-ahead log: nothing committed is lost.
//
// A long backup or import is not a stall: its statements keep succeeding.
import type { PgliteActivity } from './pglite-activity.js';

/** The exit code of a server whose embedded database stopped answering (EX_SOFTWARE). */
export const EXIT_DATABASE_STALLED = 70;

/** What the watchdog saw when it gave up on the database. */
export interface StallReport {
  /** Milliseconds since a statement last succeeded. */
  stalledForMs: number;
  /** The transaction holding the session, if one did: for how long and its last statement. */
  openTransaction: { openForMs: number; lastStatement: string | null } | null;
  /** Statements waiting for an answer (at most 10, oldest first), and for how long. */
  waiting: { sql: string; waitingMs: number; inTransaction: boolean }[];
  /** How many statements were waiting in all. */
  waitingCount: number;
  /** The last health query's error, when it failed rather than waited. */
  lastError: string | null;
}

export interface WatchdogOptions {
  activity: PgliteActivity;
  /** Asks the database a trivial query (resolves when it answers). */
  ping: () => Promise<void>;
  /** No statement succeeding for this long (ms) is a stall. */
  stallMs: number;
  /** How often (ms) the watchdog looks and asks; by default a fifth of `stallMs`, at most 5 s. */
  intervalMs?: number;
  /** The clock (epoch ms). */
  now?: () => number;
  /** Told once, when the database has stalled; the watchdog stops. */
  onStalled: (report: StallReport) => void;
}

export interface Watchdog {
  /** One look now (the timer calls it; tests may too). */
  check(): void;
  stop(): void;
}

export function startDatabaseWatchdog(options: WatchdogOptions): Watchdog {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? Math.min(5_000, Math.max(50, options.stallMs / 5));
  let pinging = false;
  let lastError: string | null = null;
  let stopped = false;

  const ask = () => {
    if (pinging) return;
    pinging = true;
    options.ping().then(
      () => {
        lastError = null;
        pinging = false;
      },
      (error: unknown) => {
        lastError = error instanceof Error ? error.message : String(error);
        pinging = false;
      },
    );
  };

  const check = () => {
    if (stopped) return;
    const at = now();
    const stalledForMs = at - options.activity.lastSuccessAt();
    if (stalledForMs >= options.stallMs) {
      stop();
      options.onStalled(report(options.activity, at, stalledForMs, lastError));
      return;
    }
    ask();
  };

  const timer = setInterval(check, intervalMs);
  // The watchdog alone does not keep the process alive (a closing server may end).
  timer.unref();
  function stop() {
    stopped = true;
    clearInterval(timer);
  }
  return { check, stop };
}

function report(
  activity: PgliteActivity,
  at: number,
  stalledForMs: number,
  lastError: string | null,
): StallReport {
  const running = activity.running();
  const open = activity.openTransaction();
  return {
    stalledForMs,
    openTransaction:
      open === null ? null : { openForMs: at - open.startedAt, lastStatement: open.lastStatement },
    waiting: running.slice(0, 10).map((s) => ({
      sql: s.sql,
      waitingMs: at - s.startedAt,
      inTransaction: s.inTransaction,
    })),
    waitingCount: running.length,
    lastError,
  };
}

/** The log line's message for a stall report. */
export function describeStall(r: StallReport): string {
  const held =
    r.openTransaction === null
      ? 'no transaction was open'
      : `a transaction had held the session for ${r.openTransaction.openForMs} ms, its last statement: ${r.openTransaction.lastStatement ?? '(none yet)'}`;
  const failing = r.lastError === null ? '' : `; the health query failed: ${r.lastError}`;
  return (
    `the embedded database has not answered a statement for ${r.stalledForMs} ms: ${held}; ` +
    `${r.waitingCount} statements were waiting${failing}. Exiting with code ` +
    `${EXIT_DATABASE_STALLED} so that the supervisor starts the server again.`
  );
}
