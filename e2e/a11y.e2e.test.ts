// Accessibility audit (axe-core) of the first quarter of the screens, in the light theme and then
// the dark one, and a control that the audit finds violations where there are some. The screens:
// e2e/support/a11y-audit.ts; the other quarters: a11y-2, a11y-3 and a11y-4.e2e.test.ts (four files,
// so that none runs long on a loaded machine). Any violation, whatever its impact, fails; the
// list is printed.
import { describe, expect, it } from 'vitest';
import { audit, auditPart, auditTargets } from './support/a11y-audit';

const targets = auditTargets();

describe('accessibility (axe-core)', () => {
  auditPart(targets, 1);

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
