// Server configuration from environment variables (docs/api.md §2).
// Invalid values stop the server at start with a message naming the variable.
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import { bool, opt, url } from './config-values.js';
import type { Env } from './config-values.js';
import { loadReceiptConfig } from './receipt-config.js';
import type { ReceiptConfig } from './receipt-config.js';
import { loadRecurringConfig } from './recurring-config.js';
import type { RecurringConfig } from './recurring-config.js';
import { pushConfig } from './push-config.js';
import type { PushConfig } from './push-config.js';
import { oidcConfig } from './oidc-config.js';
import type { OidcConfig } from './oidc-config.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

export type LogFormat = 'pretty' | 'json';

export interface S3Config {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

export interface AppConfig extends ReceiptConfig {
  port: number;
  host: string;
  databaseUrl: string | null;
  /** `DATABASE_POOL_SIZE`: connections this process keeps to PostgreSQL (1–100). */
  databasePoolSize: number;
  dataDir: string;
  /**
   * `BASE_PATH`: the path prefix everything is served under ('/evenly'), with a leading slash and
   * no trailing one; '' = the root of the host.
   */
  basePath: string;
  /** The public address of the web app, the base path included (links in e-mails start with it). */
  appUrl: string;
  jwtSecret: string | null;
  /** Token lifetime in seconds. */
  jwtTtlSeconds: number;
  requireEmailVerification: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** null = same origin only; ['*'] = any. */
  corsOrigins: string[] | null;
  storage: 'local' | 's3';
  s3: S3Config | null;
  logLevel: LogLevel;
  /** `LOG_FORMAT`: null = pretty when stdout is a terminal, JSON otherwise. */
  logFormat: LogFormat | null;
  trustProxy: boolean | number | string[];
  migrate: boolean;
  /** Directory of the built web app; served with an SPA fallback when it exists. */
  webDistDir: string;
  /** Frankfurter-compatible exchange-rate API; null = none (every lookup unavailable). */
  fxRatesUrl: string | null;
  /** How long one rate lookup may take, in milliseconds. */
  fxTimeoutMs: number;
  /**
   * Embedded database only: after this many ms without a statement succeeding the server logs
   * what was running and exits with code 70 for its supervisor to restart it; 0 = no watchdog.
   */
  dbWatchdogMs: number;
  /** Port of the separate Prometheus `/metrics` server; null = no metrics server. */
  metricsPort: number | null;
  /** Listen address of the metrics server: loopback unless METRICS_HOST opens it (#30). */
  metricsHost: string;
  /** Recurring expenses: the materializer's tick, and the test-only fake clock. */
  recurring: RecurringConfig;
  /** Web Push (VAPID) settings: see push-config.ts. */
  push: PushConfig;
  /** `REGISTRATION`: who may create an account (open to all, with an invitation, nobody). */
  registration: RegistrationPolicy;
  /** `SUPPORT_URL`: where Feedback, Rate and Contact us point (http(s) or mailto:); null = hidden. */
  supportUrl: string | null;
  /** OpenID Connect sign-in (oidc-config.ts); null = password sign-in only. */
  oidc: OidcConfig | null;
  /** `ADMIN_EMAILS`: the accounts that are always administrators, lower-cased (modules/admin). */
  adminEmails: readonly string[];
}

export type RegistrationPolicy = 'open' | 'invite' | 'closed';
export const REGISTRATION_POLICIES: readonly RegistrationPolicy[] = ['open', 'invite', 'closed'];

/**
 * Connections per process when DATABASE_POOL_SIZE is unset: two per core and one more. A
 * connection is either running in PostgreSQL, travelling, or waiting for this process to read
 * its answer; a few per core keep the cores busy, while more only make PostgreSQL switch
 * between backends that compete for the same cores. On the 2-core test machine the realistic
 * mix of `npm run bench` served 14% more requests with 5 connections than with 10 (three runs
 * each, taking turns); 3, 4 and 6 measured within the noise of 5.
 */
export function defaultDatabasePoolSize(cores: number = os.availableParallelism()): number {
  return 2 * Math.max(1, cores) + 1;
}

/** The public Frankfurter API (ECB reference rates, no key). */
export const DEFAULT_FX_RATES_URL = 'https://api.frankfurter.app';

export type { PushConfig } from './push-config.js';
export type { OidcConfig } from './oidc-config.js';

export { ConfigError };

/** `ADMIN_EMAILS`: a comma-separated list of addresses, compared without regard to case. */
function adminEmails(value: string | null): string[] {
  if (value === null) return [];
  const list = value
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  for (const e of list) {
    if (!/^[^\s@]+@[^\s@]+$/.test(e)) {
      throw new ConfigError(
        'ADMIN_EMAILS',
        `must be e-mail addresses separated by commas (got "${e}")`,
      );
    }
  }
  return [...new Set(list)];
}

/** `JWT_TTL`: seconds, or a number followed by s, m, h or d. */
export function parseDuration(name: string, value: string): number {
  const m = /^(\d{1,9})([smhd]?)$/.exec(value);
  if (!m)
    throw new ConfigError(
      name,
      `must be seconds or a number followed by s, m, h or d (got "${value}")`,
    );
  const n = Number(m[1]);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  const seconds = n * unit;
  if (seconds <= 0) throw new ConfigError(name, 'must be positive');
  return seconds;
}

function trustProxy(value: string | null): boolean | number | string[] {
  if (value === null) return false;
  if (/^true$/i.test(value)) return true;
  if (/^false$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const p of parts) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p)) {
      throw new ConfigError(
        'TRUST_PROXY',
        `must be true, false, a hop count or addresses/CIDRs (got "${p}")`,
      );
    }
  }
  return parts;
}

