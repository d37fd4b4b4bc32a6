// Enqueuing jobs. `enqueue` writes the job in the caller's transaction, so the job exists exactly
// when the caller's write committed; after the commit the caller calls `wake`, which starts this
// process's worker at once and rings the doorbell for the other processes. Nothing depends on
// the wake-up: every worker also looks for due jobs on a timer.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { JobType } from './job-type.js';
import { insertJob, insertJobs, ringJobDoorbell } from './jobs.repository.js';

/** PostgreSQL channel on which a commit that enqueued jobs wakes the other processes' workers. */
export const JOBS_CHANNEL = 'evenly_jobs';

export interface JobQueueOptions {
  /**
   * Ring the doorbell (NOTIFY) after a commit. Only useful when other processes share the
   * database (PostgreSQL); PGlite has one process, whose worker the local wake-up reaches.
   */
  doorbell: boolean;
  logger: FastifyBaseLogger;
}

export class JobQueue {
  private readonly localWorkers: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {}

  /**
   * Adds a job in the caller's transaction (or on its own when given the database). Call
   * {@link wake} once that transaction has committed.
   */
  async enqueue<P>(
    tx: Db,
    type: JobType<P>,
    payload: P,
    options: { runAfter?: Date } = {},
  ): Promise<void> {
    await insertJob(tx, type.kind, type.payload.parse(payload), options.runAfter ?? null);
  }

  /** Adds one job per payload, due now, in the caller's transaction (one statement). */
  async enqueueMany<P>(tx: Db, type: JobType<P>, payloads: readonly P[]): Promise<void> {
    await insertJobs(
      tx,
      type.kind,
      payloads.map((p) => type.payload.parse(p)),
    );
  }

  /** Adds a job in a transaction of its own and wakes the workers. */
  async add<P>(type: JobType<P>, payload: P, options: { runAfter?: Date } = {}): Promise<void> {
    await this.enqueue(this.db, type, payload, options);
    await this.wake();
  }

  /**
   * After a commit that enqueued jobs: this process's worker looks at once, and the others hear
   * the doorbell. Best effort; a failure only delays the jobs until the workers' next look.
   */
  async wake(): Promise<void> {
    for (const kick of this.localWorkers) kick();
    if (!this.options.doorbell) return;
    try {
      await ringJobDoorbell(this.db, JOBS_CHANNEL);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not ring the job doorbell');
    }
  }

  /** The worker of this process, woken by {@link wake}. */
  onWake(kick: () => void): void {
    this.localWorkers.push(kick);
  }
}
