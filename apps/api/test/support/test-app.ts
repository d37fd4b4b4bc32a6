// Builds the real application (every plugin, real database, real SMTP) for `app.inject` tests.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { AppConfig } from '../../src/config/config.js';
import { loadConfig } from '../../src/config/config.js';
import type { JobWorkerOptions } from '../../src/jobs/job-worker.js';
import type { LoggedQuery } from './query-log.js';
import { withQueryLog } from './query-log.js';
import type { TestDatabase } from './test-database.js';
import { createTestDatabase } from './test-database.js';
import type { SmtpSink } from './smtp-sink.js';
import { linkFromMail, startSmtpSink, tokenFromLink } from './smtp-sink.js';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  smtp: SmtpSink;
  config: AppConfig;
  dataDir: string;
  /** Fresh tables and mailbox, no job running: call in beforeEach. */
  reset(): Promise<void>;
  /** Runs every job that is due (mails queued by earlier requests) and waits for them. */
  drainJobs(): Promise<void>;
  /** `keepDataDir`: leave the data folder (and an embedded database in it) for another process. */
  close(options?: { keepDataDir?: boolean }): Promise<void>;
  /** Registers, verifies through the mailed link and logs in; returns the bearer token. */
  signUp(name: string, email: string, password?: string): Promise<{ token: string; id: number }>;
}

export interface TestContextOptions {
  /** The job worker's timings (e.g. a short backoff). */
  jobs?: Partial<JobWorkerOptions>;
  /** Sees every statement the application runs. */
  onQuery?: (query: LoggedQuery) => void;
  /** Runs on the fresh database and data folder before the app is built (e.g. a restore). */
  prepare?: (database: TestDatabase, dataDir: string) => Promise<void>;
  /** PGlite kind: the database in DATA_DIR/db, as the server keeps it, instead of in memory. */
  embedded?: boolean;
  /** The app's clock for rate-limit windows. */
  now?: () => Date;
}

export async function createTestContext(
  env: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-test-'));
  const database = await createTestDatabase(
    undefined,
    options.embedded === true ? path.join(dataDir, 'db') : null,
  );
  const smtp = await startSmtpSink();
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: 'http://evenly.test',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // No test reaches the internet: no rate service unless a test starts its own.
    FX_RATES_URL: '',
    ...env,
  });
  await options.prepare?.(database, dataDir);
  const app = await buildApp({
    config,
    database:
      options.onQuery === undefined
        ? database.handle
        : withQueryLog(database.handle, options.onQuery),
    logger: false,
    ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  await app.ready();

  const ctx: TestContext = {
    app,
    database,
    smtp,
    config,
    dataDir,
    async reset() {
      // A job still running from the last test would write to the new test's tables or mailbox.
      await app.jobWorker.pause();
      await database.reset();
      // The truncation reaches the app through its change feed (which also notices the table
      // starting afresh); catch up now, so the next test meets none of this one's cached tokens.
      await settleFeed(ctx);
      app.infra.authenticator.clear();
      smtp.clear();
      app.jobWorker.resume();
    },
    async drainJobs() {
      await app.jobWorker.drain();
    },
    async close(closeOptions = {}) {
      await app.close();
      await smtp.close();
      await database.close();
      if (closeOptions.keepDataDir !== true) await rm(dataDir, { recursive: true, force: true });
    },
    async signUp(name, email, password = 'secret123') {
      const reg = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name, email, password },
      });
      if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
      if (config.requireEmailVerification) {
        // Mails go out after the answer, in any order: wait for the verification mail itself.
        const mail = await smtp.waitFor(email.toLowerCase(), (m) => m.raw.includes('verify-email'));
        const token = tokenFromLink(linkFromMail(mail.raw, '/verify-email'));
        const verify = await app.inject({
          method: 'GET',
          url: `/api/auth/verify?token=${encodeURIComponent(token)}`,
        });
        if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
      }
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
      const body = login.json<{ token: string; id: number }>();
      return { token: body.token, id: body.id };
    },
  };
  return ctx;
}

/** Lets the app's change feed deliver everything committed so far (e.g. by writes behind its back). */
export async function settleFeed(ctx: { app: FastifyInstance }): Promise<void> {
  const { feed } = ctx.app.infra;
  // Twice: a pass already under way may have read before the latest commit.
  for (let i = 0; i < 2; i++) {
    feed.kick();
    await feed.settled();
  }
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Asserts the contract's error body shape and returns it. */
export function errorBody(res: LightMyRequestResponse): {
  status: number;
  error: string;
  code: string;
  message: string;
  details?: { field: string; message: string }[];
} {
  const body = res.json<{ status: number; error: string; code: string; message: string }>();
  if (body.status !== res.statusCode) throw new Error(`status mismatch in ${res.body}`);
  if (typeof body.message !== 'string' || body.message === '')
    throw new Error(`no message in ${res.body}`);
  if (typeof body.code !== 'string' || typeof body.error !== 'string')
    throw new Error(`bad body ${res.body}`);
  return body;
}
