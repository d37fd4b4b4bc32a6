// E-mail goes out through the job queue, after the answer (issue #9): a stalled mail server no
// longer holds up the request, forgot-password and resend-verification do the same database work
// whether or not the account exists, a failing mail server is retried until the mail arrives,
// and a mail whose sender process died mid-send is sent once by another process.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../src/db/database.js';
import type { LoggedQuery } from './support/query-log.js';
import { assertServerBuilt, hasExited, postJson, startServer } from './support/server-process.js';
import { linkFromMail, tokenFromLink } from './support/smtp-sink.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';
import { testDbKind } from './support/test-database.js';

const FORGOT = 'If an account exists for this email, a password reset link has been sent.';
const RESEND =
  'If your account exists and is not verified, a new verification email has been sent.';

let ctx: TestContext;
let log: LoggedQuery[] | null = null;

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    {
      // Short backoff so that retries happen within the test; three attempts in all.
      jobs: { retryBaseMs: 20, retryMaxMs: 100, maxAttempts: 3 },
      onQuery: (query) => log?.push(query),
    },
  );
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

const db = () => ctx.database.handle.db;

function post(url: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url, payload });
}

async function jobCount(): Promise<number> {
  // The mails of accounts only: the recurring jobs (the daily digest's next run, the notifier
  // following the activity rows, the daily purge of deleted entries, the series' materializer)
  // come and go beside them, scheduled by whichever process starts first.
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from jobs
         where kind not like 'notifications.%' and kind not in ('ledger.purge-deleted', 'series.materialize')`,
  );
  return row?.n ?? -1;
}

/** What the change feed's own timers run: stamping new changes, reading the ones after a position. */
const CHANGE_FEED_STATEMENT = /evenly_stamp_changes|\bfrom changes where pos > /;

/**
 * The statements a request runs, with the parts that name the address (or the time, or the mail
 * ticket) masked.
 */
async function statementsOf(
  request: () => Promise<LightMyRequestResponse>,
  email: string,
): Promise<{ res: LightMyRequestResponse; statements: string[] }> {
  log = [];
  const res = await request();
  // The change feed's stamper and follower run on their own timers through the same pool; they
  // are no part of the request (on a busy machine they may tick during one request and not
  // another).
  const statements = log
    .filter((q) => !CHANGE_FEED_STATEMENT.test(q.sql))
    .map(
      (q) =>
        `${q.sql} ${JSON.stringify(q.params)
          .replaceAll(email, '<email>')
          // Each request's mail ticket is random (its hash rides in the job's payload).
          .replace(/(ticket\\":\\")[A-Za-z0-9_-]+/g, '$1<ticket>')
          .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')}`,
    );
  log = null;
  return { res, statements };
}

function answer(res: LightMyRequestResponse) {
  return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
}

