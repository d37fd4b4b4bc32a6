// Runs due jobs in this process. Every server process has one worker; they share the `jobs`
// table. A job is claimed with a lease in one statement (SKIP LOCKED, so claimers never wait for
// each other) and run with no transaction open; the lease is renewed while it runs, so a job is
// taken again only when the process holding it died or lost the database for a whole lease. A
// failed attempt is retried with exponential backoff, and after the last attempt the job is kept
// with its error. The worker looks for due jobs when this process enqueues one (JobQueue.wake),
// when another process rings the doorbell (NOTIFY), and on a timer, so no job depends on a
// wake-up arriving.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { NotificationSource } from '../db/listener.js';
import type { JobQueue } from './job-queue.js';
import { JOBS_CHANNEL } from './job-queue.js';
import type { JobRegistry } from './job-registry.js';
import { isPermanentJobError, PermanentJobError } from './job-type.js';
import type { ClaimedJob } from './jobs.repository.js';
import {
  claimJob,
  completeJob,
  giveUpJob,
  releaseJob,
  renewLease,
  retryJob,
} from './jobs.repository.js';
import { describeError, retryDelayMs } from './retry.js';

export interface JobWorkerOptions {
  /** Jobs run at the same time by this process. */
  concurrency: number;
  /** How often the worker looks for due jobs without being woken. */
  pollIntervalMs: number;
  /** A claimed job is free again this long after its holder last renewed the lease. */
  leaseMs: number;
  /** Backoff after the first failed attempt; doubles with each further one. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before a job is given up, unless its type says otherwise. */
  maxAttempts: number;
  /** On close, how long running jobs may take to finish before they are handed back. */
  shutdownGraceMs: number;
}

export const DEFAULT_JOB_WORKER_OPTIONS: JobWorkerOptions = {
  concurrency: 2,
  pollIntervalMs: 5_000,
  leaseMs: 60_000,
  retryBaseMs: 10_000,
  retryMaxMs: 60 * 60_000,
  maxAttempts: 10,
  shutdownGraceMs: 10_000,
};

export interface JobWorkerDeps {
  db: Db;
  registry: JobRegistry;
  queue: JobQueue;
  /** Carries other processes' doorbell; the channel is registered here, before it starts. */
  listener: NotificationSource;
  logger: FastifyBaseLogger;
  options?: Partial<JobWorkerOptions>;
}

export class JobWorker {
  private readonly options: JobWorkerOptions;
  private readonly id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private claims = 0;
  private started = false;
  private paused = false;
  private closed = false;
  /** A wake-up arrived while every slot was busy: the busy slots look again before stopping. */
  private wanted = false;
  private readonly slots = new Set<Promise<void>>();
  private readonly running = new Map<number, ClaimedJob>();
  private poller: NodeJS.Timeout | null = null;
  private retryWake: { at: number; timer: NodeJS.Timeout } | null = null;

  constructor(private readonly deps: JobWorkerDeps) {
    this.options = { ...DEFAULT_JOB_WORKER_OPTIONS, ...deps.options };
    deps.queue.onWake(() => this.kick());
    deps.listener.on(JOBS_CHANNEL, () => this.kick());
    // Doorbells rung while the LISTEN connection was down are lost: look once it is back.
    deps.listener.onState({ connected: () => this.kick() });
  }

