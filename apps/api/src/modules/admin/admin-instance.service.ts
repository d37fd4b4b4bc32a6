// The admin area's view of the instance: its figures (people, groups, expenses, database and
// receipt storage sizes), its health (job backlog, failed jobs and mails, push failures), a
// retry of a failed job, a test e-mail and a backup downloaded now.
import type { Writable } from 'node:stream';
import { writeBackup } from '../../backup/write-backup.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { NotFoundError } from '../../errors/app-errors.js';
import { countJobsByState } from '../../jobs/jobs.repository.js';
import { translatorForRecipient } from '../../i18n/index.js';
import { testEmail } from '../../mail/templates.js';
import { findAccountById } from '../auth/index.js';
import type { AuthUser } from '../../plugins/authentication.js';
import { ADMIN_TEXT } from './admin-errors.js';
import type {
  FailedJobRow,
  InstanceCounts,
  MailJobRow,
  PushFailureRow,
} from './admin.repository.js';
import {
  failedJobs,
  failedMailJobs,
  instanceCounts,
  pushFailures,
  requeueFailedJob,
} from './admin.repository.js';

type Collaborators = Pick<AppServices, 'admin' | 'receipts'>;

/** Rows each health list shows (the newest). */
export const HEALTH_LIST_ROWS = 50;

export interface InstanceFigures extends InstanceCounts {
  database: 'postgres' | 'pglite';
  storage: 'local' | 's3';
  receiptFiles: number;
  receiptBytes: number;
}

export interface Health {
  jobs: { due: number; scheduled: number; running: number; failed: number };
  failedJobs: FailedJobRow[];
  failedMails: MailJobRow[];
  pushFailures: PushFailureRow[];
}

export interface TestMailResult {
  to: string;
  sent: boolean;
  /** The mail server's answer when sending failed. */
  error: string | null;
}

export class AdminInstanceService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  async figures(): Promise<InstanceFigures> {
    const [counts, usage] = await Promise.all([
      instanceCounts(this.deps.db),
      this.services.receipts.storage.usage(),
    ]);
    return {
      ...counts,
      database: this.deps.database.kind,
      storage: this.services.receipts.storage.kind,
      receiptFiles: usage.files,
      receiptBytes: usage.bytes,
    };
  }

  async health(): Promise<Health> {
    const { db } = this.deps;
    const [counts, failed, mails, push] = await Promise.all([
      countJobsByState(db),
      failedJobs(db, HEALTH_LIST_ROWS),
      failedMailJobs(db, HEALTH_LIST_ROWS),
      pushFailures(db, HEALTH_LIST_ROWS),
    ]);
    return {
      jobs: {
        due: Number(counts?.due ?? 0),
        scheduled: Number(counts?.scheduled ?? 0),
        running: Number(counts?.running ?? 0),
        failed: Number(counts?.failed ?? 0),
      },
      failedJobs: failed,
      failedMails: mails,
      pushFailures: push,
    };
  }

  /** Puts a failed job back in the queue, due now with its attempts counted afresh. */
  async retryJob(actor: AuthUser, id: number): Promise<void> {
    await this.deps.transaction(async (tx) => {
      const job = await requeueFailedJob(tx, id);
      if (job === undefined) throw new NotFoundError(ADMIN_TEXT.jobNotFound);
      await this.services.admin.audit(tx, actor, {
        action: 'retry_job',
        target: `${job.kind} #${job.id}`,
        details: { kind: job.kind, lastError: job.lastError },
      });
    });
    await this.deps.jobs.wake();
  }

  /** Sends a test message to the administrator at once and tells how it went. */
  async sendTestMail(actor: AuthUser): Promise<TestMailResult> {
    const link = `${this.deps.config.appUrl}/admin`;
    let error: string | null = null;
    try {
      const account = await findAccountById(this.deps.db, actor.id);
      const tr = translatorForRecipient(account?.locale);
      await this.deps.mailer.send(testEmail(tr, actor.email, actor.name, link));
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const result: TestMailResult = { to: actor.email, sent: error === null, error };
    await this.deps.transaction((tx) =>
      this.services.admin.audit(tx, actor, {
        action: 'test_email',
        target: actor.email,
        details: { sent: result.sent, error },
      }),
    );
    return result;
  }

  /** Records the download, then writes the backup to `out` (the caller streams it). */
  async noteBackup(actor: AuthUser): Promise<void> {
    await this.deps.transaction((tx) =>
      this.services.admin.audit(tx, actor, { action: 'download_backup', target: 'backup' }),
    );
  }

  async writeBackup(out: Writable): Promise<void> {
    await writeBackup(this.deps.database, this.services.receipts.storage, out);
  }
}
