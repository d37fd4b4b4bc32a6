// What an operator needs once the server listens: the URL to open, the database, where mails
// and receipt files go. No secret is ever part of it (database and SMTP passwords, S3 keys).
import path from 'node:path';
import type { AppConfig } from '../config/config.js';

export interface StartupSummary {
  /** APP_URL: what users open, and what e-mail links point to. */
  url: string;
  /** The address the socket is bound to. */
  listen: string;
  database: string;
  mail: string;
  receipts: string;
  /** The Prometheus endpoint (METRICS_PORT), on its own listener; null when off. */
  metrics: string | null;
}

/** `postgres://user:secret@host:5432/db?password=…` → `PostgreSQL user@host:5432/db`. */
function describePostgres(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const user = url.username === '' ? '' : `${decodeURIComponent(url.username)}@`;
  return `PostgreSQL ${user}${url.host}${url.pathname}`;
}

/** `smtp://user:pass@mail.example.com:587` → `SMTP mail.example.com:587`. */
function describeSmtp(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const tls = url.protocol === 'smtps:' ? ' (TLS)' : '';
  return `SMTP ${url.host}${tls}`;
}

export function startupSummary(config: AppConfig, listenAddress: string): StartupSummary {
  const s3 = config.s3;
  return {
    url: config.appUrl,
    listen: listenAddress,
    database:
      config.databaseUrl === null
        ? `embedded (PGlite) at ${path.join(config.dataDir, 'db')}`
        : describePostgres(config.databaseUrl),
    mail:
      config.smtpUrl === null
        ? `not sent: written to ${path.join(config.dataDir, 'outbox')} (.eml, and .txt to read; set SMTP_URL to send)`
        : describeSmtp(config.smtpUrl),
    receipts:
      s3 === null
        ? `files in ${path.join(config.dataDir, 'receipts')}`
        : `S3 bucket ${s3.bucket} at ${s3.endpoint ?? `AWS ${s3.region}`}`,
    metrics:
      config.metricsPort === null
        ? null
        : `http://${config.metricsHost}:${config.metricsPort}/metrics`,
  };
}

/** The block printed on a terminal. */
export function formatBanner(summary: StartupSummary): string {
  const rows: [string, string][] = [
    ['Open', summary.url],
    ['Listening', summary.listen],
    ['Database', summary.database],
    ['Mail', summary.mail],
    ['Receipts', summary.receipts],
    ...(summary.metrics === null ? [] : [['Metrics', summary.metrics] as [string, string]]),
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`);
  return ['', '  Evenly is running', '', ...lines, ''].join('\n') + '\n';
}
