// Rate limits are counted in the database, so two app instances (two processes in
// production) on one database share them (docs/api.md §1.11).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/database.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import { caller, makeUsers } from './support/social.js';
import { REPORTS_PER_MINUTE } from '../src/modules/trip-report/trip-report.routes.js';

let ctx: TestContext;
let second: FastifyInstance;
// Counters use fixed one-minute windows: both instances see the same instant, a second into a
// window, so every request of a test falls into one window however slow the machine is.
let now = new Date();
const clock = () => now;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: clock });
  second = await buildApp({
    config: ctx.config,
    database: ctx.database.handle,
    logger: false,
    now: clock,
  });
  await second.ready();
  // Jobs queued through either instance are run by the first one only, which ctx.reset() stops
  // while it empties the tables.
  await second.jobWorker.pause();
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
});

describe('rate limits', () => {
  it('allows 10 logins per minute per (IP, e-mail) across instances, then 429 with Retry-After', async () => {
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ann@example.com', password: 'wrong-pass' },
        remoteAddress: '10.0.0.1',
      });
    for (let i = 0; i < 10; i++) {
      const res = await attempt(i % 2 === 0 ? ctx.app : second);
      expect(res.statusCode).toBe(401);
    }
    const limited = await attempt(second);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(errorBody(limited)).toMatchObject({
      code: 'RATE_LIMITED',
      message: `Too many attempts. Please wait ${retryAfter} seconds and try again.`,
    });

    // Another address from the same IP still gets through; the same address from another IP too.
    const otherEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bea@example.com', password: 'wrong-pass' },
      remoteAddress: '10.0.0.1',
    });
    expect(otherEmail.statusCode).toBe(401);
    const otherIp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ann@example.com', password: 'wrong-pass' },
      remoteAddress: '10.0.0.2',
    });
    expect(otherIp.statusCode).toBe(401);
  });

  it('allows 30 per minute per IP whatever the e-mail', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `user${i}@example.com` },
        remoteAddress: '10.0.0.3',
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await second.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'last@example.com' },
      remoteAddress: '10.0.0.3',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limits forgot-password and resend-verification per (IP, e-mail); a refused request queues no mail', async () => {
    // The job worker stands by, so the jobs the requests queued can be counted.
    await ctx.app.jobWorker.pause();
    try {
      for (const url of ['/api/auth/forgot-password', '/api/auth/resend-verification']) {
        const attempt = (app: FastifyInstance) =>
          app.inject({
            method: 'POST',
            url,
            payload: { email: 'ann@example.com' },
            remoteAddress: '10.0.0.5',
          });
        for (let i = 0; i < 10; i++) {
          expect((await attempt(i % 2 === 0 ? ctx.app : second)).statusCode).toBe(200);
        }
        const limited = await attempt(ctx.app);
        expect(limited.statusCode).toBe(429);
        expect(limited.headers['retry-after']).toBeDefined();
      }
      const jobs = await queryRows<{ kind: string; n: number }>(
        ctx.database.handle.db,
        sql`select kind, count(*)::int as n from jobs group by kind order by kind`,
      );
      expect(jobs).toEqual([
        { kind: 'auth.password-reset-mail', n: 10 },
        { kind: 'auth.verification-mail', n: 10 },
      ]);
    } finally {
      ctx.app.jobWorker.resume();
    }
  });

  it('limits verification attempts per IP', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/verify?token=x',
        remoteAddress: '10.0.0.4',
      });
      expect(res.statusCode).toBe(400);
    }
    const limited = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verify?token=x',
      remoteAddress: '10.0.0.4',
    });
    expect(limited.statusCode).toBe(429);
  });

  it('allows a person 10 trip reports a minute, shared by every process, then 429', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const group = await caller(ctx, ann)('POST', '/api/groups', { name: 'Lisbon' });
    expect(group.statusCode, group.body).toBe(201);
    const url = `/api/groups/${group.json<{ id: number }>().id}/report.pdf`;
    for (let i = 0; i < REPORTS_PER_MINUTE; i++) {
      const app = i % 2 === 0 ? ctx.app : second;
      const res = await app.inject({ method: 'GET', url, headers: ann.auth });
      expect(res.statusCode).toBe(200);
    }
    const limited = await second.inject({ method: 'GET', url, headers: ann.auth });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(errorBody(limited)).toMatchObject({ code: 'RATE_LIMITED' });
    // Another person is not held back by Ann's reports.
    const [bea] = await makeUsers(ctx, 'Bea');
    expect((await caller(ctx, bea)('GET', url)).statusCode).toBe(403);
  });
});
