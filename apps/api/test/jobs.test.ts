// The job queue on a real database (PGlite, and PostgreSQL when named): jobs exist iff their
// transaction committed, each is run exactly once by concurrent workers, a job held by a dead
// worker is taken again when its lease runs out, failures back off and end up kept with their
// error, and a closing worker hands back what it could not finish. Passing time is simulated by
// moving the stored times, never waited for.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { queryRows } from '../src/db/database.js';
import type { Db } from '../src/db/database.js';
import { DatabaseListener } from '../src/db/listener.js';
import type { NotificationSource } from '../src/db/listener.js';
import { JobQueue } from '../src/jobs/job-queue.js';
import { JobRegistry } from '../src/jobs/job-registry.js';
import type { JobContext } from '../src/jobs/job-registry.js';
import { defineJob } from '../src/jobs/job-type.js';
import { JobWorker } from '../src/jobs/job-worker.js';
import type { JobWorkerOptions } from '../src/jobs/job-worker.js';
import { claimJob } from '../src/jobs/jobs.repository.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const echo = defineJob('test.echo', z.object({ n: z.number().int() }));
const HOUR = 60 * 60_000;

/** No doorbell: only the local wake-up and explicit drains run jobs. */
const quietListener: NotificationSource = { connected: true, on() {}, onState() {} };

interface JobRow {
  id: number;
  attempts: number;
  last_error: string | null;
  failed: boolean;
  held: boolean;
  /** Seconds from now until the job is due. */
  due_in: number;
}

let database: TestDatabase;
let db: Db;
const workers: JobWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.reset();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.close()));
});

function setup(
  handler: (payload: { n: number }, context: JobContext) => Promise<void>,
  options: Partial<JobWorkerOptions> = {},
  listener: NotificationSource = quietListener,
): { queue: JobQueue; worker: JobWorker } {
  const queue = new JobQueue(db, { doorbell: testDbKind() === 'postgres', logger });
  const registry = new JobRegistry();
  registry.register(echo, handler);
  // A long poll interval: nothing here relies on the timer.
  const worker = new JobWorker({
    db,
    registry,
    queue,
    listener,
    logger,
    options: { pollIntervalMs: HOUR, ...options },
  });
  workers.push(worker);
  return { queue, worker };
}

async function jobRows(): Promise<JobRow[]> {
  return queryRows<JobRow>(
    db,
    sql`select id::int as id, attempts, last_error, failed_at is not null as failed,
               locked_by is not null as held,
               extract(epoch from run_after - now())::float8 as due_in
          from jobs order by id`,
  );
}

/** Simulates the passing of time: every job is due now. */
async function makeDue(): Promise<void> {
  await db.execute(sql`update jobs set run_after = now()`);
}

