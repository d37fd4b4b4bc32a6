// The watchdog's rule on a clock of our own: a stall is "no statement succeeded for stallMs",
// whether statements wait (a stuck transaction) or fail (a crashed backend); statements that keep
// succeeding (a long backup) are progress, however busy the database is.
import { describe, expect, it } from 'vitest';
import type { StallReport } from './database-watchdog.js';
import { describeStall, startDatabaseWatchdog } from './database-watchdog.js';
import type { PgliteActivity, RunningStatement } from './pglite-activity.js';

function world() {
  let clock = 1_000_000;
  let lastSuccess = clock;
  let open: { startedAt: number; lastStatement: string | null } | null = null;
  const running: RunningStatement[] = [];
  const activity: PgliteActivity = {
    running: () => running,
    lastSuccessAt: () => lastSuccess,
    openTransaction: () => open,
  };
  const reports: StallReport[] = [];
  let pings = 0;
  let pingResult: () => Promise<void> = () => Promise.resolve();
  const dog = startDatabaseWatchdog({
    activity,
    stallMs: 30_000,
    intervalMs: 60_000_000, // never by the timer: the test calls check()
    now: () => clock,
    ping: () => {
      pings += 1;
      return pingResult();
    },
    onStalled: (r) => reports.push(r),
  });
  return {
    dog,
    reports,
    running,
    pings: () => pings,
    advance: (ms: number) => (clock += ms),
    succeed: () => (lastSuccess = clock),
    openTransaction: (lastStatement: string) => (open = { startedAt: clock, lastStatement }),
    failPings: (message: string) => (pingResult = () => Promise.reject(new Error(message))),
    settle: () => new Promise((r) => setImmediate(r)),
  };
}

describe('database watchdog', () => {
  it('asks the database on every look, one question at a time', async () => {
    const w = world();
    w.dog.check();
    w.dog.check();
    expect(w.pings()).toBe(1); // the first has not been answered yet
    await w.settle();
    w.dog.check();
    expect(w.pings()).toBe(2);
    w.dog.stop();
  });

  it('does not fire while statements keep succeeding, however long the database is busy', () => {
    const w = world();
    w.openTransaction('select * from expenses'); // a backup's snapshot, say
    for (let i = 0; i < 100; i++) {
      w.advance(10_000);
      w.succeed();
      w.dog.check();
    }
    expect(w.reports).toEqual([]);
    w.dog.stop();
  });

  it('fires once when nothing has succeeded for stallMs, naming the transaction and the waiting', () => {
    const w = world();
    w.openTransaction('update expenses set amount = $1 where id = $2');
    w.advance(1_000);
    w.running.push({ sql: 'select 1', startedAt: 1_001_000, inTransaction: false });
    w.advance(28_999);
    w.dog.check();
    expect(w.reports).toEqual([]);
    w.advance(1);
    w.dog.check();
    w.advance(60_000);
    w.dog.check();
    expect(w.reports).toHaveLength(1);
    const [report] = w.reports as [StallReport];
    expect(report).toMatchObject({
      stalledForMs: 30_000,
      openTransaction: {
        openForMs: 30_000,
        lastStatement: 'update expenses set amount = $1 where id = $2',
      },
      waiting: [{ sql: 'select 1', waitingMs: 29_000, inTransaction: false }],
      waitingCount: 1,
    });
    expect(describeStall(report)).toMatch(
      /not answered a statement for 30000 ms: a transaction had held the session for 30000 ms, its last statement: update expenses .*1 statements were waiting.*code 70/,
    );
  });

  it('fires when every statement fails (a crashed backend answers at once, with an error)', async () => {
    const w = world();
    w.failPings('RuntimeError: null function or function signature mismatch');
    for (let i = 0; i < 6; i++) {
      w.advance(5_000);
      w.dog.check();
      await w.settle();
    }
    expect(w.reports).toHaveLength(1);
    expect(w.reports[0]).toMatchObject({
      openTransaction: null,
      lastError: 'RuntimeError: null function or function signature mismatch',
    });
  });
});
