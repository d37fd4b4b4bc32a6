import { describe, expect, it } from 'vitest';
import { ConfigError, defaultDatabasePoolSize, loadConfig, parseDuration } from './config.js';

describe('loadConfig', () => {
  it('applies the contract defaults', () => {
    const c = loadConfig({}, '/srv/evenly');
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      dataDir: '/srv/evenly/data',
      basePath: '',
      appUrl: 'http://localhost:3000',
      jwtSecret: null,
      jwtTtlSeconds: 7 * 86400,
      requireEmailVerification: true,
      smtpUrl: null,
      mailFrom: 'Evenly <no-reply@localhost>',
      corsOrigins: null,
      storage: 'local',
      s3: null,
      receiptAi: null,
      receiptOcrThreads: 1,
      logLevel: 'info',
      trustProxy: false,
      migrate: true,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://u:p@db:5432/evenly',
      DATA_DIR: '/var/lib/evenly',
      APP_URL: 'https://evenly.example.com/',
      JWT_SECRET: 'x'.repeat(32),
      JWT_TTL: '12h',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Evenly <hi@example.com>',
      CORS_ORIGINS: 'https://a.example, https://b.example/',
      STORAGE: 's3',
      S3_BUCKET: 'receipts',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      RECEIPT_AI_URL: 'http://127.0.0.1:8000/v1/',
      RECEIPT_AI_KEY: 'k',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'JSON',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      MIGRATE: 'false',
    });
    expect(c.port).toBe(8080);
    expect(c.appUrl).toBe('https://evenly.example.com');
    expect(c.jwtTtlSeconds).toBe(43200);
    expect(c.requireEmailVerification).toBe(false);
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(c.s3).toMatchObject({ bucket: 'receipts', region: 'us-east-1', forcePathStyle: true });
    expect(c.receiptAi).toEqual({
      url: 'http://127.0.0.1:8000/v1',
      model: 'gpt-4o-mini',
      key: 'k',
    });
    expect(c.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(c.migrate).toBe(false);
    expect(c.logFormat).toBe('json');
    expect(loadConfig({}).logFormat).toBeNull();
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ PORT: '4000' }).appUrl).toBe('http://localhost:4000');
  });

  it('names the variable of an invalid value', () => {
    const bad: Record<string, string>[] = [
      { PORT: '70000' },
      { DATABASE_URL: 'mysql://x' },
      { APP_URL: 'not a url' },
      { JWT_SECRET: 'too-short' },
      { JWT_TTL: '1w' },
      { REQUIRE_EMAIL_VERIFICATION: 'maybe' },
      { SMTP_URL: 'http://mail' },
      { STORAGE: 's3' },
      { LOG_LEVEL: 'loud' },
      { LOG_FORMAT: 'colour' },
      { TRUST_PROXY: 'everyone' },
      { MIGRATE: 'sometimes' },
    ];
    for (const env of bad) {
      const name = Object.keys(env)[0] ?? '';
      let caught: unknown;
      try {
        loadConfig(env);
      } catch (error) {
        caught = error;
      }
      expect(caught, name).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).message).toContain(name === 'STORAGE' ? 'S3_BUCKET' : name);
    }
  });

  it('normalises BASE_PATH and puts it into APP_URL', () => {
    for (const [value, expected] of [
      ['', ''],
      ['/', ''],
      ['evenly', '/evenly'],
      ['/evenly/', '/evenly'],
      ['//tools/evenly-2.0//', '/tools/evenly-2.0'],
    ] as const) {
      expect(loadConfig({ BASE_PATH: value }).basePath, value).toBe(expected);
    }
    // The default address and an address without a path get the prefix; one with it keeps it.
    expect(loadConfig({ BASE_PATH: '/evenly/', PORT: '8080' }).appUrl).toBe(
      'http://localhost:8080/evenly',
    );
    expect(loadConfig({ BASE_PATH: '/evenly', APP_URL: 'https://x.example/' }).appUrl).toBe(
      'https://x.example/evenly',
    );
    expect(loadConfig({ BASE_PATH: 'evenly', APP_URL: 'https://x.example/evenly/' }).appUrl).toBe(
      'https://x.example/evenly',
    );
    // Without BASE_PATH, APP_URL stays as it is given (as before).
    expect(loadConfig({ APP_URL: 'https://x.example/sub/' }).appUrl).toBe('https://x.example/sub');
  });

  it('stops on a BASE_PATH that is not a plain path, or an APP_URL with another path', () => {
    for (const [env, name] of [
      [{ BASE_PATH: '/even ly' }, 'BASE_PATH'],
      [{ BASE_PATH: '/a/../b' }, 'BASE_PATH'],
      [{ BASE_PATH: '/evenly?x=1' }, 'BASE_PATH'],
      [{ BASE_PATH: '/evenly#top' }, 'BASE_PATH'],
      [{ BASE_PATH: 'https://x.example/evenly' }, 'BASE_PATH'],
      [{ BASE_PATH: '/evenly', APP_URL: 'https://x.example/other' }, 'APP_URL'],
    ] as const) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(name);
    }
  });

  it('parses durations', () => {
    expect(parseDuration('X', '90')).toBe(90);
    expect(parseDuration('X', '15m')).toBe(900);
    expect(parseDuration('X', '7d')).toBe(604800);
    expect(() => parseDuration('X', '0')).toThrow(ConfigError);
  });

  it('reads the exchange-rate service: public default, off when empty, validated', () => {
    expect(loadConfig({}).fxRatesUrl).toBe('https://api.frankfurter.app');
    expect(loadConfig({}).fxTimeoutMs).toBe(3000);
    expect(loadConfig({ FX_RATES_URL: '' }).fxRatesUrl).toBeNull();
    expect(loadConfig({ FX_RATES_URL: 'off' }).fxRatesUrl).toBeNull();
    expect(loadConfig({ FX_RATES_URL: 'http://rates.local:8080/' }).fxRatesUrl).toBe(
      'http://rates.local:8080',
    );
    expect(() => loadConfig({ FX_RATES_URL: 'ftp://x' })).toThrow(/FX_RATES_URL/);
    expect(() => loadConfig({ FX_TIMEOUT_MS: 'soon' })).toThrow(/FX_TIMEOUT_MS/);
  });

  it('reads the embedded database watchdog: 30 s by default, 0 for none, validated', () => {
    expect(loadConfig({}).dbWatchdogMs).toBe(30_000);
    expect(loadConfig({ DB_WATCHDOG_MS: '0' }).dbWatchdogMs).toBe(0);
    expect(loadConfig({ DB_WATCHDOG_MS: '5000' }).dbWatchdogMs).toBe(5000);
    expect(() => loadConfig({ DB_WATCHDOG_MS: '10' })).toThrow(/DB_WATCHDOG_MS/);
    expect(() => loadConfig({ DB_WATCHDOG_MS: 'soon' })).toThrow(/DB_WATCHDOG_MS/);
  });

  it('sizes the PostgreSQL pool: two connections per core and one, or DATABASE_POOL_SIZE', () => {
    expect(defaultDatabasePoolSize(2)).toBe(5);
    expect(defaultDatabasePoolSize(8)).toBe(17);
    expect(defaultDatabasePoolSize(0)).toBe(3);
    expect(loadConfig({}).databasePoolSize).toBe(defaultDatabasePoolSize());
    expect(loadConfig({ DATABASE_POOL_SIZE: ' ' }).databasePoolSize).toBe(
      defaultDatabasePoolSize(),
    );
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    for (const bad of ['0', '101', '-3', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(
        `Invalid configuration: DATABASE_POOL_SIZE must be a whole number 1–100 (got "${bad}")`,
      );
    }
  });

  it('reads the OCR engine threads: 1 by default, 1–8, named when bad', () => {
    expect(loadConfig({ RECEIPT_OCR_THREADS: '2' }).receiptOcrThreads).toBe(2);
    expect(loadConfig({ RECEIPT_OCR_THREADS: '3' }).receiptOcrThreads).toBe(3);
    expect(loadConfig({ RECEIPT_OCR_THREADS: ' ' }).receiptOcrThreads).toBe(1);
    for (const bad of ['0', '9', '1.5', 'two']) {
      expect(() => loadConfig({ RECEIPT_OCR_THREADS: bad })).toThrow(
        `Invalid configuration: RECEIPT_OCR_THREADS must be a whole number from 1 to 8 (got "${bad}")`,
      );
    }
  });

  it('reads the metrics port: off when unset or empty, validated, host on loopback unless METRICS_HOST', () => {
    expect(loadConfig({}).metricsPort).toBeNull();
    expect(loadConfig({ METRICS_PORT: ' ' }).metricsPort).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
    });
    // Not the public listener's address: unauthenticated metrics stay on loopback (#30).
    expect(loadConfig({ METRICS_PORT: '0', HOST: '0.0.0.0' }).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '0', HOST: '::' }).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metricsHost).toBe(
      '0.0.0.0',
    );
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metricsHost).toBe(
      '10.0.0.5',
    );
    for (const bad of ['70000', 'abc', '-1', '94 64']) {
      expect(() => loadConfig({ METRICS_PORT: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_PORT: bad })).toThrow(/METRICS_PORT must be a port/);
    }
  });

  it('reads the administrators named by ADMIN_EMAILS, lower-cased and without repeats', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: ' ' }).adminEmails).toEqual([]);
    expect(
      loadConfig({ ADMIN_EMAILS: 'Ann@Example.com, bob@example.org,,ann@example.com' }).adminEmails,
    ).toEqual(['ann@example.com', 'bob@example.org']);
    expect(() => loadConfig({ ADMIN_EMAILS: 'ann@example.com, bob' })).toThrow(
      /ADMIN_EMAILS must be e-mail addresses separated by commas \(got "bob"\)/,
    );
  });

  it('reads the sign-up policy and the support address', () => {
    expect(loadConfig({})).toMatchObject({ registration: 'open', supportUrl: null });
    expect(loadConfig({ REGISTRATION: 'invite' }).registration).toBe('invite');
    expect(loadConfig({ REGISTRATION: ' Closed ' }).registration).toBe('closed');
    expect(() => loadConfig({ REGISTRATION: 'friends' })).toThrow(ConfigError);
    expect(() => loadConfig({ REGISTRATION: 'friends' })).toThrow(/REGISTRATION must be one of/);
    expect(loadConfig({ SUPPORT_URL: 'https://help.example.com/evenly' }).supportUrl).toBe(
      'https://help.example.com/evenly',
    );
    expect(loadConfig({ SUPPORT_URL: 'mailto:help@example.com' }).supportUrl).toBe(
      'mailto:help@example.com',
    );
    expect(loadConfig({ SUPPORT_URL: '  ' }).supportUrl).toBeNull();
    for (const bad of ['ftp://x.example', 'help@example.com', 'javascript:alert(1)']) {
      expect(() => loadConfig({ SUPPORT_URL: bad })).toThrow(/SUPPORT_URL/);
    }
  });
  it('reads the OpenID Connect settings: off when unset, all three or none, https issuers', () => {
    expect(loadConfig({}).oidc).toBeNull();
    const full = {
      OIDC_ISSUER: 'https://id.example.com/realms/home/',
      OIDC_CLIENT_ID: 'evenly',
      OIDC_CLIENT_SECRET: 's3cret',
    };
    expect(loadConfig(full).oidc).toEqual({
      issuer: 'https://id.example.com/realms/home',
      clientId: 'evenly',
      clientSecret: 's3cret',
      name: 'single sign-on',
      only: false,
    });
    expect(loadConfig({ ...full, OIDC_NAME: 'Keycloak', OIDC_ONLY: 'true' }).oidc).toMatchObject({
      name: 'Keycloak',
      only: true,
    });
    // Plain http on loopback only: a provider on the same machine, or the tests'.
    expect(loadConfig({ ...full, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => loadConfig({ ...full, OIDC_ISSUER: 'http://id.example.com' })).toThrow(
      /OIDC_ISSUER must use https:/,
    );
    expect(() => loadConfig({ ...full, OIDC_ISSUER: 'not a url' })).toThrow(
      /OIDC_ISSUER must be a URL/,
    );
    expect(() => loadConfig({ ...full, OIDC_CLIENT_ID: '' })).toThrow(
      /OIDC_CLIENT_ID is required when OIDC_ISSUER is set/,
    );
    expect(() => loadConfig({ ...full, OIDC_CLIENT_SECRET: ' ' })).toThrow(
      /OIDC_CLIENT_SECRET is required/,
    );
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'evenly' })).toThrow(
      /OIDC_ISSUER is required when OIDC_CLIENT_ID is set/,
    );
    expect(() => loadConfig({ OIDC_ONLY: 'true' })).toThrow(/OIDC_ONLY needs OIDC_ISSUER/);
    expect(() => loadConfig({ ...full, OIDC_ONLY: 'sometimes' })).toThrow(
      /OIDC_ONLY must be true or false/,
    );
    expect(() => loadConfig({ ...full, OIDC_NAME: 'x'.repeat(41) })).toThrow(/OIDC_NAME/);
  });
});
