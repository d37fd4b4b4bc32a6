// NotificationService: the settings, the notifier and digest jobs, the mails they send, and the
// one-click unsubscribe. See notifier.ts (exactly-once following of `activities`), digest.ts
// (the daily mail) and channels.ts (e-mail built in, push plugged in with usePush).
import type { NotificationKind, NotificationSetting } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { InvalidTokenError } from '../../errors/app-errors.js';
import type { JobRegistry } from '../../jobs/job-registry.js';
import { insertJobUnlessWaiting } from '../../jobs/jobs.repository.js';
import { formatDateTime, translatorForRecipient } from '../../i18n/index.js';
import type { Translator } from '../../i18n/index.js';
import { digestEmail, notificationEmail } from '../../mail/notification-templates.js';
import type { NoteLine, UnsubscribeLinks } from '../../mail/notification-templates.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { NotificationChannel, PushSender } from './channels.js';
import { EmailChannel, PushChannel } from './channels.js';
import { nextDigestAt, runDigest } from './digest.js';
import { NOTE_WORDS } from './note-messages.js';
import type { Note } from './notes.js';
import { kindLabel } from './notes.js';
import { digestMailJob, digestRunJob, followActivitiesJob } from './notification.jobs.js';
import { NOTIFIER_CURSOR, notifyBatch } from './notifier.js';
import {
  ensureCursor,
  findMailRecipient,
  newestActivityId,
  userExists,
} from './notifier.repository.js';
import { saveSettings, settingsOf, turnEmailOff } from './settings.repository.js';
import type { UnsubscribeScope } from './unsubscribe-token.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';

export const NOTIFICATION_TEXT = {
  badToken:
    'This unsubscribe link is not valid or has expired. Change your e-mails in the settings.',
  missingToken: 'This unsubscribe link is incomplete.',
} as const;

/** How long (ms) a gap in activity ids holds the cursor on PostgreSQL (see notifier.ts). */
export const GAP_GRACE_MS = 10_000;

export interface UnsubscribeResult {
  scope: UnsubscribeScope;
  /** What was turned off, for the page to say. */
  message: string;
}

/** Who a notification mail goes to, and how they read: language and time zone. */
interface MailRecipient {
  email: string;
  name: string;
  tr: Translator;
  timeZone: string | null;
}

export class NotificationService {
  readonly tokens: UnsubscribeTokens;
  private readonly channels: NotificationChannel[] = [];
  private readonly gapGraceMs: number;
  private registry: JobRegistry | null = null;

  constructor(protected readonly deps: ServiceDeps) {
    this.tokens = new UnsubscribeTokens(deps.signingSecret);
    this.gapGraceMs = deps.database.kind === 'pglite' ? 0 : GAP_GRACE_MS;
    this.channels.push(new EmailChannel(deps.jobs, (note) => this.sendNoteMail(note)));
  }

  /** Adds the Web Push channel (the push module's PushService). */
  usePush(sender: PushSender): void {
    this.addChannel(new PushChannel(this.deps.jobs, sender));
  }

  /** Adds a delivery channel (its jobs are registered now if the others already are). */
  addChannel(channel: NotificationChannel): () => void {
    if (this.registry !== null) channel.registerJobs(this.registry);
    this.channels.push(channel);
    return () => {
      const i = this.channels.indexOf(channel);
      if (i >= 0) this.channels.splice(i, 1);
    };
  }

  // ---- settings --------------------------------------------------------------------------

  async settings(userId: number): Promise<NotificationSetting[]> {
    return (await settingsOf(this.deps.db, [userId])).get(userId) ?? [];
  }

  async updateSettings(
    userId: number,
    changes: readonly NotificationSetting[],
  ): Promise<NotificationSetting[]> {
    await saveSettings(this.deps.db, userId, changes);
    return this.settings(userId);
  }

  // ---- unsubscribe -----------------------------------------------------------------------

  unsubscribeToken(userId: number, scope: UnsubscribeScope): string {
    return this.tokens.sign({ userId, kind: scope });
  }

  unsubscribeLinks(userId: number, scope: UnsubscribeScope, tr: Translator): UnsubscribeLinks {
    const { appUrl } = this.deps.config;
    const token = encodeURIComponent(this.unsubscribeToken(userId, scope));
    return {
      oneClick: `${appUrl}/api/notifications/unsubscribe?token=${token}`,
      page: `${appUrl}/unsubscribe?token=${token}`,
      settings: `${appUrl}/app/account/notifications`,
      what: localScopeLabel(tr, scope),
    };
  }

  /** RFC 8058 one-click: turns the token's kind (or every digest kind) off. No sign-in. */
  async unsubscribe(token: string | undefined): Promise<UnsubscribeResult> {
    if (token === undefined || token === '')
      throw new InvalidTokenError(NOTIFICATION_TEXT.missingToken);
    const claims = this.tokens.verify(token);
    if (claims === null) throw new InvalidTokenError(NOTIFICATION_TEXT.badToken);
    const { userId, kind } = claims;
    const current = await this.settings(userId);
    const kinds: NotificationKind[] =
      kind === 'DIGEST' ? current.filter((s) => s.email === 'DIGEST').map((s) => s.kind) : [kind];
    // A user deleted since the mail: their settings went with them, nothing to turn off.
    if (await userExists(this.deps.db, userId)) await turnEmailOff(this.deps.db, userId, kinds);
    const what = scopeLabel(kind);
    return {
      scope: kind,
      message: `${what.charAt(0).toUpperCase()}${what.slice(1)} ${kind === 'DIGEST' ? 'is' : 'are'} now off.`,
    };
  }

