// Prometheus metrics (METRICS_PORT): a separate listener serves /metrics with the requests per
// route and status, the database pool, the job queue, the event streams and the receipt scans;
// the public port never does, and without METRICS_PORT no listener is started at all.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../src/jobs/job-type.js';
import type { TestUser } from './support/fixtures.js';
import { createUsers } from './support/fixtures.js';
import { openReadySse } from './support/sse-client.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';
import { testDbKind } from './support/test-database.js';

const FIXTURES = fileURLToPath(new URL('../../../packages/receipts/fixtures/', import.meta.url));
/** A kind no worker handles: its jobs stay where the test puts them. */
const idle = defineJob('test.metrics-idle', z.object({ n: z.number() }));

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (labels without escaped quotes suffice here). */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (m === null) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g)) {
      labels[l[1] as string] = l[2] as string;
    }
    out.push({ name: m[1] as string, labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the one sample named `name` whose labels include `labels`; undefined if none. */
function value(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`);
  return found[0]?.value;
}

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----evenly-metrics-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('with METRICS_PORT', () => {
  let ctx: TestContext;
  let metricsUrl: string;
  let ann: TestUser;

  const scrape = async (): Promise<Sample[]> => {
    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parse(await res.text());
  };

  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_PORT: '0', HOST: '127.0.0.1' });
    const url = ctx.app.metricsServer?.url;
    if (url === null || url === undefined) throw new Error('no metrics server');
    metricsUrl = url;
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.reset();
    [ann] = (await createUsers(ctx, 'Ann')) as [TestUser];
  });

  it('listens on its own port; the public port has no /metrics', async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(metricsUrl).port).not.toBe('0');
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await ctx.app.inject({ method, url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('evenly_http_requests_total');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics?x=1' })).statusCode).toBe(404);
    // The metrics listener has nothing else.
    expect((await fetch(`${metricsUrl}/api/health`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(405);
    // Default process metrics, from this app's own registry.
    const samples = await scrape();
    expect(value(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(value(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts requests and their durations by route pattern, method and status', async () => {
    const before = await scrape();
    const group = await ctx.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: ann.auth,
      payload: { name: 'Trip', defaultCurrency: 'EUR' },
    });
    expect(group.statusCode).toBe(201);
    const id = group.json<{ id: number }>().id;
    for (let i = 0; i < 2; i++) {
      const ok = await ctx.app.inject({
        method: 'GET',
        url: `/api/groups/${id}`,
        headers: ann.auth,
      });
      expect(ok.statusCode).toBe(200);
    }
    const anon = await ctx.app.inject({ method: 'GET', url: `/api/groups/${id}` });
    expect(anon.statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });
    expect(missing.statusCode).toBe(404);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      (value(after, name, labels) ?? 0) - (value(before, name, labels) ?? 0);
    const route = '/api/groups/:id';
    const ok = { method: 'GET', route, status_code: '200' };
    expect(delta('evenly_http_requests_total', ok)).toBe(2);
    expect(delta('evenly_http_request_duration_seconds_count', ok)).toBe(2);
    expect(delta('evenly_http_request_duration_seconds_bucket', { ...ok, le: '+Inf' })).toBe(2);
    expect(value(after, 'evenly_http_request_duration_seconds_sum', ok)).toBeGreaterThan(0);
    const unauthorized = { method: 'GET', route, status_code: '401' };
    expect(delta('evenly_http_requests_total', unauthorized)).toBe(1);
    expect(delta('evenly_http_request_duration_seconds_count', unauthorized)).toBe(1);
    const created = { method: 'POST', route: '/api/groups', status_code: '201' };
    expect(delta('evenly_http_requests_total', created)).toBe(1);
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(delta('evenly_http_requests_total', unmatched)).toBe(1);
    expect(delta('evenly_http_request_duration_seconds_count', unmatched)).toBe(1);
    // Raw URLs never become labels.
    for (const s of after) {
      expect(s.labels['route'] ?? '').not.toMatch(/\/\d|no-such-thing/);
    }
  });

  it('reports the database pool (PostgreSQL) or none (embedded)', async () => {
    const createGroup = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: ann.auth,
        payload: { name: 'Flat', defaultCurrency: 'EUR' },
      });
    const pool = ctx.database.handle.pool;
    if (pool === null) {
      expect((await createGroup()).statusCode).toBe(201);
      expect((await scrape()).filter((s) => s.name.startsWith('evenly_db_pool_'))).toEqual([]);
      return;
    }
    const before = await scrape();
    expect(value(before, 'evenly_db_pool_max_connections')).toBe(5);
    expect(value(before, 'evenly_db_pool_waiting_clients')).toBe(0);
    // Every connection taken: the request's checkouts wait, and the gauges show it.
    const held = await Promise.all(Array.from({ length: 5 }, () => pool.connect()));
    let pending: ReturnType<typeof createGroup> | undefined;
    try {
      pending = createGroup();
      await vi.waitFor(() => expect(pool.waitingCount).toBeGreaterThanOrEqual(1), {
        timeout: 60_000,
      });
      const during = await scrape();
      expect(value(during, 'evenly_db_pool_waiting_clients')).toBeGreaterThanOrEqual(1);
      expect(value(during, 'evenly_db_pool_connections')).toBe(5);
      expect(value(during, 'evenly_db_pool_idle_connections')).toBe(0);
      // The job count could not get a connection either: left out, the rest still answered.
      expect(value(during, 'evenly_jobs', { state: 'due' })).toBeUndefined();
    } finally {
      for (const client of held) client.release();
    }
    expect((await pending).statusCode).toBe(201);

    const after = await scrape();
    expect(value(after, 'evenly_db_pool_waiting_clients')).toBe(0);
    const count = (samples: Sample[]) =>
      value(samples, 'evenly_db_pool_acquire_seconds_count') ?? 0;
    // The five held above and at least one for the request.
    expect(count(after) - count(before)).toBeGreaterThanOrEqual(6);
    expect(value(after, 'evenly_db_pool_acquire_seconds_bucket', { le: '+Inf' })).toBe(
      count(after),
    );
    expect(value(after, 'evenly_db_pool_acquire_seconds_sum')).toBeGreaterThan(
      value(before, 'evenly_db_pool_acquire_seconds_sum') ?? 0,
    );
  });

  it('counts the open event streams, up while one is open and down after it closes', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    expect(value(await scrape(), 'evenly_event_stream_clients')).toBe(0);
    const stream = await openReadySse(`${base}/api/events`, ann.auth);
    expect(stream.status).toBe(200);
    const second = await openReadySse(`${base}/api/events`, ann.auth);
    expect(value(await scrape(), 'evenly_event_stream_clients')).toBe(2);
    stream.close();
    second.close();
    // Polled (vi.waitFor gives up after 1 s unless told): the server notices on its own time.
    await vi.waitFor(
      async () => {
        expect(value(await scrape(), 'evenly_event_stream_clients')).toBe(0);
      },
      { timeout: 60_000 },
    );
  });

  it('reports the job queue by state', async () => {
    const db = ctx.database.handle.db;
    const { jobs } = ctx.app.infra;
    const depth = async () => {
      const samples = await scrape();
      return Object.fromEntries(
        ['due', 'scheduled', 'running', 'failed'].map((state) => [
          state,
          value(samples, 'evenly_jobs', { state }),
        ]),
      );
    };
    expect(await depth()).toEqual({ due: 0, scheduled: 0, running: 0, failed: 0 });
    await jobs.enqueue(db, idle, { n: 1 });
    await jobs.enqueue(db, idle, { n: 2 }, { runAfter: new Date(Date.now() + 3_600_000) });
    await jobs.enqueue(db, idle, { n: 3 });
    await jobs.enqueue(db, idle, { n: 4 });
    await db.execute(
      sql`update jobs set locked_by = 'elsewhere', locked_until = now() + interval '1 minute'
           where payload->>'n' = '3'`,
    );
    await db.execute(sql`update jobs set failed_at = now() where payload->>'n' = '4'`);
    expect(await depth()).toEqual({ due: 1, scheduled: 1, running: 1, failed: 1 });
  });

  // OCR is CPU-heavy: one database is enough (the scanner does not touch it).
  it.runIf(testDbKind() === 'pglite')(
    'times receipt scans by outcome and reports the scan queue',
    async () => {
      const image = await readFile(FIXTURES + 'corner-grocery.jpg');
      const scan = (body: { payload: Buffer; headers: Record<string, string> }) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/receipts/scan-and-parse',
          payload: body.payload,
          headers: { ...ann.auth, ...body.headers },
        });
      let samples = await scrape();
      expect(value(samples, 'evenly_receipt_scans_queued')).toBe(0);
      expect(value(samples, 'evenly_receipt_scans_in_flight')).toBe(0);

      // One engine: the second file waits while the first is read (the engine's start alone
      // takes a while, so both are seen in the pool).
      const first = scan(multipart('a.jpg', 'image/jpeg', image));
      const second = scan(multipart('b.jpg', 'image/jpeg', image));
      await vi.waitFor(
        async () => {
          const now = await scrape();
          expect(value(now, 'evenly_receipt_scans_in_flight')).toBe(1);
          expect(value(now, 'evenly_receipt_scans_queued')).toBe(1);
        },
        { timeout: 30_000, interval: 20 },
      );
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
      const refused = await scan(multipart('a.txt', 'text/plain', Buffer.from('hello world')));
      expect(refused.statusCode).toBe(415);

      samples = await scrape();
      expect(value(samples, 'evenly_receipt_scans_queued')).toBe(0);
      expect(value(samples, 'evenly_receipt_scans_in_flight')).toBe(0);
      const ok = { outcome: 'ok' };
      expect(value(samples, 'evenly_receipt_scan_duration_seconds_count', ok)).toBe(2);
      expect(value(samples, 'evenly_receipt_scan_duration_seconds_sum', ok)).toBeGreaterThan(0);
      expect(
        value(samples, 'evenly_receipt_scan_duration_seconds_bucket', { ...ok, le: '+Inf' }),
      ).toBe(2);
      expect(
        value(samples, 'evenly_receipt_scan_duration_seconds_count', {
          outcome: 'unsupported_media_type',
        }),
      ).toBe(1);
    },
    120_000,
  );
});

describe('the metrics listener address', () => {
  it('is loopback when METRICS_HOST is unset, whatever HOST is (#30)', async () => {
    const ctx = await createTestContext({ METRICS_PORT: '0', HOST: '0.0.0.0' });
    try {
      expect(ctx.app.metricsServer?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await ctx.close();
    }
  });
});

describe('without METRICS_PORT', () => {
  it('starts no metrics server and keeps no metrics', async () => {
    const ctx = await createTestContext();
    try {
      expect(ctx.config.metricsPort).toBeNull();
      expect(ctx.app.metricsServer).toBeNull();
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect(ctx.app.infra.observeScan).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });
});
