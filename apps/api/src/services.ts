// The service container: one instance of each use-case service per app, created lazily.
// Services receive the shared dependencies and the container, and take collaborators from it
// when they need them, so modules can grow without rewiring each other's constructors.
import type { FastifyBaseLogger } from 'fastify';
import { aiOptionsFromEnv, createReceiptScanner } from '@evenly/receipts';
import type { ReceiptScanner, ScannerLoad } from '@evenly/receipts';
import type { AppConfig } from './config/config.js';
import type { DatabaseHandle, Db } from './db/database.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { Mailer } from './mail/mailer.js';
import { ActivityService } from './modules/activity/activity.service.js';
import { BalanceService } from './modules/balances/balance.service.js';
import { CategoryService } from './modules/categories/category.service.js';
import { CommentService } from './modules/comments/comment.service.js';
import { EventHub } from './modules/events/event-hub.js';
import { ExpenseService } from './modules/expenses/expense.service.js';
import { SearchService } from './modules/search/search.service.js';
import { DeletedEntriesService } from './modules/ledger/purge-deleted.js';
import { FriendshipService } from './modules/friendships/friendship.service.js';
import { FxService } from './modules/fx/fx.service.js';
import { GroupService } from './modules/groups/group.service.js';
import { GuestService } from './modules/guests/guest.service.js';
import { InviteLinkService } from './modules/invites/invite-link.service.js';
import { InvitationService } from './modules/invitations/invitation.service.js';
import { InAppNotificationService } from './modules/notifications/in-app.service.js';
import type { JwtService } from './modules/auth/jwt.js';
import type { Authenticator } from './modules/auth/authenticator.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { DatabaseListener } from './db/listener.js';
import type { PairFolder } from './db/pair-slots.js';
import type { TransactionRunner } from './db/transaction.js';
import { NotificationService } from './modules/notifications/notification.service.js';
import { ReminderService } from './modules/reminders/reminder.service.js';
import { PaymentService } from './modules/payments/payment.service.js';
import { ImportService } from './modules/imports/import.service.js';
import { ExportService } from './modules/exports/export.service.js';
import type { RateLimiter } from './modules/rate-limit/rate-limiter.js';
import type { ScanObserver } from './metrics/timed-scanner.js';
import { timedScanner } from './metrics/timed-scanner.js';
import { ReceiptService } from './modules/receipts/receipt.service.js';
import { SeriesService } from './modules/series/series.service.js';
import { PushService } from './modules/push/push.service.js';
import type { VapidKeyPair } from './config/push-config.js';
import { AvatarLinks } from './modules/people/avatar-url.js';
import { ProfileService } from './modules/profile/profile.service.js';
import { AccountDeletion } from './modules/profile/account-deletion.js';
import { FriendLinkService } from './modules/friend-links/friend-link.service.js';
import { ReportService } from './modules/reports/reports.service.js';
import { BudgetService } from './modules/budgets/budget.service.js';

export interface ServiceDeps {
  db: Db;
  database: DatabaseHandle;
  config: AppConfig;
  /** Work after the answer (e-mails): enqueue in the write's transaction, wake after commit. */
  jobs: JobQueue;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  rateLimiter: RateLimiter;
  jwt: JwtService;
  /** Bearer token → user, with the process-local cache kept in step by the database. */
  authenticator: Authenticator;
  /** This process's LISTEN connection. */
  listener: DatabaseListener;
  /** The change feed this process follows (db/change-feed.ts). */
  feed: ChangeFeed;
  /**
   * Runs `fn` in a transaction that records the changes noted in it, retrying deadlocks,
   * serialization failures and connections lost before the commit (db/transaction.ts).
   */
  transaction: TransactionRunner;
  /** Folds spilled pair balances back into slot 0 after the writes (db/pair-slots.ts). */
  pairs: PairFolder;
  /** Secret for signed receipt links and event tickets (the JWT secret). */
  signingSecret: string;
  /** Told the duration and outcome of every receipt scan (metrics, when on). */
  observeScan?: ScanObserver;
  /** The VAPID key pair push requests are signed with (modules/push/vapid-keys.ts). */
  vapidKeys: VapidKeyPair;
}

export class Services {
  private readonly instances = new Map<string, unknown>();

  constructor(readonly deps: ServiceDeps) {}

  private once<T>(name: string, make: () => T): T {
    if (!this.instances.has(name)) this.instances.set(name, make());
    return this.instances.get(name) as T;
  }

