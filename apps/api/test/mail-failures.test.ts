// E-mail that fails is seen (issue #34 point 5): when the mail server refuses a message or cannot
// be reached, the mail job fails its attempt and is retried with growing delays; after the last
// attempt it is kept as failed with the server's answer (or the network error) as its
// last_error, never a secret of SMTP_URL. A refused recipient is given up at once. The person
// waiting follows the mail by its ticket, which reads the same whether or not the address has
// an account. Passing time is simulated by moving the stored times, never waited for.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import { queryRows } from '../src/db/database.js';
import { DEFAULT_JOB_WORKER_OPTIONS } from '../src/jobs/job-worker.js';
import { createMailer } from '../src/mail/mailer.js';
import { translatorFor } from '../src/i18n/index.js';
import { verificationEmail } from '../src/mail/templates.js';
import type { SmtpGate } from './support/smtp-sink.js';
import { startSmtpGate, startSmtpSink } from './support/smtp-sink.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

const AUTH_MAIL_KINDS = ['auth.verification-mail', 'auth.password-reset-mail'];
const { retryBaseMs, maxAttempts } = DEFAULT_JOB_WORKER_OPTIONS;

let gate: SmtpGate;
let ctx: TestContext;

beforeAll(async () => {
  gate = await startSmtpGate();
  // The production timings: the delays are checked in the stored times, not waited for.
  ctx = await createTestContext({ SMTP_URL: gate.url });
  gate.target = ctx.smtp.url;
});
afterAll(async () => {
  await ctx.close();
  await gate.close();
});
beforeEach(async () => {
  await gate.set('open');
  await ctx.reset();
});

const db = () => ctx.database.handle.db;

interface MailJob {
  kind: string;
  attempts: number;
  last_error: string | null;
  failed: boolean;
  /** Seconds from now until the next attempt. */
  due_in: number;
}

async function mailJobs(): Promise<MailJob[]> {
  return queryRows<MailJob>(
    db(),
    sql`select kind, attempts, last_error, failed_at is not null as failed,
               extract(epoch from run_after - now())::float8 as due_in
          from jobs where kind = any(${`{${AUTH_MAIL_KINDS.join(',')}}`}::text[]) order by id`,
  );
}

/** Simulates the passing of time: the mail jobs waiting for a retry are due now. */
async function retryNow(): Promise<void> {
  await db().execute(
    sql`update jobs set run_after = now()
         where failed_at is null and kind = any(${`{${AUTH_MAIL_KINDS.join(',')}}`}::text[])`,
  );
  await ctx.drainJobs();
}

function post(url: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url, payload });
}

function ticketOf(res: LightMyRequestResponse): string {
  const ticket = res.headers['mail-ticket'];
  if (typeof ticket !== 'string') throw new Error(`no Mail-Ticket header (${res.statusCode})`);
  return ticket;
}

async function mailState(ticket: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/mail-status/${ticket}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ state: string }>().state;
}

async function register(email: string): Promise<string> {
  const res = await post('/api/auth/register', { name: 'Ann', email, password: 'secret123' });
  expect(res.statusCode).toBe(201);
  return ticketOf(res);
}

/** The delay after failed attempt n (1-based), before the job queue's random spread. */
const backoff = (n: number) => retryBaseMs * 2 ** (n - 1);

