// The process's shared infrastructure, made once by buildApp and handed to every service
// provider: the database, configuration, queues and feeds. Not services: a service's
// collaborators (other modules' services) come separately, named in its provider (app-services.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import type { DatabaseListener } from '../db/listener.js';
import type { PairFolder } from '../db/pair-slots.js';
import type { TransactionRunner } from '../db/transaction.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Mailer } from '../mail/mailer.js';
import type { ScanObserver } from '../metrics/timed-scanner.js';
import type { VapidKeyPair } from '../config/push-config.js';
import type { Authenticator } from '../modules/auth/authenticator.js';
import type { JwtService } from '../modules/auth/jwt.js';
import type { RateLimiter } from '../modules/rate-limit/rate-limiter.js';

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
