// The pseudo-locale's check (issue #32): with every message accented, bracketed and lengthened
// (scripts/i18n-pseudo.mjs), any plain English letter on a screen is text that did not come from
// a message catalog. Used by i18n.e2e.test.ts on the public pages; any screen can be toured the
// same way once its messages are in a catalog.
import type { BrowserContext, Page } from 'playwright-core';

/** Makes every new page of `context` start in the pseudo-locale (as the switcher would store it). */
export async function usePseudoLocale(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('locale', 'pseudo'));
}

/**
 * The visible texts (text nodes, and the aria-label, alt, title and placeholder a person or a
 * screen reader meets) that hold a plain ASCII letter. Pseudo-localisation turns every letter
 * into an accented one except v and x, so those two are allowed, and so is the name "Evenly",
 * which messages carry as a placeholder (it is never translated). Left out: anything inside
 * `translate="no"` (names, commands, language names, codes), <script>, <style> and hidden
 * elements.
 */
export async function untranslatedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const letters = /[a-uwyzA-UWYZ]/;
    const plain = { test: (text: string) => letters.test(text.replaceAll('Evenly', '')) };
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
  });
}
