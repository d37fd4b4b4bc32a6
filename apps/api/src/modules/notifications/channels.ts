// Delivery channels of the notifier. A channel decides from the recipient's setting whether a
// note goes out on it and, if so, enqueues the delivery as a job *in the notifier's
// transaction*: the job exists exactly when the cursor moved past the row, so each row is
// delivered at most once per channel, and after a crash the batch is redone with no duplicate.
//
// E-mail is built in. Web Push plugs in with `NotificationService.usePush(sender)`, where the
// sender is anything with `notify(userId, { title, body, url, tag })` — the push module's
// PushService.
import type { NotificationSetting } from '@evenly/core';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobRegistry } from '../../jobs/job-registry.js';
import type { Note } from './notes.js';
import { notificationMailJob, notificationPushJob } from './notification.jobs.js';

export interface NotificationChannel {
  readonly name: string;
  /**
   * Called in the notifier's transaction for a note and the recipient's setting of its kind:
   * enqueue the delivery when the setting asks for it now. Must only write through `tx`.
   */
  deliver(tx: Db, note: Note, setting: NotificationSetting): Promise<void>;
  /** Registers the channel's delivery job handlers (before the worker starts). */
  registerJobs(registry: JobRegistry): void;
}

/** What the push module offers (PushService.notify). */
export interface PushSender {
  notify(
    userId: number,
    payload: { title: string; body: string; url: string; tag: string },
  ): Promise<unknown>;
}

/** E-mail now for IMMEDIATE; DIGEST rows wait for the daily digest (digest.ts); OFF: nothing. */
export class EmailChannel implements NotificationChannel {
  readonly name = 'email';

  constructor(
    private readonly jobs: JobQueue,
    private readonly send: (note: Note) => Promise<void>,
  ) {}

  async deliver(tx: Db, note: Note, setting: NotificationSetting): Promise<void> {
    if (setting.email !== 'IMMEDIATE') return;
    await this.jobs.enqueue(tx, notificationMailJob, note);
  }

  registerJobs(registry: JobRegistry): void {
    registry.register(notificationMailJob, (note) => this.send(note));
  }
}

/** Web Push when the kind's push switch is on. */
export class PushChannel implements NotificationChannel {
  readonly name = 'push';

  constructor(
    private readonly jobs: JobQueue,
    private readonly sender: PushSender,
  ) {}

  async deliver(tx: Db, note: Note, setting: NotificationSetting): Promise<void> {
    if (!setting.push) return;
    await this.jobs.enqueue(tx, notificationPushJob, note);
  }

  registerJobs(registry: JobRegistry): void {
    registry.register(notificationPushJob, async (note) => {
      await this.sender.notify(note.userId, {
        title: note.title,
        body: note.body,
        url: note.path,
        // One notification per activity row: a repeated delivery replaces, never stacks.
        tag: `activity-${note.activityId}`,
      });
    });
  }
}
