import { activateLocale } from './catalogs';
import { browserLanguages, chooseLocale, readStoredLocale, type WebLocale } from './locale';

/**
 * The language of this page load, before the first render, with the public catalog loaded: this
 * device's stored choice, else the browser's languages. A signed-in person's language arrives
 * with their account and is adopted then, and stored as this device's choice (useAccountLocale).
 */
export async function startLocale(): Promise<WebLocale> {
  const locale = chooseLocale({
    stored: readStoredLocale(),
    account: null,
    browser: browserLanguages(),
  });
  try {
    await activateLocale(locale);
  } catch {
    // The catalog could not be fetched (offline before the app was cached): English, which the
    // service worker precaches with the rest of the app.
    await activateLocale('en');
  }
  return locale;
}
