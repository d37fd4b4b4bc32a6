// An open load: requests sent at evenly spaced instants, `rate` a second, whatever the answers
// do, over at most CONNECTIONS keep-alive connections (issue #36: "the mix offered at a steady 1%
// of hello-world's rate").
//
// Why not autocannon's `overallRate`: each of its connections sends its share of a second back to
// back and then waits for the next second, all in step, so the server met a closed-loop burst at
// 50 connections at the start of every second (measured 2026-12-01: p50 19 ms at 36% of the mix's
// throughput) and the row measured that burst rather than a steady load.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { CONNECTIONS, DURATION_SECONDS, WARMUP_SECONDS } from './config.js';
import { percentile } from './load.js';
import type { KindStats, LoadResult, Planned } from './load.js';

/** Longest an answer is awaited after the last request was due, ms. */
const DRAIN_MS = 30_000;

interface Answer {
  status: number;
  body: string;
}

function send(agent: Agent, base: URL, p: Planned): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: p.method,
        path: base.pathname.replace(/\/$/, '') + p.path,
        // The planned request carries its own content-type, as autocannon's rows send it.
        headers: p.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(p.body);
  });
}

/**
 * Sends `next()` every 1/`rate` s for WARMUP_SECONDS (not measured) and then DURATION_SECONDS.
 * A request's latency runs from the instant it was due, so one that waited for a free connection
 * (all CONNECTIONS busy) counts that wait: a slow answer cannot hide the requests behind it.
 */
export async function openLoad(
  base: string,
  kindCount: number,
  next: () => Planned,
  rate: number,
): Promise<LoadResult> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const kinds: KindStats[] = Array.from({ length: kindCount }, () => ({
    latencies: [],
    non2xx: 0,
  }));
  const all: number[] = [];
  const errorSamples: string[] = [];
  let failed = 0;
  const interval = 1000 / rate;
  const start = performance.now();
  const measureFrom = start + WARMUP_SECONDS * 1000;
  const end = measureFrom + DURATION_SECONDS * 1000;
  const pending = new Set<Promise<void>>();
  let due = start;
  while (due < end) {
    const now = performance.now();
    for (; due <= now && due < end; due += interval) {
      const dueAt = due;
      const p = next();
      const measured = dueAt >= measureFrom;
      const done = send(agent, url, p).then(
        ({ status, body }) => {
          if (!measured) return;
          const ms = performance.now() - dueAt;
          const stats = kinds[p.kind];
          stats?.latencies.push(ms);
          all.push(ms);
          if (status < 200 || status > 299) {
            if (stats) stats.non2xx++;
            failed++;
            if (errorSamples.length < 5) errorSamples.push(`${status} ${body.slice(0, 200)}`);
          }
        },
        (err: unknown) => {
          if (!measured) return;
          failed++;
          if (errorSamples.length < 5) errorSamples.push(String(err));
        },
      );
      pending.add(done);
      void done.finally(() => pending.delete(done));
    }
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, DRAIN_MS).unref())]);
  agent.destroy();
  const sorted = [...all].sort((a, b) => a - b);
  return {
    rps: all.length / DURATION_SECONDS,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    non2xx: failed + pending.size,
    kinds,
    errorSamples,
  };
}
