// Geometry checks of the layouts (issue #13 points 1 and 8), shared by the phone and desktop tests.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator, what: string): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, what).not.toBeNull();
  return found ?? { x: 0, y: 0, width: 0, height: 0 };
}

/**
 * The toast saying `text` covers neither the page's title (`title`, its h1) nor any visible
 * link, button or field of the page or its navigation.
 */
export async function expectToastClear(page: Page, text: string, title: string): Promise<void> {
  const toast = await box(page.getByRole('status').filter({ hasText: text }), `toast "${text}"`);
  const heading = await box(page.getByRole('heading', { name: title, level: 1 }), title);
  expect(intersects(toast, heading), `toast over the title "${title}"`).toBe(false);
  const covered = await page.evaluate((t: Box) => {
    const hit = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      t.x < r.right &&
      r.left < t.x + t.width &&
      t.y < r.bottom &&
      r.top < t.y + t.height;
    return Array.from(
      document.querySelectorAll<HTMLElement>(
        'main a, main button, main input, main select, main textarea, nav a, nav button',
      ),
    )
      .filter((el) => hit(el.getBoundingClientRect()))
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
  }, toast);
  expect(covered, 'controls under the toast').toEqual([]);
}