describe('mail that fails', () => {
  it('retries a refused message with growing delays, then keeps it failed with the answer', async () => {
    // A policy refusal (5.7.x) at RCPT TO: an administrator can fix it, so it is retried.
    const answer = '5.7.1 <ann@example.com>: Relay access denied';
    ctx.smtp.refuseNext(1000, 'rcpt', 554, answer);
    await ctx.app.jobWorker.pause();
    const ticket = await register('ann@example.com');
    expect(await mailState(ticket)).toBe('pending');
    ctx.app.jobWorker.resume();
    await ctx.drainJobs();

    for (let attempt = 1; attempt < maxAttempts; attempt++) {
      const [job] = await mailJobs();
      expect(job).toMatchObject({ attempts: attempt, failed: false });
      expect(job?.last_error).toBe(`SMTP: 554 ${answer} (the mail server's answer to RCPT TO)`);
      // Due after the backoff of this attempt, plus at most 20 % spread (less the moment since).
      const seconds = backoff(attempt) / 1000;
      expect(job?.due_in).toBeGreaterThan(seconds - 5);
      expect(job?.due_in).toBeLessThanOrEqual(seconds * 1.2);
      expect(await mailState(ticket)).toBe('retrying');
      await retryNow();
    }
    const [job] = await mailJobs();
    expect(job).toMatchObject({ attempts: maxAttempts, failed: true });
    expect(job?.last_error).toContain(`554 ${answer}`);
    expect(ctx.smtp.rejected).toBe(maxAttempts);
    expect(ctx.smtp.mails).toEqual([]);
    expect(await mailState(ticket)).toBe('failed');
    // The admin area's "retry over about an hour": the delays add up to well over an hour.
    const total = Array.from({ length: maxAttempts - 1 }, (_, i) => backoff(i + 1));
    expect(total.reduce((a, b) => a + b, 0)).toBeGreaterThan(60 * 60_000);
  });

  it('gives a refused recipient up at once, keeping the answer verbatim', async () => {
    const answer = '5.1.1 <gone@example.com>: Recipient address rejected';
    ctx.smtp.refuseNext(1, 'rcpt', 550, answer);
    const ticket = await register('gone@example.com');
    await ctx.drainJobs();
    expect(await mailJobs()).toMatchObject([
      {
        kind: 'auth.verification-mail',
        attempts: 1,
        failed: true,
        last_error: `SMTP: 550 ${answer} (the mail server's answer to RCPT TO)`,
      },
    ]);
    expect(await mailState(ticket)).toBe('failed');
  });

  it('retries a message refused at DATA, and delivers it once when the server takes it', async () => {
    ctx.smtp.refuseNext(1, 'data', 421, '4.3.2 Service shutting down');
    const ticket = await register('ann@example.com');
    await ctx.drainJobs();
    const [job] = await mailJobs();
    expect(job).toMatchObject({ attempts: 1, failed: false });
    expect(job?.last_error).toContain('421 4.3.2 Service shutting down');
    expect(await mailState(ticket)).toBe('retrying');

    await retryNow();
    expect(await mailJobs()).toEqual([]);
    expect(ctx.smtp.mails.map((m) => m.to)).toEqual([['ann@example.com']]);
    expect(await mailState(ticket)).toBe('sent');
  });

  it('retries while the mail server is unreachable, then sends the mail once', async () => {
    await gate.set('refused');
    const ticket = await register('ann@example.com');
    await ctx.drainJobs();
    let [job] = await mailJobs();
    expect(job).toMatchObject({ attempts: 1, failed: false });
    expect(job?.last_error).toMatch(
      /^SMTP: Could not reach the mail server: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
    );
    expect(job?.due_in).toBeLessThanOrEqual((backoff(1) / 1000) * 1.2);
    expect(await mailState(ticket)).toBe('retrying');

    // A server that takes connections but never greets fails the attempt on its timeout.
    await gate.set('silent');
    await retryNow();
    [job] = await mailJobs();
    expect(job).toMatchObject({ attempts: 2, failed: false });
    expect(job?.last_error).toBe(
      'SMTP: The mail server did not answer in time: Greeting never received',
    );
    expect(job?.due_in).toBeGreaterThan(backoff(2) / 1000 - 5);

    await gate.set('open');
    await retryNow();
    expect(await mailJobs()).toEqual([]);
    expect(ctx.smtp.mails.map((m) => m.to)).toEqual([['ann@example.com']]);
    expect(await mailState(ticket)).toBe('sent');
  });

  it('gives an unreachable server up after the last attempt', async () => {
    await gate.set('refused');
    const res = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    const ticket = ticketOf(res);
    await ctx.drainJobs();
    for (let attempt = 1; attempt < maxAttempts; attempt++) await retryNow();
    const [job] = await mailJobs();
    expect(job).toMatchObject({ kind: 'auth.password-reset-mail', attempts: maxAttempts });
    expect(job?.failed).toBe(true);
    expect(job?.last_error).toContain('ECONNREFUSED');
    expect(await mailState(ticket)).toBe('failed');
  });
});

describe('mail tickets', () => {
  it('read the same for addresses with and without an account', async () => {
    await ctx.signUp('Ann', 'ann@example.com');
    await ctx.drainJobs();
    ctx.smtp.clear();
    const ask = async (url: string, email: string) => ticketOf(await post(url, { email }));

    // While the mail server is away, every request's mail is retried alike.
    await gate.set('refused');
    const tickets = [
      await ask('/api/auth/forgot-password', 'ann@example.com'),
      await ask('/api/auth/forgot-password', 'nobody@example.com'),
      // Ann is verified already: there is nothing to resend, as for an unknown address.
      await ask('/api/auth/resend-verification', 'ann@example.com'),
      await ask('/api/auth/resend-verification', 'no-one@example.com'),
    ];
    await ctx.drainJobs();
    for (const ticket of tickets) expect(await mailState(ticket)).toBe('retrying');
    const errors = (await mailJobs()).map((j) => j.last_error?.replace(/:\d+$/, ''));
    expect(new Set(errors).size).toBe(1);

    await gate.set('open');
    await retryNow();
    for (const ticket of tickets) expect(await mailState(ticket)).toBe('sent');
    expect(ctx.smtp.mails.map((m) => m.to)).toEqual([['ann@example.com']]);
  });

  it('are unguessable, and the status route refuses anything else', async () => {
    const a = ticketOf(await post('/api/auth/forgot-password', { email: 'x@example.com' }));
    const b = ticketOf(await post('/api/auth/forgot-password', { email: 'x@example.com' }));
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a).not.toBe(b);
    // The jobs keep only the tickets' hashes.
    const payloads = await queryRows<{ payload: string }>(
      db(),
      sql`select payload::text as payload from jobs`,
    );
    expect(payloads.some((p) => p.payload.includes(a))).toBe(false);

    // A ticket the server does not know (long finished) reads sent.
    expect(await mailState('A'.repeat(32))).toBe('sent');
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/auth/mail-status/short' });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).message).toContain('Invalid mail ticket.');
  });
});

describe('SMTP failures in last_error', () => {
  it('never carry the password of SMTP_URL', async () => {
    // The sink does not offer AUTH: the login is refused, naming the user but not the password.
    const sink = await startSmtpSink();
    const password = 'pa%24%24-w0rd-123';
    const url = sink.url.replace('smtp://', `smtp://evenly:${password}@`);
    const mailer = createMailer({
      smtpUrl: url,
      from: 'Evenly <evenly@example.com>',
      outboxDir: ctx.dataDir,
      logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    });
    try {
      const mail = verificationEmail(
        translatorFor('en'),
        'ann@example.com',
        'Ann',
        'http://evenly.test/x',
      );
      const error = await mailer.send(mail).then(
        () => null,
        (e: unknown) => e as Error & { permanent: boolean },
      );
      expect(error?.message).toMatch(/^535 /);
      expect(error?.permanent).toBe(false);
      expect(error?.message).not.toContain('w0rd');
    } finally {
      mailer.close();
      await sink.close();
    }
  });
});
