// Does every text fit on the screen? (issue #32 point 6: the pseudo-locale, about 40% longer than
// English, on a phone.) Three kinds of problem, each named by the element's tag, classes and
// first words:
//
// - the page, or a column that scrolls up and down, also scrolls sideways (something is wider
//   than the screen). A row meant to scroll sideways says so with `overflow-x-auto`.
// - an element that hides its overflow (`overflow: hidden` or `clip`) and holds more than it
//   shows (scrollWidth > clientWidth + 1), unless it cuts its text on purpose: with an ellipsis
//   (`text-overflow: ellipsis`, Tailwind's `truncate`) AND either the full text in a `title` or
//   `aria-label` (on it or an ancestor) or text that is data, not interface: a name, an e-mail,
//   a description someone typed, of any length, whose row leads to the item's own page where it
//   is shown whole. Interface text is told by its language: the pseudo-locale's brackets and
//   padding ("[", "~") or Arabic letters (the tours' data is Greek). Interface text is never cut.
// - text that runs out of its element's box without being clipped (a button's words kept on
//   one line, wider than the button).
// - an element wider than its column: past the left or right edge of the screen or of the
//   nearest ancestor that scrolls or clips (a dialog's body), outside a sideways row, and not
//   inside an element already reported.
import type { Page } from 'playwright-core';

export async function textFitProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (el: Element): string => {
      const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/) : [];
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      return `<${el.tagName.toLowerCase()}${classes.length > 0 ? ` .${classes.slice(0, 6).join('.')}` : ''}> "${text}"`;
    };
    const interfaceText = (text: string) => /[[~]|\p{Script=Arabic}/u.test(text);
    const sideways = (el: Element) => /\boverflow-x-(auto|scroll)\b/.test(el.className.toString());
    const named = (el: Element) => el.closest('[title], [aria-label]') !== null;
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(
        `the page scrolls sideways (${document.documentElement.scrollWidth} px > ${width} px)`,
      );
    }
    const reported = new Set<Element>();
    const overflowOf = new Map<Element, string>();
    const overflow = (el: Element): string => {
      let value = overflowOf.get(el);
      if (value === undefined) {
        value = getComputedStyle(el).overflowX;
        overflowOf.set(el, value);
      }
      return value;
    };
    /**
     * The box `el` must stay within: its nearest ancestor that scrolls or clips (the page's
     * column, a dialog's body), within the screen; null when that ancestor was reported already
     * or is a row meant to scroll sideways.
     */
    const frame = (el: Element): { left: number; right: number } | null => {
      for (let up = el.parentElement; up !== null; up = up.parentElement) {
        if (reported.has(up) || sideways(up)) return null;
        // Within a scrolling box, its content box: what reaches into its padding makes it
        // scroll sideways too.
        if (up instanceof HTMLElement && overflow(up) !== 'visible') {
          const box = up.getBoundingClientRect();
          const padding = getComputedStyle(up);
          const left = box.left + up.clientLeft + parseFloat(padding.paddingLeft);
          const right =
            box.left + up.clientLeft + up.clientWidth - parseFloat(padding.paddingRight);
          return { left: Math.max(left, 0), right: Math.min(right, width) };
        }
      }
      return { left: 0, right: width };
    };
    // HTML elements and whole pictures (an <svg>'s shapes are its own business).
    for (const el of Array.from(document.body.querySelectorAll('*:not(svg *)'))) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const rect = el.getBoundingClientRect();
      // Screen-reader-only text (1 px, clipped) is not seen.
      if (rect.width <= 1 || rect.height <= 1) continue;
      const style = getComputedStyle(el);
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      const text = (el.textContent ?? '').trim();
      const within = frame(el);
      if (within !== null && (rect.right > within.right + 1 || rect.left < within.left - 1)) {
        problems.push(
          `wider than its column (${Math.round(rect.left)}…${Math.round(rect.right)} of ${Math.round(within.left)}…${Math.round(within.right)}): ${describe(el)}`,
        );
        // What is inside it is not named again.
        reported.add(el);
      }
      if (scrolls && !sideways(el) && el.scrollWidth > el.clientWidth + 1) {
        // Not marked as reported: what is too wide inside it is named too.
        problems.push(`scrolls sideways (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
      } else if (hides && text !== '' && el.scrollWidth > el.clientWidth + 1) {
        const cutOnPurpose =
          style.textOverflow === 'ellipsis' && (named(el) || !interfaceText(text));
        if (!cutOnPurpose) {
          problems.push(`text cut (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
        }
        reported.add(el);
      }
    }
    // Text that runs out of its box without being clipped (a button that keeps its words on
    // one line, wider than the button): painted over its neighbours or cut by the column.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      let box = node.parentElement;
      while (box !== null && ['inline', 'contents'].includes(getComputedStyle(box).display)) {
        box = box.parentElement;
      }
      if ((node.textContent ?? '').trim() === '' || box === null || box.closest('svg') !== null)
        continue;
      if (!box.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (overflow(box) !== 'visible') continue; // clipped: "text cut" above
      let done = false;
      for (let up: Element | null = box; up !== null && !done; up = up.parentElement) {
        done = reported.has(up);
      }
      if (done) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      const outer = box.getBoundingClientRect();
      if (text.width > 0 && (text.right > outer.right + 1 || text.left < outer.left - 1)) {
        problems.push(
          `text out of its box (${Math.round(text.left)}…${Math.round(text.right)} of ${Math.round(outer.left)}…${Math.round(outer.right)}): ${describe(box)}`,
        );
        reported.add(box);
      }
    }
    return problems;
  });
}
