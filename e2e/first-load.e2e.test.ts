// The first load of the sign-in page (issue #13 point 5): at most 100 KB of JavaScript at gzip
// size, fetched compressed from the real server (brotli from the build's precompressed files).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from './support/app';
import { launchBrowser } from './support/browser';
import { measurePageScripts } from './support/pageWeight';
import type { RunningServer } from './support/server';

const LOGIN_SCRIPT_BUDGET_BYTES = 100 * 1024;

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startAppServer();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('first load of /login', () => {
  it('fetches at most 100 KB of JavaScript (gzip size), every script of it compressed', async () => {
    const weight = await measurePageScripts(browser, `${server.baseUrl}/login`);
    const summary = weight.scripts.map((s) => `${s.url} ${s.gzipBytes} B ${s.encoding}`).join('\n');
    expect(weight.scripts.length, summary).toBeGreaterThan(1);
    expect(weight.gzipBytes, summary).toBeLessThanOrEqual(LOGIN_SCRIPT_BUDGET_BYTES);
    for (const script of weight.scripts) {
      // theme-init.js is smaller than the 1 KB below which nothing is compressed.
      if (script.bytes >= 1024) expect(script.encoding, script.url).toBe('br');
    }
  });

  // English is the source; each other language adds its own catalog instead (issue #32). Arabic
  // and the pseudo-locale have the largest sign-in catalogs.
  for (const locale of ['de-DE', 'ar', 'ja-JP']) {
    it(`stays within 100 KB with the ${locale} catalog`, async () => {
      const weight = await measurePageScripts(browser, `${server.baseUrl}/login`, { locale });
      const summary = weight.scripts.map((s) => `${s.url} ${s.gzipBytes} B`).join('\n');
      expect(weight.gzipBytes, summary).toBeLessThanOrEqual(LOGIN_SCRIPT_BUDGET_BYTES);
    });
  }

  it('loads no query library, form library or schema library on the sign-in page', async () => {
    const weight = await measurePageScripts(browser, `${server.baseUrl}/login`);
    const names = weight.scripts.map((s) => s.url).join(' ');
    expect(names).not.toMatch(/zod|schemas|formResolver|QueryLayout|AppLayout/);
  });
});
