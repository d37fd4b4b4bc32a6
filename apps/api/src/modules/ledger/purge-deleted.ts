// Deleted expenses and payments are kept restorable (issue #13: undo) and removed for good
// DELETED_RETENTION_DAYS after their delete by a daily job on the job queue (src/jobs): the rows
// go (payers, splits and comments cascade), then their receipt files. A deleted entry has no
// effect on balances, so purging it changes no balance and records no change. A restore and the
// purge of the same row never both happen: each takes the row lock (the purge skips locked rows),
// and a purged row is simply gone (404). The two payments of a currency exchange go together.
import { z } from 'zod';
import type { JobRegistry } from '../../jobs/job-registry.js';
import { defineJob } from '../../jobs/job-type.js';
import { insertJobUnlessWaiting } from '../../jobs/jobs.repository.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { purgeExpenseBatch, purgePaymentBatch } from './purge.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'receipts'>;

/** How long a deleted entry stays restorable, at least (the job runs once a day). */
export const DELETED_RETENTION_DAYS = 30;
/** The daily run, 03:00 UTC: a quiet hour for most installs. */
export const PURGE_HOUR_UTC = 3;
/** Rows per transaction, so a large backlog never holds many locks at once. */
const BATCH = 200;

export const purgeDeletedJob = defineJob('ledger.purge-deleted', z.object({}), {
  maxAttempts: 5,
});

/** The first purge time strictly after `now`. */
export function nextPurgeAt(now: Date): Date {
  const at = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), PURGE_HOUR_UTC),
  );
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/** Entries deleted before this instant are purged at `now`. */
export function purgeCutoff(now: Date): Date {
  return new Date(now.getTime() - DELETED_RETENTION_DAYS * 24 * 60 * 60 * 1000);
}

export interface PurgeOutcome {
  expenses: number;
  payments: number;
  /** Receipt files removed (best effort, after the rows' commit). */
  files: number;
}

export class DeletedEntriesService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly services: Collaborators,
  ) {}

  registerJobs(registry: JobRegistry): void {
    registry.register(purgeDeletedJob, async () => {
      // Tomorrow's run first, so that a crash cannot lose it.
      await this.schedule();
      const out = await this.purge(new Date());
      if (out.expenses + out.payments > 0) {
        this.deps.logger.info(out, 'purged deleted expenses and payments');
      }
    });
  }

  /** At start-up: the next daily run, unless one is waiting. */
  async schedule(): Promise<void> {
    await insertJobUnlessWaiting(this.deps.db, purgeDeletedJob, nextPurgeAt(new Date()));
  }

  /** Removes for good every entry deleted more than DELETED_RETENTION_DAYS before `now`. */
  async purge(now: Date): Promise<PurgeOutcome> {
    const cutoff = purgeCutoff(now);
    const out: PurgeOutcome = { expenses: 0, payments: 0, files: 0 };
    for (;;) {
      const keys = await this.deps.transaction((tx) => purgeExpenseBatch(tx, cutoff, BATCH));
      out.expenses += keys.length;
      // Only once the rows are certainly gone: a file is never missing for a restorable entry.
      const files = keys.filter((k): k is string => k !== null);
      await this.services.receipts.deleteFiles(files);
      out.files += files.length;
      if (keys.length < BATCH) break;
    }
    for (;;) {
      const n = await this.deps.transaction((tx) => purgePaymentBatch(tx, cutoff, BATCH));
      out.payments += n;
      if (n < BATCH) break;
    }
    return out;
  }
}
