// The materializer's place in the job queue (src/jobs). Every process ticks every
// RECURRING_TICK_MS: when some series has an occurrence due and no materialize job is waiting,
// it enqueues one. Any process's worker claims it with a lease (SKIP LOCKED); the handler then
// creates the due occurrences one transaction each, taking series rows with SKIP LOCKED, so two
// handlers running at once share the series between them and never create the same one twice.
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { defineJob } from '../../jobs/job-type.js';
import type { Clock } from './clock.js';

export const materializeSeriesJob = defineJob('series.materialize', z.object({}), {
  maxAttempts: 5,
});

// A job only when something is due and none is waiting to be claimed (a running one, under
// lease, does not count: after a crash its lease must run out, and the work should not wait).
const enqueueIfDue = statement<{ id: string }>(
  'series.enqueue-materialize',
  `insert into jobs (kind, payload)
   select 'series.materialize', '{}'::jsonb
    where exists (select 1 from expense_series
                   where next_due_at is not null and next_due_at <= $1::timestamptz)
      and not exists (select 1 from jobs
                       where kind = 'series.materialize' and failed_at is null
                         and (locked_until is null or locked_until <= now()))
   returning id`,
);

/** The per-process tick that enqueues the materialize job when occurrences are due. */
export class SeriesTicker {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

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

  /** Looks now (also after a write that made an occurrence due); one look at a time. */
  tick(): Promise<void> {
    this.ticking ??= this.look().finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async look(): Promise<void> {
    try {
      const rows = await run(this.deps.db, enqueueIfDue, [this.deps.clock().toISOString()]);
      if (rows.length > 0) await this.deps.jobs.wake();
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
