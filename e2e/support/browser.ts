// Launches Debian's Chromium through playwright-core. A missing browser fails the suite loudly.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it (apt-get install chromium) to run the e2e suite.`,
    );
  }
  return await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const PHONE_VIEWPORT = { width: 390, height: 844 };
/** The desktop layout (side navigation, list and detail side by side) starts at 1024 px. */
export const DESKTOP_VIEWPORT = { width: 1440, height: 900 };
/**
 * Just below it: one column and the bottom bar, as on a tablet or a narrow window. The flows of
 * most e2e files run here; desktop.e2e.test.ts covers the desktop layout, mobile.e2e the phone.
 */
export const SINGLE_COLUMN_VIEWPORT = { width: 1000, height: 900 };