  // ---- the notifier ----------------------------------------------------------------------

  registerJobs(registry: JobRegistry): void {
    this.registry = registry;
    registry.register(followActivitiesJob, () => this.follow());
    registry.register(digestRunJob, async () => {
      await this.digestRun();
    });
    registry.register(digestMailJob, (p) => this.sendDigestMail(p.userId, p.items, p.more));
    for (const channel of this.channels) channel.registerJobs(registry);
  }

  /**
   * Starts following: every change the feed delivers (in every process) asks for a notifier
   * run; at start-up one run and the next digest are scheduled. A new database starts the cursor
   * at the newest activity, so an upgrade does not mail the past.
   */
  async start(): Promise<void> {
    const { db, feed } = this.deps;
    feed.subscribe({
      changes: (batch) => {
        if (batch.some((c) => c.entity !== 'user')) void this.requestFollow();
      },
      reset: () => void this.requestFollow(),
    });
    await ensureCursor(db, NOTIFIER_CURSOR, await newestActivityId(db));
    await this.scheduleDigest(db);
    await this.requestFollow();
  }

  /**
   * Enqueues a notifier run unless one is already waiting (best effort: the next change retries).
   * Only a run it added wakes the workers: under a stream of writes most changes find one waiting,
   * and waking for it again cost every process a claim that finds nothing.
   */
  async requestFollow(tx?: Db): Promise<void> {
    try {
      const added = await insertJobUnlessWaiting(tx ?? this.deps.db, followActivitiesJob, null);
      if (added && tx === undefined) await this.deps.jobs.wake();
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'could not schedule the notifier');
    }
  }

  /** Job: batches until caught up. */
  async follow(): Promise<void> {
    let delivered = false;
    for (;;) {
      const outcome = await this.deps.transaction((tx) =>
        notifyBatch(tx, this.channels, this.gapGraceMs),
      );
      if (outcome.passed > 0) delivered = true;
      // Look again once the gap may be passed (one such run waiting is enough).
      if (outcome.waitingOnGap) {
        await insertJobUnlessWaiting(
          this.deps.db,
          followActivitiesJob,
          new Date(Date.now() + this.gapGraceMs),
        );
      }
      if (!outcome.more) break;
    }
    if (delivered) await this.deps.jobs.wake();
  }

  /**
   * Job: schedules the next run first (so a crash cannot lose it), then digests everyone whose
   * local 08:00 has come by `now` (a parameter: tests move the clock).
   */
  async digestRun(now: Date = new Date()): Promise<number> {
    await this.scheduleDigest(this.deps.db);
    return runDigest(this.deps.db, this.deps.jobs, this.deps.transaction, now);
  }

  private async scheduleDigest(db: Db): Promise<void> {
    await insertJobUnlessWaiting(db, digestRunJob, nextDigestAt(new Date()));
  }

  // ---- mails -----------------------------------------------------------------------------

  /** Who gets a mail: only an account has an address to send to (guests and deleted users: none). */
  private async recipient(userId: number): Promise<MailRecipient | undefined> {
    const row = await findMailRecipient(this.deps.db, userId);
    if (row === undefined || row.email === null) return undefined;
    const tr = translatorForRecipient(row.locale);
    return { email: row.email, name: row.name, tr, timeZone: row.timeZone };
  }

  /** A note as a mail line, its time on the reader's clock in their language (issue #32). */
  private line(note: Note, user: MailRecipient): NoteLine {
    return {
      title: note.title,
      body: note.body,
      link: `${this.deps.config.appUrl}${note.path}`,
      ...(note.at === undefined
        ? {}
        : { when: formatDateTime(user.tr.locale, user.timeZone, new Date(note.at)) }),
    };
  }

  /** Job: one immediate mail, unless the kind was switched away from IMMEDIATE meanwhile. */
  async sendNoteMail(note: Note): Promise<void> {
    const user = await this.recipient(note.userId);
    if (user === undefined) return;
    const setting = (await this.settings(note.userId)).find((s) => s.kind === note.kind);
    if (setting?.email !== 'IMMEDIATE') return;
    await this.deps.mailer.send(
      notificationEmail(
        user.tr,
        user.email,
        this.line(note, user),
        this.unsubscribeLinks(note.userId, note.kind, user.tr),
      ),
    );
  }

  async sendDigestMail(userId: number, items: readonly Note[], more: number): Promise<void> {
    const user = await this.recipient(userId);
    if (user === undefined || items.length === 0) return;
    await this.deps.mailer.send(
      digestEmail(
        user.tr,
        user.email,
        user.name,
        items.map((n) => this.line(n, user)),
        more,
        `${this.deps.config.appUrl}/app/activity`,
        this.unsubscribeLinks(userId, 'DIGEST', user.tr),
      ),
    );
  }
}

/** What a link stops, in a sentence's middle: "the daily digest", "e-mails for “Friend requests”". */
export function scopeLabel(scope: UnsubscribeScope): string {
  return localScopeLabel(translatorForRecipient(null), scope);
}

/** `scopeLabel` in the reader's language (the e-mail footer). */
function localScopeLabel(tr: Translator, scope: UnsubscribeScope): string {
  return scope === 'DIGEST'
    ? tr.t(NOTE_WORDS.scopeDigest)
    : tr.t(NOTE_WORDS.scopeKind, { kind: kindLabel(tr, scope) });
}
