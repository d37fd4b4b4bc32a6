// Health, readiness, security headers, CORS, OpenAPI and the web app served on the same port.
import { mkdir, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import { buildApp } from '../src/app.js';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './support/tls-fixture.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ CORS_ORIGINS: 'https://app.example.com' });
});
afterAll(async () => {
  await ctx.close();
});

describe('operations', () => {
  it('reports health and readiness', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves an OpenAPI 3.1 document listing the routes, and a docs page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/verify',
      '/api/auth/resend-verification',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/auth/me',
      '/api/auth/change-password',
      '/api/health',
      '/api/ready',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    const login = doc.paths['/api/auth/login']?.['post'] as { responses: Record<string, unknown> };
    expect(Object.keys(login.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '429']),
    );
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  const HSTS = 'max-age=31536000; includeSubDomains';

  it('sends HSTS on a direct TLS connection', async () => {
    const server = https.createServer({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT }, (req, res) =>
      ctx.app.routing(req, res),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
        https
          .get(
            {
              host: '127.0.0.1',
              port,
              path: '/api/health',
              rejectUnauthorized: false,
              agent: false,
            },
            (res) => {
              res.resume();
              resolve(res.headers);
            },
          )
          .on('error', reject);
      });
      expect(headers['strict-transport-security']).toBe(HSTS);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sends HSTS over https only, as told by a trusted proxy', async () => {
    const hstsOf = async (app: typeof ctx.app, headers: Record<string, string>, url: string) =>
      (await app.inject({ method: 'GET', url, headers })).headers['strict-transport-security'];
    // Not trusting any proxy (the default), X-Forwarded-Proto is anyone's word: plain http.
    expect(await hstsOf(ctx.app, {}, '/api/health')).toBeUndefined();
    expect(await hstsOf(ctx.app, { 'x-forwarded-proto': 'https' }, '/api/health')).toBeUndefined();

    const proxied = await buildApp({
      config: { ...ctx.config, trustProxy: true },
      database: ctx.database.handle,
      logger: false,
    });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      // Every response over https, errors and unknown routes included.
      for (const url of ['/api/health', '/api/auth/me', '/api/nope', '/api/groups/x']) {
        expect(await hstsOf(proxied, https, url), url).toBe(HSTS);
      }
      expect(await hstsOf(proxied, { 'x-forwarded-proto': 'http' }, '/api/health')).toBeUndefined();
      expect(await hstsOf(proxied, {}, '/api/health')).toBeUndefined();
      // The last hop (the trusted proxy) decides.
      expect(await hstsOf(proxied, { 'x-forwarded-proto': 'https, http' }, '/api/health')).toBe(
        undefined,
      );
      expect(await hstsOf(proxied, { 'x-forwarded-proto': 'http, https' }, '/api/health')).toBe(
        HSTS,
      );
    } finally {
      await proxied.close();
    }
  });

  it('allows CORS only from CORS_ORIGINS, with the contract headers', async () => {
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('Idempotency-Key');
    const simple = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://app.example.com' },
    });
    expect(String(simple.headers['access-control-expose-headers'])).toContain('X-Next-Cursor');
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the built web app with an SPA fallback, and 404 bodies under /api', async () => {
    const dist = path.join(ctx.dataDir, 'web-dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Evenly</title><div id="root"></div>',
    );
    await writeFile(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    const app = await buildApp({
      config: { ...ctx.config, webDistDir: dist },
      database: ctx.database.handle,
      logger: false,
    });
    try {
      for (const url of ['/', '/app', '/app/groups', '/verify-email?token=abc', '/no/such/page']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root">');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(errorBody(api).code).toBe('NOT_FOUND');
    } finally {
      await app.close();
    }
  });
});
