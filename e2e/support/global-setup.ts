// Vitest global setup of the e2e tier: one Chromium and one app server with the default
// settings for the whole run, shared by every test file that needs nothing special (each test
// makes its own users, so files do not see each other's data). Test files reach them through
// launchBrowser() and startAppServer(), which connect instead of starting their own; a file that
// needs other server settings still starts its own server.
import { chromium } from 'playwright-core';
import apiGlobalSetup from '../../apps/api/test/support/global-setup';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SHARED_BROWSER_ENV } from './browser';
import { SHARED_SERVER_ENV, startAppServer } from './app';

export default async function setup(): Promise<() => Promise<void>> {
  // The migrated template the server starts from (a no-op when the API tiers built it already).
  const templates = await apiGlobalSetup();
  const [browser, server] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    startAppServer({}, { timeoutMs: 180_000 }),
  ]);
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint();
  process.env[SHARED_SERVER_ENV] = JSON.stringify({
    baseUrl: server.baseUrl,
    port: server.port,
    dataDir: server.dataDir,
    outboxDir: server.outboxDir,
  });
  return async () => {
    Reflect.deleteProperty(process.env, SHARED_BROWSER_ENV);
    Reflect.deleteProperty(process.env, SHARED_SERVER_ENV);
    await Promise.all([browser.close(), server.stop()]);
    await templates?.();
  };
}
