// Installability of the built app served by the real server: web app manifest, icons, service
// worker, Chromium's own installability verdict (CDP Page.getInstallabilityErrors), and the
// app shell for navigations without a network.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from './support/browser';
import { type RunningServer, startServer } from './support/server';

let server: RunningServer;
let context: BrowserContext;
let page: Page;
let userDataDir: string;

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

beforeAll(async () => {
  server = await startServer();
  userDataDir = mkdtempSync(join(tmpdir(), 'evenly-pwa-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
    viewport: { width: 412, height: 915 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('link', { name: 'Get Started' }).waitFor();
  // The app registers the service worker at start; wait until it is active.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
        }),
      );
    }
  });
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('installable PWA', () => {
  it('has an active service worker controlling the whole origin', async () => {
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return {
        scope: registration.scope,
        state: registration.active?.state ?? null,
        script: registration.active?.scriptURL ?? null,
      };
    });
    expect(worker).toEqual({
      scope: `${server.baseUrl}/`,
      state: 'activated',
      script: `${server.baseUrl}/sw.js`,
    });
  });

  it('is installable according to Chromium (no installability errors)', async () => {
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
    };
    expect(manifest.url).toBe(`${server.baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const result = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string; errorArguments: unknown[] }[];
    };
    console.log(
      `[pwa] Page.getInstallabilityErrors → ${JSON.stringify(result.installabilityErrors)}`,
    );
    expect(result.installabilityErrors).toEqual([]);
    await cdp.detach();

    // Control: the same call does report problems, e.g. on a page without a manifest.
    const other = await context.newPage();
    await other.goto(`${server.baseUrl}/offline.html`);
    const otherCdp = await context.newCDPSession(other);
    const control = (await otherCdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(control.installabilityErrors.map((e) => e.errorId)).toContain('no-manifest');
    await other.close();
  });

  it('serves a complete web app manifest with the icons it names', async () => {
    const href = await page.evaluate(
      () => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? null,
    );
    expect(href).toBe(`${server.baseUrl}/manifest.webmanifest`);
    const response = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Evenly',
      short_name: 'Evenly',
      start_url: '/app',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f7b66',
      background_color: '#f4f6f5',
    });
    const themeMeta = await page.evaluate(
      () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null,
    );
    expect(themeMeta).toBe(manifest.theme_color);

    const find = (size: string, maskable: boolean) =>
      manifest.icons.find(
        (icon) =>
          icon.sizes === size &&
          icon.type === 'image/png' &&
          (icon.purpose ?? 'any').split(' ').includes(maskable ? 'maskable' : 'any'),
      );
    const wanted = [
      { icon: find('192x192', false), px: 192 },
      { icon: find('512x512', false), px: 512 },
      { icon: find('512x512', true), px: 512 },
    ];
    for (const { icon, px } of wanted) {
      expect(icon, `${px}px icon`).toBeDefined();
      const file = await fetch(new URL(icon?.src ?? '', server.baseUrl));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await file.arrayBuffer()))).toEqual({ width: px, height: px });
    }
  });

  it('opens the app shell for navigations without a network, and the offline page is kept', async () => {
    // Reload so the page is controlled, then visit the landing page once to cache it.
    await page.reload();
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    try {
      // A page never visited opens from the precached app shell (offline entry, issue #13):
      // signed out, the app shows its sign-in page.
      await page.goto(`${server.baseUrl}/app/never-visited-page`);
      await page.getByText('Welcome back').waitFor();
      expect(await page.title()).toContain('Evenly');

      await page.goto(`${server.baseUrl}/`);
      await page.getByRole('link', { name: 'Get Started' }).waitFor();

      // The plain offline page stays precached (the worker's last resort).
      await page.goto(`${server.baseUrl}/offline.html`);
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      // Written relative to the page's <base href> (the server sets it under BASE_PATH).
      const tryAgain = page.getByRole('link', { name: 'Try again' });
      expect(await tryAgain.evaluate((a) => (a as HTMLAnchorElement).href)).toBe(
        `${server.baseUrl}/app`,
      );
    } finally {
      await context.setOffline(false);
    }
  });
});
