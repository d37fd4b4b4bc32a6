// Debian's Chromium through playwright-core. A missing browser fails the suite loudly. In a
// vitest run every file connects to the run's one browser (global-setup.ts) instead of starting
// its own; closing a connected browser only disconnects this file.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The run's shared browser: a playwright browser server's WebSocket endpoint. */
export const SHARED_BROWSER_ENV = 'EVENLY_E2E_BROWSER_WS';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Every browser this file launched or connected to: their contexts close after each test. */
const browsers = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  const browser =
    shared === undefined || shared === ''
      ? await launchOwnBrowser()
      : await chromium.connect(shared);
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  return browser;
}

async function launchOwnBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it (apt-get install chromium) to run the e2e suite.`,
    );
  }
  return await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Closes every context of the browsers this file holds. A test that fails half-way leaves its
 * pages open: e2e/support/setup-file.ts calls this after each test, so nothing of it keeps
 * running (timers, live streams, requests) into the next one.
 */
export async function closeAllContexts(): Promise<void> {
  for (const browser of browsers) {
    await Promise.all(browser.contexts().map((context) => context.close().catch(() => {})));
  }
}

export const PHONE_VIEWPORT = { width: 390, height: 844 };
/** The desktop layout (side navigation, list and detail side by side) starts at 1024 px. */
export const DESKTOP_VIEWPORT = { width: 1440, height: 900 };
/**
 * Just below it: one column and the bottom bar, as on a tablet or a narrow window. The flows of
 * most e2e files run here; desktop.e2e.test.ts covers the desktop layout, mobile.e2e the phone.
 */
export const SINGLE_COLUMN_VIEWPORT = { width: 1000, height: 900 };
