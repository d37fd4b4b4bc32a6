// The materializer's place in the job queue (src/jobs). Every process ticks every
// RECURRING_TICK_MS: when some series has an occurrence due and no materialize job is waiting,
// it enqueues one. Any process's worker claims it with a lease (SKIP LOCKED); the handler then
// creates the due occurrences one transaction each, taking series rows with SKIP LOCKED, so two
// handlers running at once share the series between them and never create the same one twice.
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { defineJob } from '../../jobs/job-type.js';
import type { Clock } from './clock.js';
import { enqueueMaterializeIfDue } from './series.repository.js';

export const materializeSeriesJob = defineJob('series.materialize', z.object({}), {
  maxAttempts: 5,
});

/** The per-process tick that enqueues the materialize job when occurrences are due. */
export class SeriesTicker {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  /** A look waiting for the one under way to finish. */
  private queued: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      jobs: JobQueue;
      clock: Clock;
      tickMs: number;
      logger: FastifyBaseLogger;
    },
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.tick(), this.deps.tickMs);
    this.timer.unref();
    void this.tick();
  }

  /**
   * Looks now (also after a write that made an occurrence due). A look already under way may
   * have read the clock too early, so a call made meanwhile gets a fresh look right after it;
   * calls made while that one waits share it.
   */
  tick(): Promise<void> {
    if (this.queued !== null) return this.queued;
    const previous = this.ticking;
    const next = (previous ?? Promise.resolve()).then(() => {
      this.queued = null;
      return this.look();
    });
    this.queued = previous === null ? null : next;
    const tracked: Promise<void> = next.finally(() => {
      if (this.ticking === tracked) this.ticking = null;
    });
    this.ticking = tracked;
    return next;
  }

  private async look(): Promise<void> {
    try {
      if (await enqueueMaterializeIfDue(this.deps.db, this.deps.clock()))
        await this.deps.jobs.wake();
    } catch (error) {
      // The database is away (or the test clock unreadable): the next tick looks again.
      this.deps.logger.warn({ err: error }, 'could not look for due recurring expenses');
    }
  }

  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }
}
