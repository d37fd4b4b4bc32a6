// BASE_PATH (docs/operations.md): the API, the web app and every link in e-mails under the
// prefix, as a reverse proxy that passes the prefix through sends the requests.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkFromMail, tokenFromLink } from './support/smtp-sink.js';
import type { TestContext } from './support/test-app.js';
import { bearer, createTestContext } from './support/test-app.js';

let ctx: TestContext;
let distDir: string;

/** A stand-in for the built web app: its pages carry `<base href="/">`, as the build's do. */
async function writeWebApp(dir: string): Promise<void> {
  const page = (title: string) =>
    `<!doctype html><html><head><base href="/" /><title>${title}</title>` +
    `<link rel="manifest" href="./manifest.webmanifest"></head><body></body></html>`;
  await writeFile(path.join(dir, 'index.html'), page('Evenly'));
  await writeFile(path.join(dir, 'offline.html'), page('Offline'));
  const manifest = (lang: string) =>
    JSON.stringify({
      name: 'Evenly',
      lang,
      start_url: '/app',
      scope: '/',
      icons: [{ src: '/pwa-192.png', sizes: '192x192', type: 'image/png' }],
    });
  await writeFile(path.join(dir, 'manifest.webmanifest'), manifest('en'));
  // The build writes one manifest per language beside the English one.
  await writeFile(path.join(dir, 'manifest-de.webmanifest'), manifest('de'));
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-web-'));
  await writeWebApp(distDir);
  ctx = await createTestContext({
    BASE_PATH: '/evenly/',
    APP_URL: 'https://evenly.test',
    WEB_DIST_DIR: distDir,
  });
});
afterAll(async () => {
  await ctx.close();
  await rm(distDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await ctx.reset();
});

describe('BASE_PATH=/evenly', () => {
  it('answers the API under the prefix only, and mails links that carry it', async () => {
    expect(ctx.config.appUrl).toBe('https://evenly.test/evenly');
    const outside = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ann', email: 'ann@example.com', password: 'secret123' },
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: 'NOT_FOUND' });

    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/evenly/api/auth/register',
      payload: { name: 'Ann', email: 'ann@example.com', password: 'secret123' },
    });
    expect(reg.statusCode).toBe(201);
    const mail = await ctx.smtp.waitFor('ann@example.com', (m) => m.raw.includes('verify-email'));
    const link = linkFromMail(mail.raw, '/verify-email');
    expect(link.startsWith('https://evenly.test/evenly/verify-email?token=')).toBe(true);

    const verify = await ctx.app.inject({
      method: 'GET',
      url: `/evenly/api/auth/verify?token=${encodeURIComponent(tokenFromLink(link))}`,
    });
    expect(verify.statusCode).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/evenly/api/auth/login',
      payload: { email: 'ann@example.com', password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
    const { token } = login.json<{ token: string }>();
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/evenly/api/auth/me',
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ann@example.com' });
    // An unknown API route under the prefix is the API's 404, not the web app's page.
    const unknown = await ctx.app.inject({ method: 'GET', url: '/evenly/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the web app under the prefix with its base, and redirects / there', async () => {
    const root = await ctx.app.inject({ method: 'GET', url: '/?from=bookmark' });
    expect(root.statusCode).toBe(302);
    expect(root.headers['location']).toBe('/evenly/?from=bookmark');
    const bare = await ctx.app.inject({ method: 'GET', url: '/evenly' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers['location']).toBe('/evenly/');
    for (const url of ['/app/groups', '/index.html', '/evenlyx/app', '/other/evenly/app']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }

    for (const url of ['/evenly/', '/evenly/app/groups', '/evenly/index.html']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain('<base href="/evenly/" />');
      expect(page.body, url).toContain('<title>Evenly</title>');
    }
    const offline = await ctx.app.inject({ method: 'GET', url: '/evenly/offline.html' });
    expect(offline.body).toContain('<base href="/evenly/" />');
    expect(offline.body).toContain('<title>Offline</title>');

    const manifest = await ctx.app.inject({ method: 'GET', url: '/evenly/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({
      start_url: '/evenly/app',
      scope: '/evenly/',
      icons: [{ src: '/evenly/pwa-192.png' }],
    });
    const german = await ctx.app.inject({ method: 'GET', url: '/evenly/manifest-de.webmanifest' });
    expect(german.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(german.json()).toMatchObject({
      lang: 'de',
      start_url: '/evenly/app',
      scope: '/evenly/',
      icons: [{ src: '/evenly/pwa-192.png' }],
    });
  });

  it('links the API documentation page and document to the prefix', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/evenly/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('/evenly/api/docs/static/');
    const document = await ctx.app.inject({ method: 'GET', url: '/evenly/api/openapi.json' });
    expect(document.json()).toMatchObject({ servers: [{ url: '/evenly' }] });
  });

  it('sends the one-click unsubscribe GET to the web page under the prefix', async () => {
    const get = await ctx.app.inject({
      method: 'GET',
      url: '/evenly/api/notifications/unsubscribe?token=abc',
    });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe('/evenly/unsubscribe?token=abc');
  });

  it('gives profile picture and receipt links under the prefix', async () => {
    const avatar = ctx.app.services.avatarLinks.url({ id: 5, avatarVersion: 1, hasAvatar: true });
    expect(avatar).toMatch(/^\/evenly\/api\/users\/5\/avatar\?v=1&sig=/);
    // The link's route answers under the prefix (no picture here: the API's 404, not the page).
    const picture = await ctx.app.inject({ method: 'GET', url: avatar ?? '' });
    expect(picture.headers['content-type']).toMatch(/^application\/json/);
    const receipt = ctx.app.services.receipts.signedUrl('https://evenly.test', 'a.jpg', 5);
    expect(receipt).toMatch(
      /^https:\/\/evenly\.test\/evenly\/api\/receipts\/files\/a\.jpg\?uid=5&/,
    );
    const file = await ctx.app.inject({
      method: 'GET',
      url: receipt.slice('https://evenly.test'.length),
    });
    expect(file.headers['content-type']).toMatch(/^application\/json/);
  });
});