  get friendships(): FriendshipService {
    return this.once('friendships', () => new FriendshipService(this.deps, this));
  }
  get invitations(): InvitationService {
    return this.once('invitations', () => new InvitationService(this.deps, this));
  }
  get groups(): GroupService {
    return this.once('groups', () => new GroupService(this.deps, this));
  }
  /** People without accounts in groups: adding, claiming, merging. */
  get guests(): GuestService {
    return this.once('guests', () => new GuestService(this.deps, this));
  }
  get inviteLinks(): InviteLinkService {
    return this.once('inviteLinks', () => new InviteLinkService(this.deps, this));
  }
  /** Spending reports (charts). */
  get reports(): ReportService {
    return this.once('reports', () => new ReportService(this.deps));
  }
  /** Monthly budgets per category of one's own share. */
  get budgets(): BudgetService {
    return this.once('budgets', () => new BudgetService(this.deps));
  }
  get categories(): CategoryService {
    return this.once('categories', () => new CategoryService(this.deps));
  }
  get fx(): FxService {
    return this.once('fx', () => new FxService(this.deps));
  }
  get search(): SearchService {
    return this.once('search', () => new SearchService(this.deps));
  }
  get expenses(): ExpenseService {
    return this.once('expenses', () => new ExpenseService(this.deps, this));
  }
  get payments(): PaymentService {
    return this.once('payments', () => new PaymentService(this.deps, this));
  }
  /** Splitwise CSV imports (issue #14). */
  get imports(): ImportService {
    return this.once('imports', () => new ImportService(this.deps, this));
  }
  /** Group CSV and account JSON exports (issue #14). */
  get exports(): ExportService {
    return this.once('exports', () => new ExportService(this.deps, this));
  }
  /** Deleted expenses and payments: their purge once no longer restorable. */
  get deletedEntries(): DeletedEntriesService {
    return this.once('deletedEntries', () => new DeletedEntriesService(this.deps, this));
  }
  get comments(): CommentService {
    return this.once('comments', () => new CommentService(this.deps, this));
  }
  get balances(): BalanceService {
    return this.once('balances', () => new BalanceService(this.deps, this));
  }
  get activity(): ActivityService {
    return this.once('activity', () => new ActivityService(this.deps, this));
  }
  /** E-mail and push delivery, settings, unsubscribe. */
  get notifications(): NotificationService {
    return this.once('notifications', () => new NotificationService(this.deps, this));
  }
  get reminders(): ReminderService {
    return this.once('reminders', () => new ReminderService(this.deps, this));
  }
  /** The in-app list (the bell): read state and unread count. */
  get inbox(): InAppNotificationService {
    return this.once('inbox', () => new InAppNotificationService(this.deps, this));
  }
  get events(): EventHub {
    return this.once('events', () => new EventHub(this.deps, this));
  }
  get series(): SeriesService {
    return this.once('series', () => new SeriesService(this.deps, this));
  }
  get receipts(): ReceiptService {
    return this.once('receipts', () => new ReceiptService(this.deps, this));
  }
  get push(): PushService {
    return this.once('push', () => new PushService(this.deps, this.deps.vapidKeys));
  }
  /** Signs and checks profile picture links (one key for the whole app). */
  get avatarLinks(): AvatarLinks {
    return this.once('avatarLinks', () => new AvatarLinks(this.deps.signingSecret));
  }
  /** Me: name, picture and e-mail address changes. */
  get profile(): ProfileService {
    return this.once('profile', () => new ProfileService(this.deps, this));
  }
  get accountDeletion(): AccountDeletion {
    return this.once('accountDeletion', () => new AccountDeletion(this.deps, this));
  }
  get friendLinks(): FriendLinkService {
    return this.once('friendLinks', () => new FriendLinkService(this.deps, this));
  }

  /** The receipt scanner; its engine processes start on the first scan. */
  get scanner(): ReceiptScanner {
    return this.once('scanner', () => {
      const ai = this.deps.config.receiptAi;
      const scanner = createReceiptScanner({
        ai:
          ai === null
            ? null
            : aiOptionsFromEnv({
                RECEIPT_AI_URL: ai.url,
                RECEIPT_AI_MODEL: ai.model,
                ...(ai.key === null ? {} : { RECEIPT_AI_KEY: ai.key }),
              }),
      });
      const observe = this.deps.observeScan;
      return observe === undefined ? scanner : timedScanner(scanner, observe);
    });
  }

  /** Files waiting for and in the OCR engines; none before the first scan starts the scanner. */
  scanLoad(): ScannerLoad {
    return this.instances.has('scanner') ? this.scanner.load() : { queued: 0, running: 0 };
  }

  /** Releases what services hold (listeners, connections, engine processes). */
  async close(): Promise<void> {
    if (this.instances.has('events')) this.events.close();
    if (this.instances.has('scanner')) await this.scanner.close();
  }
}
