// What a first visit to a page costs in JavaScript: every script the browser fetches from
// loading the page until the network is idle (entry, preloads, lazy route chunks), each counted
// at its gzip size (level 9), the figure the web app's first-load budget is stated in.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface ScriptWeight {
  url: string;
  /** Bytes as served, uncompressed. */
  bytes: number;
  /** Bytes after gzip -9. */
  gzipBytes: number;
  /** The Content-Encoding the server answered with (none: ''). */
  encoding: string;
}

export interface PageWeight {
  scripts: ScriptWeight[];
  gzipBytes: number;
}

/**
 * Loads `url` in a fresh context (no service worker, empty cache) and weighs its scripts.
 * `locale`: the browser's language, which picks the message catalog the page loads.
 */
export async function measurePageScripts(
  browser: Browser,
  url: string,
  options: { locale?: string } = {},
): Promise<PageWeight> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    ...(options.locale === undefined ? {} : { locale: options.locale }),
  });
  const page = await context.newPage();
  const pending: Promise<ScriptWeight | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (body === null) return null;
        const headers = await response.allHeaders();
        return {
          url: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          encoding: headers['content-encoding'] ?? '',
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const scripts = (await Promise.all(pending)).filter((s): s is ScriptWeight => s !== null);
  await context.close();
  return { scripts, gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0) };
}
