// The web app manifest in the page's language (issue #32): one per language, and the page's
// `<link rel="manifest">` follows a language change, so "Install app" shows the page's words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORTED_LOCALES } from '@evenly/core';
import { resetPageLocale } from '../lib/pageLocaleForTests';
import { activateLocale } from './catalogs';
import { manifestFileName, pointManifestAt, type LinkHolder } from './manifestLink';
import { MANIFEST_TEXTS } from './manifestTexts';

/** A document holding the link the build writes into index.html (relative to <base href>). */
function pageWithManifestLink(href = './manifest.webmanifest') {
  const attributes = new Map([['href', href]]);
  const link = {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
  };
  const doc: LinkHolder = {
    querySelector: (selectors) => (selectors === 'link[rel="manifest"]' ? link : null),
  };
  return { doc, href: () => attributes.get('href') };
}

afterEach(resetPageLocale);

describe('the manifests’ words', () => {
  it('has a description for every language, in that language, and the name everywhere', () => {
    expect(Object.keys(MANIFEST_TEXTS).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    const descriptions = new Set(Object.values(MANIFEST_TEXTS).map((t) => t.description));
    expect(descriptions.size).toBe(SUPPORTED_LOCALES.length);
    expect(MANIFEST_TEXTS.de.description).toContain('Ausgaben');
    expect(MANIFEST_TEXTS.ar).toMatchObject({ lang: 'ar', dir: 'rtl' });
  });

  it('names one file per language, English (and the pseudo-locale) the usual one', () => {
    expect(manifestFileName('en')).toBe('manifest.webmanifest');
    expect(manifestFileName('pseudo')).toBe('manifest.webmanifest');
    expect(manifestFileName('pt-BR')).toBe('manifest-pt-BR.webmanifest');
  });
});

describe('the manifest link', () => {
  it('points at the language’s manifest and back, keeping its path', () => {
    const page = pageWithManifestLink();
    pointManifestAt('de', page.doc);
    expect(page.href()).toBe('./manifest-de.webmanifest');
    pointManifestAt('zh-CN', page.doc);
    expect(page.href()).toBe('./manifest-zh-CN.webmanifest');
    pointManifestAt('en', page.doc);
    expect(page.href()).toBe('./manifest.webmanifest');
  });

  it('switches when the page’s language changes', async () => {
    const page = pageWithManifestLink();
    vi.stubGlobal('document', { documentElement: {}, querySelector: page.doc.querySelector });
    await activateLocale('ar');
    expect(page.href()).toBe('./manifest-ar.webmanifest');
    await activateLocale('en');
    expect(page.href()).toBe('./manifest.webmanifest');
  });
});
