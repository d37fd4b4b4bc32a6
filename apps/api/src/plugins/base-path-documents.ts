// The web app's files that name the app's own paths, rewritten for a path prefix (BASE_PATH).
// One build runs under any prefix: its HTML pages carry `<base href="/">`, which the server
// turns into `<base href="/evenly/">` (the app's relative asset links and the app's own idea of
// its prefix follow it, apps/web/src/lib/basePath.ts); the web app manifest names absolute paths
// (start_url, scope, icons), which get the prefix in front; so do its translations
// (manifest-de.webmanifest…, one per language, which the page links in its language).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface RewrittenDocument {
  contentType: string;
  body: string;
}

const BASE_TAG = /<base href="\/"\s*\/?>/;
const HTML_PAGES = ['index.html', 'offline.html'];
/** manifest.webmanifest and the other languages' manifest-de.webmanifest… */
const MANIFEST = /^manifest(-[A-Za-z-]+)?\.webmanifest$/;

/** `html` with its `<base href="/">` pointing at `basePath`; null when it has none. */
export function rebaseHtml(html: string, basePath: string): string | null {
  if (!BASE_TAG.test(html)) return null;
  return html.replace(BASE_TAG, `<base href="${basePath}/" />`);
}

function prefixed(value: unknown, basePath: string): unknown {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? `${basePath}${value}`
    : value;
}

/** The manifest with `basePath` before its absolute start_url, scope, id and icon paths. */
export function rebaseManifest(text: string, basePath: string): string {
  const manifest = JSON.parse(text) as Record<string, unknown>;
  for (const key of ['start_url', 'scope', 'id']) {
    if (key in manifest) manifest[key] = prefixed(manifest[key], basePath);
  }
  if (Array.isArray(manifest['icons'])) {
    manifest['icons'] = manifest['icons'].map((icon: unknown) =>
      typeof icon === 'object' && icon !== null
        ? { ...icon, src: prefixed((icon as { src?: unknown }).src, basePath) }
        : icon,
    );
  }
  return JSON.stringify(manifest);
}

/**
 * The rewritten files of the build in `distDir`, by their path ('/index.html'); empty at the root
 * (the files are served as built). Throws when a page lacks its `<base href="/">`: the build is
 * older than BASE_PATH support and would load its files from the wrong place.
 */
export function rebasedDocuments(
  distDir: string,
  basePath: string,
): Map<string, RewrittenDocument> {
  const documents = new Map<string, RewrittenDocument>();
  if (basePath === '') return documents;
  for (const name of HTML_PAGES) {
    const file = path.join(distDir, name);
    if (!existsSync(file)) continue;
    const body = rebaseHtml(readFileSync(file, 'utf8'), basePath);
    if (body === null) {
      throw new Error(
        `BASE_PATH is set but ${file} has no <base href="/">: rebuild the web app (npm run build)`,
      );
    }
    documents.set(`/${name}`, { contentType: 'text/html; charset=utf-8', body });
  }
  const manifests = existsSync(distDir) ? readdirSync(distDir).filter((f) => MANIFEST.test(f)) : [];
  for (const name of manifests) {
    documents.set(`/${name}`, {
      contentType: 'application/manifest+json',
      body: rebaseManifest(readFileSync(path.join(distDir, name), 'utf8'), basePath),
    });
  }
  return documents;
}
