// Accessibility audit (axe-core) of every screen in the dark theme (the screens:
// e2e/support/a11y-audit.ts; the light theme and the control: a11y.e2e.test.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAllScreens } from './support/a11y-audit';
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
  it('has no violations on any page or dialog (dark)', async () => {
    expect(await auditAllScreens(browser, server, 'dark')).toEqual([]);
    // About 95 screens, each in a fresh context: more than the suite's default on a busy machine.
  }, 720_000);
});