function portNumber(name: string, value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new ConfigError(name, `must be a port number 0–65535 (got "${value}")`);
  }
  return Number(value);
}

/**
 * `BASE_PATH` normalised: a leading slash, no trailing one, '' for the root. Only plain path
 * segments: the prefix goes into HTML, links and a proxy's configuration as it is.
 */
export function basePath(value: string | null): string {
  if (value === null) return '';
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  for (const segment of trimmed.split('/')) {
    if (!/^[A-Za-z0-9._~-]+$/.test(segment) || segment === '.' || segment === '..') {
      throw new ConfigError(
        'BASE_PATH',
        `must be a path such as /evenly: letters, digits, . _ ~ - between slashes (got "${value}")`,
      );
    }
  }
  return `/${trimmed}`;
}

/**
 * `APP_URL` with the base path: an address without a path gets it appended; one with a path
 * must name the base path itself (the proxy passes the prefix through, it does not rewrite it).
 */
function appUrlWithBase(value: string, base: string): string {
  const parsed = new URL(value);
  const pathname = parsed.pathname.replace(/\/+$/, '');
  if (pathname === base) return value;
  if (pathname === '' && base !== '') return `${value}${base}`;
  if (base === '') return value;
  throw new ConfigError(
    'APP_URL',
    `must end with BASE_PATH (${base}) or have no path (got "${value}")`,
  );
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const port = portNumber('PORT', opt(env, 'PORT') ?? '3000');
  const metricsPortRaw = opt(env, 'METRICS_PORT');
  const metricsPort = metricsPortRaw === null ? null : portNumber('METRICS_PORT', metricsPortRaw);

  const databaseUrl = opt(env, 'DATABASE_URL');
  if (databaseUrl !== null) url('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']);
  const poolRaw = opt(env, 'DATABASE_POOL_SIZE');
  if (poolRaw !== null && (!/^[0-9]{1,3}$/.test(poolRaw) || +poolRaw < 1 || +poolRaw > 100)) {
    throw new ConfigError('DATABASE_POOL_SIZE', `must be a whole number 1–100 (got "${poolRaw}")`);
  }
  const databasePoolSize = poolRaw === null ? defaultDatabasePoolSize() : Number(poolRaw);

  const base = basePath(opt(env, 'BASE_PATH'));
  const appUrlRaw = (opt(env, 'APP_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  url('APP_URL', appUrlRaw, ['http:', 'https:']);
  const appUrl = appUrlWithBase(appUrlRaw, base);

  const jwtSecret = opt(env, 'JWT_SECRET');
  if (jwtSecret !== null && Buffer.byteLength(jwtSecret) < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 bytes long');
  }

  const smtpUrl = opt(env, 'SMTP_URL');
  if (smtpUrl !== null) url('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);

  const cors = opt(env, 'CORS_ORIGINS');
  const corsOrigins =
    cors === null
      ? null
      : cors
          .split(',')
          .map((o) => o.trim().replace(/\/+$/, ''))
          .filter(Boolean);
  for (const o of corsOrigins ?? []) {
    if (o !== '*') url('CORS_ORIGINS', o, ['http:', 'https:']);
  }

  const storage = opt(env, 'STORAGE') ?? 'local';
  if (storage !== 'local' && storage !== 's3') {
    throw new ConfigError('STORAGE', `must be local or s3 (got "${storage}")`);
  }
  let s3: S3Config | null = null;
  if (storage === 's3') {
    const bucket = opt(env, 'S3_BUCKET');
    if (bucket === null) throw new ConfigError('S3_BUCKET', 'is required when STORAGE=s3');
    const endpoint = opt(env, 'S3_ENDPOINT');
    if (endpoint !== null) url('S3_ENDPOINT', endpoint, ['http:', 'https:']);
    s3 = {
      endpoint,
      bucket,
      region: opt(env, 'S3_REGION') ?? 'us-east-1',
      accessKeyId: opt(env, 'S3_ACCESS_KEY_ID'),
      secretAccessKey: opt(env, 'S3_SECRET_ACCESS_KEY'),
      forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
    };
  }

  const logLevel = (opt(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new ConfigError(
      'LOG_LEVEL',
      `must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`,
    );
  }

  const logFormat = opt(env, 'LOG_FORMAT')?.toLowerCase() ?? null;
  if (logFormat !== null && logFormat !== 'pretty' && logFormat !== 'json') {
    throw new ConfigError('LOG_FORMAT', `must be pretty or json (got "${logFormat}")`);
  }

  // Unset: the public service; set but empty (or "off"): no rate service at all.
  const fxRaw = env['FX_RATES_URL'];
  const fxRatesUrl =
    fxRaw === undefined
      ? DEFAULT_FX_RATES_URL
      : fxRaw.trim() === '' || fxRaw.trim().toLowerCase() === 'off'
        ? null
        : url('FX_RATES_URL', fxRaw.trim(), ['http:', 'https:']).replace(/\/+$/, '');
  const fxTimeoutText = opt(env, 'FX_TIMEOUT_MS') ?? '3000';
  const fxTimeoutMs = Number(fxTimeoutText);
  if (!/^[0-9]{1,6}$/.test(fxTimeoutText) || fxTimeoutMs < 100) {
    throw new ConfigError(
      'FX_TIMEOUT_MS',
      `must be a whole number of milliseconds ≥ 100 (got "${fxTimeoutText}")`,
    );
  }

  const watchdogText = opt(env, 'DB_WATCHDOG_MS') ?? '30000';
  const dbWatchdogMs = Number(watchdogText);
  if (!/^[0-9]{1,7}$/.test(watchdogText) || (dbWatchdogMs !== 0 && dbWatchdogMs < 1000)) {
    throw new ConfigError(
      'DB_WATCHDOG_MS',
      `must be 0 (off) or a whole number of milliseconds ≥ 1000 (got "${watchdogText}")`,
    );
  }

  const dataDir = path.resolve(cwd, opt(env, 'DATA_DIR') ?? './data');
  const webDistDir = path.resolve(
    opt(env, 'WEB_DIST_DIR') ??
      path.join(path.dirname(new URL(import.meta.url).pathname), '../../../web/dist'),
  );

  const registration = (opt(env, 'REGISTRATION') ?? 'open').toLowerCase();
  if (!REGISTRATION_POLICIES.includes(registration as RegistrationPolicy)) {
    throw new ConfigError(
      'REGISTRATION',
      `must be one of ${REGISTRATION_POLICIES.join(', ')} (got "${registration}")`,
    );
  }
  const supportRaw = opt(env, 'SUPPORT_URL');
  const supportUrl =
    supportRaw === null ? null : url('SUPPORT_URL', supportRaw, ['http:', 'https:', 'mailto:']);

  const host = opt(env, 'HOST') ?? '0.0.0.0';
  return {
    adminEmails: adminEmails(opt(env, 'ADMIN_EMAILS')),
    port,
    host,
    databaseUrl,
    dataDir,
    basePath: base,
    appUrl,
    jwtSecret,
    jwtTtlSeconds: parseDuration('JWT_TTL', opt(env, 'JWT_TTL') ?? '7d'),
    requireEmailVerification: bool(env, 'REQUIRE_EMAIL_VERIFICATION', true),
    smtpUrl,
    mailFrom: opt(env, 'MAIL_FROM') ?? 'Evenly <no-reply@localhost>',
    corsOrigins,
    storage,
    s3,
    ...loadReceiptConfig(env),
    logLevel: logLevel as LogLevel,
    logFormat,
    trustProxy: trustProxy(opt(env, 'TRUST_PROXY')),
    migrate: bool(env, 'MIGRATE', true),
    recurring: loadRecurringConfig(env),
    webDistDir,
    fxRatesUrl,
    fxTimeoutMs,
    dbWatchdogMs,
    metricsPort,
    databasePoolSize,
    // The metrics need no password: they stay on loopback unless the operator says otherwise.
    metricsHost: opt(env, 'METRICS_HOST') ?? '127.0.0.1',
    push: pushConfig(env, { appUrl, mailFrom: opt(env, 'MAIL_FROM') }),
    registration: registration as RegistrationPolicy,
    supportUrl,
    oidc: oidcConfig(env),
  };
}
