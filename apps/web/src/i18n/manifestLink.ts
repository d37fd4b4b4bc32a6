// Which web app manifest the page names (issue #32): one per language, written by the build
// (vite.config.ts, from manifestTexts.ts), so "Install app" shows the page's language.
import type { WebLocale } from './locale';

/** English (and the pseudo-locale) keep the manifest's usual name; the others get their own. */
export function manifestFileName(locale: string): string {
  return locale === 'en' || locale === 'pseudo'
    ? 'manifest.webmanifest'
    : `manifest-${locale}.webmanifest`;
}

/** What pointManifestAt needs of the document (a stand-in in unit tests). */
export interface LinkHolder {
  querySelector(selectors: string): {
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
  } | null;
}

const FILE = /manifest(-[A-Za-z-]+)?\.webmanifest$/;

/**
 * Points `<link rel="manifest">` (which the build adds to index.html) at `locale`'s manifest,
 * keeping the link's own path (relative to `<base href>` under a BASE_PATH).
 */
export function pointManifestAt(locale: WebLocale, doc: LinkHolder = document): void {
  const link = doc.querySelector('link[rel="manifest"]');
  const href = link?.getAttribute('href');
  if (link && href) link.setAttribute('href', href.replace(FILE, manifestFileName(locale)));
}
