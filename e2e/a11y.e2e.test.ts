// Accessibility audit (axe-core) of the first half of the screens, in the light theme and then the
// dark one, and a control that the audit finds violations where there are some. The screens:
// e2e/support/a11y-audit.ts; the second half: a11y-2.e2e.test.ts. Any violation, whatever its
// impact, fails; the list is printed.
import { describe, expect, it } from 'vitest';
import { audit, auditScreens, auditTargets } from './support/a11y-audit';

const targets = auditTargets();

describe('accessibility (axe-core)', () => {
  it('has no violations on any page or dialog, light or dark (first half)', async () => {
    expect(await auditScreens(targets.browser(), targets.server(), 1, 2)).toEqual([]);
    // About 48 screens, each in a fresh context: more than the suite's default on a busy machine.
  }, 720_000);

  it('reports violations when there are some (control)', async () => {
    const context = await targets.browser().newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${targets.server().baseUrl}/offline.html`);
    await page.evaluate(() => {
      const input = document.createElement('input');
      const low = document.createElement('p');
      low.textContent = 'Faint text';
      low.style.color = '#eeeeee';
      low.style.background = '#ffffff';
      document.body.append(input, low);
    });
    const found = await audit(page);
    expect(found.some((p) => p.startsWith('label '))).toBe(true);
    expect(found.some((p) => p.startsWith('color-contrast '))).toBe(true);
    await context.close();
  });
});
