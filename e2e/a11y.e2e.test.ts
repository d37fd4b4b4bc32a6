// Accessibility audit (axe-core) of every screen in the light theme, and a control that the
// audit finds violations where there are some. The screens: e2e/support/a11y-audit.ts; the dark
// theme: a11y-dark.e2e.test.ts. Any violation, whatever its impact, fails; the list is printed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, auditAllScreens } from './support/a11y-audit';
import { launchBrowser } from './support/browser';
import { startStaticServer, type StaticServer } from './support/staticServer';

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startStaticServer();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('accessibility (axe-core)', () => {
  it('has no violations on any page or dialog (light)', async () => {
    expect(await auditAllScreens(browser, server, 'light')).toEqual([]);
    // About 95 screens, each in a fresh context: more than the suite's default on a busy machine.
  }, 720_000);

  it('reports violations when there are some (control)', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/offline.html`);
    await page.evaluate(() => {
      const input = document.createElement('input');
      const low = document.createElement('p');
      low.textContent = 'Faint text';
      low.style.color = '#eeeeee';
      low.style.background = '#ffffff';
      document.body.append(input, low);
    });
    const found = await audit(page);
    expect(found.some((p) => p.startsWith('label '))).toBe(true);
    expect(found.some((p) => p.startsWith('color-contrast '))).toBe(true);
    await context.close();
  });
});