describe('mail through the job queue', () => {
  it('answers while the mail server stalls, and the mails arrive once it resumes', async () => {
    await ctx.signUp('Ann', 'ann@example.com');
    ctx.smtp.clear();
    ctx.smtp.hold();
    try {
      const forgot = await post('/api/auth/forgot-password', { email: 'ann@example.com' });
      expect(answer(forgot)).toEqual({
        status: 200,
        type: 'text/plain; charset=utf-8',
        body: FORGOT,
      });
      const register = await post('/api/auth/register', {
        name: 'Bob',
        email: 'bob@example.com',
        password: 'secret123',
      });
      expect(register.statusCode).toBe(201);
      expect(ctx.smtp.mails).toEqual([]);
    } finally {
      ctx.smtp.release();
    }
    const reset = await ctx.smtp.waitFor('ann@example.com');
    expect(linkFromMail(reset.raw, '/reset-password')).toMatch(/^http:\/\/evenly\.test\//);
    const verify = await ctx.smtp.waitFor('bob@example.com');
    expect(linkFromMail(verify.raw, '/verify-email')).toMatch(/^http:\/\/evenly\.test\//);
  });

  it('does the same database work for known and unknown addresses, with the same answer', async () => {
    await ctx.signUp('Ann', 'ann@example.com');
    await post('/api/auth/register', {
      name: 'Bob',
      email: 'bob@example.com',
      password: 'secret123',
    });
    await ctx.drainJobs();
    ctx.smtp.clear();
    // What the requests do is compared alone: the queued jobs wait.
    await ctx.app.jobWorker.pause();

    const cases = [
      // forgot-password: an account, and none.
      ['/api/auth/forgot-password', FORGOT, ['ann@example.com', 'nobody@example.com']],
      // resend-verification: unverified, verified, and no account.
      [
        '/api/auth/resend-verification',
        RESEND,
        ['bob@example.com', 'ann@example.com', 'no@example.com'],
      ],
    ] as const;
    for (const [url, message, emails] of cases) {
      const runs = [];
      for (const email of emails) {
        runs.push(await statementsOf(() => post(url, { email }), email));
      }
      const [first, ...others] = runs;
      expect(first?.statements.length).toBeGreaterThan(0);
      for (const other of others) {
        expect(other.statements).toEqual(first?.statements);
        expect(answer(other.res)).toEqual(answer(first?.res as LightMyRequestResponse));
      }
      expect(answer(first?.res as LightMyRequestResponse)).toEqual({
        status: 200,
        type: 'text/plain; charset=utf-8',
        body: message,
      });
    }
    expect(await jobCount()).toBe(5);

    // The jobs decide what to send: a reset link to Ann, a verification link to Bob.
    ctx.app.jobWorker.resume();
    await ctx.drainJobs();
    expect(ctx.smtp.mails.map((m) => m.to[0]).sort()).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
    expect(ctx.smtp.mails.find((m) => m.to[0] === 'ann@example.com')?.raw).toContain(
      'reset-password',
    );
    expect(ctx.smtp.mails.find((m) => m.to[0] === 'bob@example.com')?.raw).toContain(
      'verify-email',
    );
    expect(await jobCount()).toBe(0);
  });

  it('retries while the mail server fails, and the link that finally arrives works', async () => {
    await ctx.signUp('Ann', 'ann@example.com');
    ctx.smtp.clear();
    ctx.smtp.failNext(2);
    const forgot = await post('/api/auth/forgot-password', { email: 'ann@example.com' });
    expect(forgot.body).toBe(FORGOT);

    const mail = await ctx.smtp.waitFor('ann@example.com');
    expect(ctx.smtp.rejected).toBe(2);
    await ctx.drainJobs();
    expect(ctx.smtp.mails).toHaveLength(1);
    expect(await jobCount()).toBe(0);
    // Each attempt made a new link and retired the one before: the mailed one works.
    const reset = await post('/api/auth/reset-password', {
      token: tokenFromLink(linkFromMail(mail.raw, '/reset-password')),
      newPassword: 'brand-new-pass',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('gives a mail up after the last attempt and keeps the job with its error', async () => {
    await ctx.signUp('Ann', 'ann@example.com');
    ctx.smtp.clear();
    ctx.smtp.failNext(3);
    await post('/api/auth/forgot-password', { email: 'ann@example.com' });
    const failed = async () =>
      queryRows<{ attempts: number; last_error: string }>(
        db(),
        sql`select attempts, last_error from jobs where failed_at is not null`,
      );
    while ((await failed()).length === 0) {
      await new Promise((r) => setTimeout(r, 10));
      await ctx.drainJobs();
    }
    expect(await failed()).toMatchObject([{ attempts: 3 }]);
    expect((await failed())[0]?.last_error).toContain('451');
    expect(ctx.smtp.rejected).toBe(3);
    expect(ctx.smtp.mails).toEqual([]);
  });

  it.runIf(testDbKind() === 'postgres')(
    'sends a mail exactly once when the process sending it died (its lease ran out)',
    async () => {
      assertServerBuilt();
      await ctx.signUp('Ann', 'ann@example.com');
      await ctx.drainJobs();
      ctx.smtp.clear();
      // This process stands by while process A takes the job.
      await ctx.app.jobWorker.pause();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-mail-a-'));
      const a = await startServer({
        DATA_DIR: dataDir,
        DATABASE_URL: ctx.database.url ?? '',
        JWT_SECRET: 'mail-queue-secret-mail-queue-secret-0123456789',
        APP_URL: 'http://evenly.test',
        SMTP_URL: ctx.smtp.url,
        LOG_LEVEL: 'warn',
      });
      try {
        ctx.smtp.hold();
        const forgot = await postJson(a.base, '/api/auth/forgot-password', {
          email: 'ann@example.com',
        });
        expect(await forgot.text()).toBe(FORGOT);
        // A has claimed the job and is stuck talking to the mail server: it dies there.
        while (ctx.smtp.stalled === 0) await new Promise((r) => setTimeout(r, 20));
        const exited = new Promise((resolve) => a.child.once('exit', resolve));
        a.child.kill('SIGKILL');
        await exited;
        expect(await jobCount()).toBe(1);
        ctx.smtp.release();

        // While A's lease lasts, nobody takes the job.
        ctx.app.jobWorker.resume();
        await ctx.drainJobs();
        expect(ctx.smtp.mails).toEqual([]);

        // A's lease runs out (a minute later): this process sends the mail, once.
        await db().execute(sql`update jobs set locked_until = now() - interval '1 second'`);
        await ctx.drainJobs();
        await ctx.drainJobs();
        expect(ctx.smtp.mails.map((m) => m.to)).toEqual([['ann@example.com']]);
        expect(await jobCount()).toBe(0);
      } finally {
        ctx.smtp.release();
        if (!hasExited(a.child)) a.child.kill('SIGKILL');
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
