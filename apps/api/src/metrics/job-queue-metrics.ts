// Depth of the durable job queue (the `jobs` table, src/jobs), counted at scrape time. The table
// holds only unfinished and failed jobs (a finished job is deleted), so one pass over it is cheap.
import type { FastifyBaseLogger } from 'fastify';
import { Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import type { Db } from '../db/database.js';
import { countJobsByState } from '../jobs/jobs.repository.js';

export const JOB_STATES = ['due', 'scheduled', 'running', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Jobs by state: `due` may be claimed now, `scheduled` waits for its time (a new job's delay or
 * the backoff after a failed attempt), `running` is held under a live lease, `failed` used up its
 * attempts and is kept for inspection. The states follow the worker's claim statement
 * (jobs.repository.ts, which also holds the count).
 */
export async function jobQueueDepth(db: Db): Promise<Record<JobState, number>> {
  const row = await countJobsByState(db);
  // count(*) is a bigint: text from `pg`, a number or bigint from PGlite.
  const depth = { due: 0, scheduled: 0, running: 0, failed: 0 };
  for (const state of JOB_STATES) depth[state] = Number(row?.[state] ?? 0);
  return depth;
}

/**
 * Longest a scrape waits for the count, ms. When every pooled connection is busy the count waits
 * for one; the scrape answers without the job figures rather than with all figures late, since
 * that is when the pool figures matter most.
 */
export const JOB_COUNT_TIMEOUT_MS = 1_000;

export function registerJobQueueMetrics(
  registry: Registry,
  db: Db,
  logger: FastifyBaseLogger,
): void {
  // One count at a time: scrapes during a slow count share it instead of queueing more.
  let inFlight: Promise<Record<JobState, number>> | null = null;
  new Gauge({
    name: 'evenly_jobs',
    help: 'Jobs in the durable queue by state (due, scheduled, running, failed).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      inFlight ??= jobQueueDepth(db).finally(() => {
        inFlight = null;
      });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), JOB_COUNT_TIMEOUT_MS);
      });
      try {
        const depth = await Promise.race([inFlight, timeout]);
        if (depth === null) {
          logger.warn('metrics: the job queue count took too long; left out of this scrape');
          return;
        }
        for (const state of JOB_STATES) this.set({ state }, depth[state]);
      } catch (error) {
        // A scrape while the database is away still answers with everything else.
        logger.warn({ err: error }, 'metrics: could not count the job queue');
      } finally {
        clearTimeout(timer);
      }
    },
  });
}
