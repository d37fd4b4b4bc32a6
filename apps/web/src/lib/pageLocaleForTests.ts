// For unit tests only: shows the page in a language, as activateLocale does, without loading
// its catalogs (formats need the active locale, not the messages), in a browser of `browser`.
import { i18n } from '@lingui/core';
import { vi } from 'vitest';
import type { WebLocale } from '../i18n/locale';

export function showPageIn(locale: WebLocale, browser = 'en-US'): void {
  vi.stubGlobal('navigator', { language: browser, languages: [browser] });
  i18n.loadAndActivate({ locale, messages: {} });
}

/** Back to English (the test files share one module graph: the next file expects English). */
export function resetPageLocale(): void {
  vi.unstubAllGlobals();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
}
