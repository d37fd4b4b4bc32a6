// What every stop of an app tour checks (issue #32 point 6), in the pseudo-locale or in Arabic:
// the texts that did not come from the language's catalog (returned to the tour, which knows what
// its screen leaves to others), and, kept here for the test to assert: texts that do not fit
// (../textFit.ts) and, in Arabic, a layout that is not mirrored. With I18N_TOUR_SCREENSHOTS=<dir>
// each stop is also saved as a picture, to look at (never by default: the run writes nothing).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type TourLanguage, untranslatedTexts } from '../i18nTour';
import { textFitProblems } from '../textFit';

const SCREENSHOTS = process.env.I18N_TOUR_SCREENSHOTS ?? '';

/**
 * Whether the layout is mirrored: `dir="rtl"` on <html>; the bottom navigation's items from
 * right to left; the side navigation on the right; and the page header's first thing (the back
 * link, or the title's text) at the header's right edge.
 */
async function mirrorProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.dir !== 'rtl') {
      problems.push(`<html dir="${document.documentElement.dir}">`);
    }
    const shown = (el: Element) => el.checkVisibility() && el.getBoundingClientRect().width > 0;
    const width = document.documentElement.clientWidth;
    for (const nav of Array.from(document.querySelectorAll('body nav'))) {
      if (!shown(nav) || nav.closest('main, [role="dialog"]') !== null) continue;
      const box = nav.getBoundingClientRect();
      const links = Array.from(nav.querySelectorAll('a')).filter(shown);
      if (box.width < width / 2) {
        // The side navigation.
        if (box.left < width / 2) problems.push('the side navigation is on the left');
      } else {
        const xs = links.map((a) => a.getBoundingClientRect().left);
        if (xs.some((x, i) => i > 0 && x >= (xs[i - 1] ?? 0))) {
          problems.push(
            `the bottom navigation runs left to right (${xs.map(Math.round).join(', ')})`,
          );
        }
      }
    }
    const header = Array.from(document.querySelectorAll('main header')).find(shown);
    const first = header?.firstElementChild;
    if (header && first && shown(first)) {
      const range = document.createRange();
      range.selectNodeContents(first);
      const edge = (/^H[1-6]$/.test(first.tagName) ? range : first).getBoundingClientRect().right;
      const right = header.getBoundingClientRect().right;
      if (edge < right - 12) {
        problems.push(
          `the page header starts on the left (${Math.round(edge)} of ${Math.round(right)})`,
        );
      }
    }
    return problems;
  });
}

/** One tour's stops in one language: their problems of fit and mirroring, and screenshots. */
export class TourStops {
  /** Texts that do not fit and (Arabic) a layout not mirrored, as "area › stop: problem". */
  readonly layoutProblems: string[] = [];
  private count = 0;

  constructor(
    readonly language: TourLanguage,
    readonly area: string,
  ) {}

  /** Checks the screen `page` shows now, called `stop`; returns its untranslated texts. */
  async texts(page: Page, stop: string): Promise<string[]> {
    this.count += 1;
    const where = `${this.area} › ${stop}`;
    if (SCREENSHOTS !== '') {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const name = `${this.language}-${this.area}-${String(this.count).padStart(2, '0')}-${stop.replace(/[^\p{L}\d]+/gu, '-')}.png`;
      await page.screenshot({ path: join(SCREENSHOTS, name), animations: 'disabled' });
    }
    const layout = await textFitProblems(page);
    if (this.language === 'ar') layout.push(...(await mirrorProblems(page)));
    for (const problem of layout) this.layoutProblems.push(`${where}: ${problem}`);
    return await untranslatedTexts(page, this.language);
  }
}