  /** Starts looking for jobs: now, then on every wake-up and timer tick. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.poller = setInterval(() => this.kick(), this.options.pollIntervalMs);
    this.poller.unref();
    this.kick();
  }

  /** Looks for due jobs now, in a free slot; a no-op when stopped. */
  kick(): void {
    if (!this.started || this.paused || this.closed) return;
    if (this.slots.size >= this.options.concurrency) {
      this.wanted = true;
      return;
    }
    const slot = this.runSlot()
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'job worker slot failed'))
      .finally(() => this.slots.delete(slot));
    this.slots.add(slot);
  }

  /** Runs every job due now (tests): resolves once no slot is busy. */
  async drain(): Promise<void> {
    this.kick();
    while (this.slots.size > 0) await Promise.all(this.slots);
  }

  /** Stops taking jobs and waits for the running ones (tests reset the database meanwhile). */
  async pause(): Promise<void> {
    this.paused = true;
    while (this.slots.size > 0) await Promise.all(this.slots);
  }

  resume(): void {
    this.paused = false;
    this.kick();
  }

  /**
   * Stops the worker: no new claims; running jobs get `shutdownGraceMs` to finish, then those
   * still running are handed back so that another process takes them at once.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.poller !== null) clearInterval(this.poller);
    if (this.retryWake !== null) clearTimeout(this.retryWake.timer);
    const finished = Promise.all(this.slots).then(() => true);
    let grace: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      grace = setTimeout(() => resolve(false), this.options.shutdownGraceMs);
    });
    const done = await Promise.race([finished, timedOut]);
    clearTimeout(grace);
    if (done) return;
    for (const job of this.running.values()) {
      try {
        await releaseJob(this.deps.db, job);
        this.deps.logger.warn({ jobId: job.id, kind: job.kind }, 'job handed back at shutdown');
      } catch (error) {
        this.deps.logger.warn({ err: error, jobId: job.id }, 'could not hand a job back');
      }
    }
  }

  /** One slot: claims and runs jobs until none is due. */
  private async runSlot(): Promise<void> {
    while (!this.paused && !this.closed) {
      this.wanted = false;
      let job: ClaimedJob | null;
      try {
        job = await claimJob(
          this.deps.db,
          this.deps.registry.kinds(),
          `${this.id}#${++this.claims}`,
          this.options.leaseMs,
        );
      } catch (error) {
        // The database is away: the timer looks again later.
        this.deps.logger.warn({ err: error }, 'could not claim a job');
        return;
      }
      if (job === null) {
        if (this.wanted) continue;
        return;
      }
      // There may be more: let a free slot look for the next one meanwhile.
      this.kick();
      await this.execute(job);
    }
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const { db, logger } = this.deps;
    const entry = this.deps.registry.get(job.kind);
    this.running.set(job.id, job);
    const heartbeat = setInterval(() => {
      renewLease(db, job, this.options.leaseMs).then(
        (held) => {
          if (!held) logger.warn({ jobId: job.id, kind: job.kind }, 'job lease lost while running');
        },
        (error: unknown) => logger.warn({ err: error, jobId: job.id }, 'could not renew a lease'),
      );
    }, this.options.leaseMs / 3);
    heartbeat.unref();
    let failure: { error: unknown } | null = null;
    try {
      if (entry === undefined) throw new PermanentJobError(`no handler for ${job.kind}`);
      await entry.run(job.payload, { jobId: job.id, attempt: job.attempt, logger });
    } catch (error) {
      failure = { error };
    } finally {
      clearInterval(heartbeat);
    }
    try {
      if (failure === null) {
        if (!(await completeJob(db, job))) {
          logger.warn({ jobId: job.id, kind: job.kind }, 'job finished after losing its lease');
        }
      } else {
        await this.recordFailure(job, entry?.maxAttempts, failure.error);
      }
    } catch (error) {
      // The outcome could not be written: the lease runs out and the job runs again.
      logger.error({ err: error, jobId: job.id, kind: job.kind }, 'could not record a job outcome');
    } finally {
      this.running.delete(job.id);
    }
  }

  private async recordFailure(
    job: ClaimedJob,
    maxAttempts: number | undefined,
    error: unknown,
  ): Promise<void> {
    const { db, logger } = this.deps;
    const message = describeError(error);
    const limit = maxAttempts ?? this.options.maxAttempts;
    if (isPermanentJobError(error) || job.attempt >= limit) {
      await giveUpJob(db, job, message);
      logger.error(
        { err: error, jobId: job.id, kind: job.kind, attempts: job.attempt },
        `job ${job.kind} given up after ${job.attempt} attempt(s)`,
      );
      return;
    }
    const delayMs = retryDelayMs(job.attempt, {
      baseMs: this.options.retryBaseMs,
      maxMs: this.options.retryMaxMs,
    });
    await retryJob(db, job, message, delayMs);
    logger.warn(
      { err: error, jobId: job.id, kind: job.kind, attempt: job.attempt, retryInMs: delayMs },
      `job ${job.kind} failed; retrying`,
    );
    this.wakeAt(Date.now() + delayMs);
  }

  /** Looks again when a retry falls due, unless an earlier look is already planned. */
  private wakeAt(at: number): void {
    if (this.closed || (this.retryWake !== null && this.retryWake.at <= at)) return;
    if (this.retryWake !== null) clearTimeout(this.retryWake.timer);
    const timer = setTimeout(
      () => {
        this.retryWake = null;
        this.kick();
      },
      Math.max(0, at - Date.now()) + 5,
    );
    timer.unref();
    this.retryWake = { at, timer };
  }
}
