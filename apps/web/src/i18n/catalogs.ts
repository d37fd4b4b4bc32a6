// Loading the message catalogs (issue #32): one compiled catalog per language and part of the
// app, each its own chunk, fetched when a page of that part is shown in that language. Every
// language, English included, is a catalog: the build drops the source texts from the code.
import { i18n, type Messages } from '@lingui/core';
import { documentLanguage, type WebLocale } from './locale';
import { pointManifestAt } from './manifestLink';

/**
 * `public`: the sign-in page and what every page shows; `account`: the other pages before
 * sign-in; `landing`: the landing page; `app`: the signed-in app. See lingui.config.ts.
 */
export type CatalogName = 'public' | 'account' | 'landing' | 'app';

type Loader = () => Promise<{ messages: Messages }>;

const PUBLIC_LOADERS: Record<string, Loader> = import.meta.glob<{ messages: Messages }>(
  '../locales/public/*.ts',
);

async function loaderOf(name: CatalogName, locale: WebLocale): Promise<Loader | undefined> {
  const file = `../locales/${name}/${locale}.ts`;
  if (name === 'public') return PUBLIC_LOADERS[file];
  const { LATER_LOADERS } = await import('./lazyCatalogs');
  return LATER_LOADERS[name][file];
}

/** Catalogs a page shown so far needs: a language change loads each of them again. */
const inUse = new Set<CatalogName>(['public']);
const loaded = new Map<string, Promise<void>>();

function loadOne(name: CatalogName, locale: WebLocale): Promise<void> {
  const key = `${name}/${locale}`;
  let pending = loaded.get(key);
  if (pending === undefined) {
    pending = loaderOf(name, locale).then(async (loader) => {
      if (loader === undefined) return;
      const module = await loader();
      i18n.load(locale, module.messages);
    });
    // A failed fetch (offline, a new version deployed) may be tried again.
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

/** Loads a catalog in the current language (and every later language). */
export function needCatalog(name: CatalogName): Promise<void> {
  inUse.add(name);
  return loadOne(name, currentLocale());
}

export function currentLocale(): WebLocale {
  return i18n.locale as WebLocale;
}

/**
 * Loads every catalog in use in `locale`, then switches to it, sets `<html lang dir>` and points
 * the page at the manifest in that language (what "Install app" shows).
 */
export async function activateLocale(locale: WebLocale): Promise<void> {
  await Promise.all([...inUse].map((name) => loadOne(name, locale)));
  i18n.activate(locale);
  const { lang, dir } = documentLanguage(locale);
  document.documentElement.lang = lang;
  document.documentElement.dir = dir;
  pointManifestAt(locale);
}
