// The load driver: autocannon at CONNECTIONS connections after a warm-up, every request built
// just before it is sent, with client-side latencies (ms) kept per kind of request; and the
// single probe that tells whether a route answers at all before a row is measured.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION_SECONDS, WARMUP_SECONDS } from './config.js';
import type { StatementProfile, StatementProfiler } from './statement-profile.js';

/** One request to send: which kind of request of its row it is, and the HTTP parts. */
export interface Planned {
  kind: number;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Per kind of request: client-side latencies (ms) of the measured part, non-2xx answers. */
export interface KindStats {
  latencies: number[];
  non2xx: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  kinds: KindStats[];
  /** First few non-2xx answers: status and the start of the body. */
  errorSamples: string[];
  /** PostgreSQL's statements per request over the measured part (BENCH_STATEMENTS=1). */
  statements?: StatementProfile;
}

/** Set by the run when BENCH_STATEMENTS=1 and pg_stat_statements is there (statement-profile.ts). */
let profiler: StatementProfiler | null = null;

export function profileStatementsWith(p: StatementProfiler | null): void {
  profiler = p;
}

/** What autocannon keeps per connection between building a request and its response. */
export interface InFlight {
  kind?: number;
  sentAt?: number;
}

/**
 * Runs `next` for WARMUP_SECONDS (not measured: JIT, lazily compiled schemas, connection pools,
 * prepared statements) and then DURATION_SECONDS at CONNECTIONS connections. Every request is
 * built by `next` just before it is sent (autocannon's setupRequest), one at a time per
 * connection, so the per-connection context tells which kind of request a response answers.
 */
export async function load(
  base: string,
  kindCount: number,
  next: () => Planned,
): Promise<LoadResult> {
  let recording = false;
  const kinds: KindStats[] = Array.from({ length: kindCount }, () => ({
    latencies: [],
    non2xx: 0,
  }));
  const errorSamples: string[] = [];
  const requests: autocannon.Request[] = [
    {
      setupRequest: (req, context) => {
        const p = next();
        const ctx = context as InFlight;
        ctx.kind = p.kind;
        ctx.sentAt = performance.now();
        return { ...req, method: p.method, path: p.path, headers: p.headers, body: p.body ?? '' };
      },
      onResponse: (status, body, context) => {
        if (!recording) return;
        const ctx = context as InFlight;
        const stats = kinds[ctx.kind ?? -1];
        if (stats === undefined) return;
        if (ctx.sentAt !== undefined) stats.latencies.push(performance.now() - ctx.sentAt);
        if (status < 200 || status > 299) {
          stats.non2xx++;
          if (errorSamples.length < 5) errorSamples.push(`${status} ${body.slice(0, 200)}`);
        }
      },
    },
  ];
  const opts = {
    url: base,
    connections: CONNECTIONS,
    requests,
  };
  await autocannon({ ...opts, duration: WARMUP_SECONDS });
  await profiler?.reset();
  recording = true;
  const result = await autocannon({ ...opts, duration: DURATION_SECONDS });
  recording = false;
  const statements = await profiler?.read(result.requests.total);
  return {
    ...(statements === undefined ? {} : { statements }),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    kinds,
    errorSamples,
  };
}

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? 0;
}

/** A route this build does not have answers 404 with the contract's generic "Not found.". */
export function unavailable(status: number, text: string): string {
  return status === 404 && text.includes('"Not found."')
    ? 'not available (404)'
    : `error ${status}: ${text.slice(0, 160)}`;
}

export async function probe(base: string, p: Planned): Promise<string | null> {
  const res = await fetch(base + p.path, { method: p.method, headers: p.headers, body: p.body });
  const text = await res.text();
  return res.ok ? null : unavailable(res.status, text);
}
