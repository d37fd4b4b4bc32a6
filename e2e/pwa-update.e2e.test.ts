// A new version of the app reaches an open tab: the server starts serving a changed service
// worker, the tab's next check finds it waiting, "A new version of Evenly is available" shows,
// and "Reload" activates it and reloads the page under it (hooks/useServiceWorker.ts).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from './support/browser';
import { type RunningServer, WEB_DIST, startServer } from './support/server';

let server: RunningServer;
let context: BrowserContext;
let page: Page;
let userDataDir: string;
// A copy of the build that the test changes, as a deployment of a new version would.
let distDir: string;

/** The active worker's state and whether a version waits, as the page sees them. */
function workerState(target: Page) {
  return target.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      active: registration?.active?.state ?? null,
      waiting: registration?.waiting !== null && registration?.waiting !== undefined,
      controlled: navigator.serviceWorker.controller !== null,
    };
  });
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'evenly-dist-'));
  cpSync(WEB_DIST, distDir, { recursive: true });
  server = await startServer({ env: { WEB_DIST_DIR: distDir } });
  userDataDir = mkdtempSync(join(tmpdir(), 'evenly-pwa-update-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  page = context.pages()[0] ?? (await context.newPage());
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
  for (const dir of [userDataDir, distDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a new version while the app is open', () => {
  it('offers nothing on the first install, then offers the new version and reloads into it', async () => {
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // The first install activates on its own: nothing older is on screen to replace. It precaches
    // the whole build first, which a machine running other tiers beside this one does slowly.
    await expect
      .poll(() => workerState(page), { timeout: 60_000 })
      .toMatchObject({ active: 'activated' });
    await page.reload();
    await expect
      .poll(() => workerState(page))
      .toEqual({
        active: 'activated',
        waiting: false,
        controlled: true,
      });
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of Evenly' });
    expect(await prompt.count()).toBe(0);

    // Deploy: a changed sw.js (its precompressed copies would still be the old one).
    const swPath = join(distDir, 'sw.js');
    writeFileSync(swPath, `${readFileSync(swPath, 'utf8')}\n// the next version\n`);
    for (const suffix of ['.br', '.gz']) rmSync(`${swPath}${suffix}`, { force: true });

    // The next visit checks for an update, installs it beside the running one and asks.
    await page.reload();
    await prompt.waitFor();
    await expect.poll(() => workerState(page)).toMatchObject({ waiting: true, controlled: true });

    // "Later" hides the notice and keeps the old version running.
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt.count()).resolves.toBe(0);
    await page.reload();
    await prompt.waitFor();

    // "Reload" activates the waiting version, and the page reloads under it.
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await expect
      .poll(() => workerState(page))
      .toEqual({
        active: 'activated',
        waiting: false,
        controlled: true,
      });
    const activeScript = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const response = await fetch(registration?.active?.scriptURL ?? '', { cache: 'no-store' });
      return response.text();
    });
    expect(activeScript).toContain('// the next version');
    expect(await prompt.count()).toBe(0);
  });
});
