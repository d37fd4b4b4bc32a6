// The start-up summary names the URL, database, mail and receipt destinations, and no secret.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { formatBanner, startupSummary } from './startup-banner.js';

describe('start-up banner', () => {
  it('describes an embedded install by its folders', () => {
    const config = loadConfig({ PORT: '3000' }, '/srv/evenly');
    const summary = startupSummary(config, 'http://0.0.0.0:3000');
    expect(summary).toEqual({
      url: 'http://localhost:3000',
      listen: 'http://0.0.0.0:3000',
      database: 'embedded (PGlite) at /srv/evenly/data/db',
      mail: 'not sent: written to /srv/evenly/data/outbox (.eml, and .txt to read; set SMTP_URL to send)',
      receipts: 'files in /srv/evenly/data/receipts',
      metrics: null,
    });
    expect(formatBanner(summary).split('\n')).toEqual([
      '',
      '  Evenly is running',
      '',
      '  Open       http://localhost:3000',
      '  Listening  http://0.0.0.0:3000',
      '  Database   embedded (PGlite) at /srv/evenly/data/db',
      '  Mail       not sent: written to /srv/evenly/data/outbox (.eml, and .txt to read; set SMTP_URL to send)',
      '  Receipts   files in /srv/evenly/data/receipts',
      '',
      '',
    ]);
  });

  it('names PostgreSQL, SMTP and S3 without passwords or keys', () => {
    const config = loadConfig({
      APP_URL: 'https://evenly.example.com',
      DATABASE_URL: 'postgres://evenly:db-s3cret@db.internal:5432/evenly?password=db-s3cret',
      SMTP_URL: 'smtps://mailer:smtp-s3cret@mail.example.com:465',
      STORAGE: 's3',
      S3_BUCKET: 'receipts',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key-id-s3cret',
      S3_SECRET_ACCESS_KEY: 'key-s3cret',
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.0.5',
    });
    const summary = startupSummary(config, 'http://127.0.0.1:3000');
    expect(summary).toMatchObject({
      url: 'https://evenly.example.com',
      database: 'PostgreSQL evenly@db.internal:5432/evenly',
      mail: 'SMTP mail.example.com:465 (TLS)',
      receipts: 'S3 bucket receipts at http://minio:9000',
      metrics: 'http://10.0.0.5:9464/metrics',
    });
    expect(formatBanner(summary)).toContain('\n  Metrics    http://10.0.0.5:9464/metrics\n');
    const printed = formatBanner(summary) + JSON.stringify(summary);
    expect(printed).not.toMatch(/s3cret/);
    expect(
      startupSummary(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }), 'x')
        .receipts,
    ).toBe('S3 bucket b at AWS eu-west-1');
  });
});
