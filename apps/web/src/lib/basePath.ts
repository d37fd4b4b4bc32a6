// The path prefix the app is served under ('' at the root of the host, '/evenly' behind a proxy
// at /evenly/). The server writes it into index.html's <base href> (apps/api/src/plugins/
// web-app.ts), so one build runs under any BASE_PATH; the service worker lives at the prefix
// (sw.js next to index.html), so its own location tells it.

/** The prefix of a base URL: its path without the trailing slash ('/evenly/' → '/evenly'). */
export function basePathOf(baseUrl: string): string {
  return new URL(baseUrl).pathname.replace(/\/+$/, '');
}

function currentBasePath(): string {
  if (typeof document !== 'undefined') return basePathOf(document.baseURI);
  // A worker: sw.js is served from the prefix itself.
  if (typeof self !== 'undefined') return basePathOf(new URL('.', self.location.href).href);
  return '';
}

/** '' or '/evenly': put before the app's absolute paths (`${BASE_PATH}/api/...`). */
export const BASE_PATH = currentBasePath();
