// One application's metrics: its own prom-client Registry (never the global one, so several apps
// in one process, as in the tests, keep separate figures) with the process defaults, HTTP
// requests, database pool, job queue, event streams and receipt scans.
import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ScannerLoad } from '@evenly/receipts';
import type { DatabaseHandle } from '../db/database.js';
import { registerJobQueueMetrics } from './job-queue-metrics.js';
import { registerPoolMetrics } from './pool-metrics.js';

/** Route label of requests no route matched (404s, the web app's SPA fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What the gauges read at scrape time that only exists once the services do. */
export interface LiveSources {
  /** Event streams open in this process. */
  streamClients(): number;
  /** Receipt files waiting for and being recognised by the OCR engines. */
  scanLoad(): ScannerLoad;
}

type RequestLabels = 'method' | 'route' | 'status_code';

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<RequestLabels>;
  private readonly durations: Histogram<RequestLabels>;
  private readonly scans: Histogram<'outcome'>;
  private readonly stopPoolTiming: () => void;

  constructor(database: DatabaseHandle, logger: FastifyBaseLogger) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'evenly_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.durations = new Histogram({
      name: 'evenly_http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by method, route and status.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.scans = new Histogram({
      name: 'evenly_receipt_scan_duration_seconds',
      help: 'Time to scan one receipt, waiting for an engine included, by outcome.',
      labelNames: ['outcome'],
      buckets: [0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60],
      registers,
    });
    this.stopPoolTiming =
      database.pool === null ? () => undefined : registerPoolMetrics(this.registry, database.pool);
    registerJobQueueMetrics(this.registry, database.db, logger);
  }

  /** Adds the gauges read from the services (made after the metrics, which they report to). */
  watch(sources: LiveSources): void {
    const registers = [this.registry];
    new Gauge({
      name: 'evenly_event_stream_clients',
      help: 'Event streams (GET /api/events) open in this process.',
      registers,
      collect() {
        this.set(sources.streamClients());
      },
    });
    new Gauge({
      name: 'evenly_receipt_scans_queued',
      help: 'Receipt files waiting for a free OCR engine.',
      registers,
      collect() {
        this.set(sources.scanLoad().queued);
      },
    });
    new Gauge({
      name: 'evenly_receipt_scans_in_flight',
      help: 'Receipt files an OCR engine is working on.',
      registers,
      collect() {
        this.set(sources.scanLoad().running);
      },
    });
  }

  /** One answered request: a counter increment and a histogram observation. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    const labels = {
      method: METHODS.has(method) ? method : 'OTHER',
      route: route ?? UNMATCHED_ROUTE,
      status_code: status,
    };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** One finished scan: `ok`, or the scanner's error code in lower case (`busy`, …). */
  observeScan(seconds: number, outcome: string): void {
    this.scans.observe({ outcome }, seconds);
  }

  /** Stops timing the pool's checkouts (the pool may outlive this app, as in tests). */
  close(): void {
    this.stopPoolTiming();
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
