// Responses are compressed (issue #13 point 5): API JSON of 1 KB and more with brotli or gzip as
// the client accepts; the web app's precompressed build files sent as they are; small bodies,
// clients that accept nothing and the live-event stream left alone.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';
import { caller, makeUsers } from './support/social.js';

let ctx: TestContext;
let webDir: string;
const SCRIPT = `console.log(${JSON.stringify('evenly '.repeat(400))});\n`;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-web-'));
  await mkdir(path.join(webDir, 'assets'));
  const html = `<!doctype html><html><head><title>Evenly</title></head><body>${'<p>x</p>'.repeat(300)}</body></html>`;
  await writeFile(path.join(webDir, 'index.html'), html);
  await writeFile(path.join(webDir, 'index.html.br'), brotliCompressSync(html));
  await writeFile(path.join(webDir, 'index.html.gz'), gzipSync(html));
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js'), SCRIPT);
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  ctx = await createTestContext({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

describe('API responses', () => {
  it('compresses JSON of 1 KB and more with brotli, else gzip, as the client accepts', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const plain = brotliDecompressSync(br.rawPayload);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 4);
    expect(JSON.parse(plain.toString('utf8'))).toHaveProperty('openapi', '3.1.0');

    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain)).toBe(true);

    const none = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload.equals(plain)).toBe(true);
  });

  it('compresses a signed-in read above the threshold and leaves small bodies alone', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const as = caller(ctx, ann);
    for (let i = 0; i < 8; i += 1) {
      expect((await as('POST', '/api/groups', { name: `Trip number ${i}` })).statusCode).toBe(201);
    }
    const big = await ctx.app.inject({
      method: 'GET',
      url: '/api/groups/my',
      headers: { ...ann.auth, 'accept-encoding': 'br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const groups = JSON.parse(brotliDecompressSync(big.rawPayload).toString('utf8')) as unknown[];
    expect(groups).toHaveLength(8);

    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...ann.auth, 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keeps error bodies exact whatever the encoding', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/groups/my',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, code: expect.any(String) as string });
  });
});

describe('web app files', () => {
  it('sends the build-time brotli or gzip copy of a hashed asset, immutable', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(SCRIPT);

    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(SCRIPT);

    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the app page of a deep link compressed too', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/app/groups/7',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain(
      '<title>Evenly</title>',
    );
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