describe('job queue', () => {
  it('keeps a job only when the transaction that enqueued it commits', async () => {
    const { queue } = setup(async () => {});
    await expect(
      db.transaction(async (tx) => {
        await queue.enqueue(tx, echo, { n: 1 });
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    expect(await jobRows()).toEqual([]);

    await db.transaction(async (tx) => {
      await queue.enqueue(tx, echo, { n: 2 });
    });
    expect(await jobRows()).toMatchObject([{ attempts: 0, failed: false, held: false }]);
  });

  it('runs a job as soon as its enqueuing commit wakes the worker, then deletes it', async () => {
    let done!: (n: number) => void;
    const ran = new Promise<number>((resolve) => (done = resolve));
    const { queue, worker } = setup(async ({ n }) => done(n));
    worker.start();
    await queue.add(echo, { n: 7 });
    expect(await ran).toBe(7);
    await worker.drain();
    expect(await jobRows()).toEqual([]);
  });

  it('runs each job exactly once with two workers claiming at the same time', async () => {
    const seen: number[] = [];
    const handler = async ({ n }: { n: number }) => {
      seen.push(n);
      // Yield so that the other worker's claims interleave with this one's.
      await new Promise((r) => setImmediate(r));
    };
    const a = setup(handler, { concurrency: 3 });
    const b = setup(handler, { concurrency: 3 });
    await db.transaction(async (tx) => {
      for (let n = 0; n < 40; n++) await a.queue.enqueue(tx, echo, { n });
    });
    a.worker.start();
    b.worker.start();
    await Promise.all([a.worker.drain(), b.worker.drain()]);
    expect([...seen].sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
    expect(await jobRows()).toEqual([]);
  });

  it('takes a job again once the lease of the worker that died holding it has run out', async () => {
    const seen: { n: number; attempt: number }[] = [];
    const { queue, worker } = setup(async ({ n }, { attempt }) => {
      seen.push({ n, attempt });
    });
    await queue.enqueue(db, echo, { n: 1 });
    // A worker in another process claims it and dies before finishing.
    const dead = await claimJob(db, [echo.kind], 'dead-process#1', HOUR);
    expect(dead).toMatchObject({ kind: echo.kind, attempt: 1 });

    worker.start();
    await worker.drain();
    expect(seen).toEqual([]);
    expect(await jobRows()).toMatchObject([{ attempts: 1, held: true }]);

    // The lease runs out (an hour later).
    await db.execute(sql`update jobs set locked_until = now() - interval '1 second'`);
    await worker.drain();
    await worker.drain();
    expect(seen).toEqual([{ n: 1, attempt: 2 }]);
    expect(await jobRows()).toEqual([]);
  });

  it('renews the lease of a long job, so nobody else takes it meanwhile', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const { queue, worker } = setup(
      async () => {
        started();
        await finished;
      },
      // Long enough that a busy machine's pause (a loaded CI run, three test files at once)
      // does not outlast two renewal intervals (a third of it each) and hand the job over.
      { leaseMs: 6_000 },
    );
    const other = setup(async () => {
      throw new Error('taken twice');
    });
    worker.start();
    other.worker.start();
    // Both workers' first look (at start) must be over before the job exists: on a loaded
    // machine the other worker's first claim could otherwise run after the insert and take it.
    await Promise.all([worker.drain(), other.worker.drain()]);
    await queue.add(echo, { n: 1 });
    await running;
    const leaseEnd = async () =>
      (
        await queryRows<{ until: string }>(
          db,
          sql`select to_char(locked_until, 'YYYY-MM-DD HH24:MI:SS.US') as until from jobs`,
        )
      )[0]?.until ?? '';
    const first = await leaseEnd();
    // Wait (by polling) for the worker to renew its lease four times: by then the job has
    // outlived its first lease (renewals come every third of it). A lease that was lost would
    // stop changing: the deadline turns that into a failure instead of a hang.
    let renewals = 0;
    let last = first;
    const deadline = Date.now() + 60_000;
    while (renewals < 4 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      const now = await leaseEnd();
      if (now !== last) renewals++;
      last = now;
    }
    expect(renewals).toBe(4);
    await other.worker.drain();
    finish();
    await worker.drain();
    expect(await jobRows()).toEqual([]);
  });

  it('retries a failing job with exponential backoff and finally keeps it with its error', async () => {
    const attempts: number[] = [];
    const { queue, worker } = setup(
      async (_payload, { attempt }) => {
        attempts.push(attempt);
        throw new Error(`mail server down (${attempt})`);
      },
      { retryBaseMs: 60_000, retryMaxMs: 10 * HOUR, maxAttempts: 3 },
    );
    worker.start();
    await queue.add(echo, { n: 1 });
    await worker.drain();
    // After the first failure: due again in 60 s (+ up to 20 % spread).
    let [row] = await jobRows();
    expect(row).toMatchObject({ attempts: 1, failed: false, held: false });
    expect(row?.last_error).toBe('Error: mail server down (1)');
    expect(row?.due_in).toBeGreaterThan(55);
    expect(row?.due_in).toBeLessThan(73);

    // Not before it is due.
    await worker.drain();
    expect(attempts).toEqual([1]);

    await makeDue();
    await worker.drain();
    [row] = await jobRows();
    expect(row).toMatchObject({ attempts: 2, last_error: 'Error: mail server down (2)' });
    expect(row?.due_in).toBeGreaterThan(115);
    expect(row?.due_in).toBeLessThan(145);

    await makeDue();
    await worker.drain();
    [row] = await jobRows();
    expect(row).toMatchObject({
      attempts: 3,
      failed: true,
      held: false,
      last_error: 'Error: mail server down (3)',
    });

    // A given-up job never runs again.
    await makeDue();
    await worker.drain();
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('gives up at once on a payload it cannot read', async () => {
    const { worker } = setup(async () => {
      throw new Error('must not run');
    });
    await db.execute(sql`insert into jobs (kind, payload) values (${echo.kind}, '{"n":"x"}')`);
    worker.start();
    await worker.drain();
    const [row] = await jobRows();
    expect(row).toMatchObject({ attempts: 1, failed: true });
    expect(row?.last_error).toMatch(/^PermanentJobError: invalid test\.echo payload/);
  });

  it('leaves jobs of kinds it does not know to the processes that do', async () => {
    const { worker } = setup(async () => {});
    await db.execute(sql`insert into jobs (kind, payload) values ('test.newer', '{}')`);
    worker.start();
    await worker.drain();
    expect(await jobRows()).toMatchObject([{ attempts: 0, failed: false, held: false }]);
  });

  it('on close, hands back a job that does not finish within the grace period', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const { queue, worker } = setup(
      async () => {
        started();
        await finished;
      },
      { shutdownGraceMs: 50 },
    );
    worker.start();
    await queue.add(echo, { n: 1 });
    await running;
    await worker.close();
    // Due again at once for another process, this attempt not counted.
    expect(await jobRows()).toMatchObject([{ attempts: 0, held: false, failed: false }]);
    finish();
  });

  it('on close, lets a running job finish', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const { queue, worker } = setup(async () => {
      started();
      await finished;
    });
    worker.start();
    await queue.add(echo, { n: 1 });
    await running;
    const closing = worker.close();
    finish();
    await closing;
    expect(await jobRows()).toEqual([]);
  });

  it.runIf(testDbKind() === 'postgres')(
    "wakes on another process's doorbell (NOTIFY) without waiting for its timer",
    async () => {
      const listener = new DatabaseListener(database.handle, logger, database.url);
      let done!: (n: number) => void;
      const ran = new Promise<number>((resolve) => (done = resolve));
      // This worker's own queue is never used: the job comes from another process's queue.
      const { worker } = setup(async ({ n }) => done(n), {}, listener);
      await listener.start();
      worker.start();
      try {
        const elsewhere = new JobQueue(db, { doorbell: true, logger });
        await elsewhere.add(echo, { n: 5 });
        expect(await ran).toBe(5);
      } finally {
        await worker.close();
        await listener.close();
      }
    },
  );
});
