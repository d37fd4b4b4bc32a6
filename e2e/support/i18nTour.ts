// The catalogs' check (issue #32). In the pseudo-locale every message is accented, bracketed and
// lengthened (scripts/i18n-pseudo.mjs), so any plain English letter on a screen is text that did
// not come from a message catalog. In Arabic, whose catalog is complete, any text with Latin
// letters and no Arabic one is English that was never translated (or a format in the wrong
// language). Used by i18n.e2e.test.ts on the public pages and by the app's tours (appTour/).
import type { BrowserContext, Page } from 'playwright-core';

/** The languages the tours run in: the pseudo-locale and Arabic (right to left). */
export type TourLanguage = 'pseudo' | 'ar';

/** Makes every new page of `context` start in the pseudo-locale (as the switcher would store it). */
export async function usePseudoLocale(context: BrowserContext): Promise<void> {
  await useLanguage(context, 'pseudo');
}

/** Makes every new page of `context` start in `language` (as the switcher would store it). */
export async function useLanguage(context: BrowserContext, language: TourLanguage): Promise<void> {
  await context.addInitScript((locale) => localStorage.setItem('locale', locale), language);
}

/**
 * The visible texts (text nodes, and the aria-label, alt, title and placeholder a person or a
 * screen reader meets) that did not come from the catalog of `language`.
 *
 * - `pseudo`: any text holding a plain ASCII letter. Pseudo-localisation turns every letter into
 *   an accented one except v and x, so those two are allowed.
 * - `ar`: any text holding a Latin letter and no Arabic one. Arabic sentences may name a
 *   format or a brand in Latin letters ("CSV", "PayPal"): those come from the catalog with
 *   Arabic around them. Currency codes (three capitals, ISO 4217) are data in every language
 *   and an example e-mail address ("friend@example.com") is one in any script: both are taken
 *   out first. Digits are not letters.
 *
 * Both allow the name "Evenly", which messages carry as a placeholder (never translated), and
 * leave out anything inside `translate="no"` (names, commands, language names, codes),
 * <script>, <style> and hidden elements.
 */
export async function untranslatedTexts(
  page: Page,
  language: TourLanguage = 'pseudo',
): Promise<string[]> {
  return page.evaluate((arabic) => {
    const pseudoLetters = /[a-uwyzA-UWYZ]/;
    const plain = {
      test: (raw: string) => {
        const text = raw.replaceAll('Evenly', '');
        if (!arabic) return pseudoLetters.test(text);
        const rest = text.replace(/\b[A-Z]{3}\b/g, '').replace(/\S+@\S+\.\S+/g, '');
        return /[A-Za-z]/.test(rest) && !/\p{Script=Arabic}/u.test(rest);
      },
    };
    const found: string[] = [];
    const exempt = (element: Element | null): boolean =>
      element === null ||
      element.closest('[translate="no"], script, style, noscript, template') !== null;
    const shown = (element: Element): boolean =>
      element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text === '' || parent === null || exempt(parent) || !shown(parent)) continue;
      if (plain.test(text)) found.push(text);
    }
    for (const element of Array.from(
      document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]'),
    )) {
      if (exempt(element) || !shown(element)) continue;
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value !== null && plain.test(value)) found.push(`${name}="${value}"`);
      }
    }
    return found;
  }, language === 'ar');
}
