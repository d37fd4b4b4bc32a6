// Delivery channels of the notifier. A channel decides from the recipient's setting whether a
// note goes out on it and, if so, enqueues the delivery as a job *in the notifier's
// transaction*: the job exists exactly when the cursor moved past the row, so each row is
// delivered at most once per channel, and after a crash the batch is redone with no duplicate.
// A channel gets the notifier's whole batch at once and writes its jobs in one statement; the
// push channel enqueues only for people with a subscribed device (most have none, and a job
// that finds no device is a claim, a lookup and a delete for nothing).
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

/**
 * One note for one recipient, with the recipient's setting for the note's kind. The note may be
 * written only when first read, so a channel reads it only for what it sends.
 */
export interface Delivery {
  readonly recipientId: number;
  readonly note: Note;
  readonly setting: NotificationSetting;
}

export interface NotificationChannel {
  readonly name: string;
  /**
   * Called once per notifier batch, in its transaction, with the batch's notes in activity
   * order: enqueue the deliveries whose setting asks for this channel now. Must only write
   * through `tx`.
   */
  deliver(tx: Db, deliveries: readonly Delivery[]): Promise<void>;
  /** Registers the channel's delivery job handlers (before the worker starts). */
  registerJobs(registry: JobRegistry): void;
}

/** What the push module offers (PushService.notify). */
export interface PushSender {
  notify(
    userId: number,
    payload: { title: string; body: string; url: string; tag: string },
  ): Promise<unknown>;
  /** Which of `userIds` have at least one subscribed device (read through `db`). */
  subscribedAmong(db: Db, userIds: readonly number[]): Promise<ReadonlySet<number>>;
}

/** E-mail now for IMMEDIATE; DIGEST rows wait for the daily digest (digest.ts); OFF: nothing. */
export class EmailChannel implements NotificationChannel {
  readonly name = 'email';

  constructor(
    private readonly jobs: JobQueue,
    private readonly send: (note: Note) => Promise<void>,
  ) {}

  async deliver(tx: Db, deliveries: readonly Delivery[]): Promise<void> {
    const notes = deliveries.filter((d) => d.setting.email === 'IMMEDIATE').map((d) => d.note);
    await this.jobs.enqueueMany(tx, notificationMailJob, notes);
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

  async deliver(tx: Db, deliveries: readonly Delivery[]): Promise<void> {
    const wanted = deliveries.filter((d) => d.setting.push);
    if (wanted.length === 0) return;
    const devices = await this.sender.subscribedAmong(tx, [
      ...new Set(wanted.map((d) => d.recipientId)),
    ]);
    const notes = wanted.filter((d) => devices.has(d.recipientId)).map((d) => d.note);
    await this.jobs.enqueueMany(tx, notificationPushJob, notes);
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
