// Accessibility audit (axe-core) of every screen in the dark theme (the screens:
// e2e/support/a11y-audit.ts; the light theme and the control: a11y.e2e.test.ts).
import { describe, expect, it } from 'vitest';
import { auditAllScreens, auditTargets } from './support/a11y-audit';

const targets = auditTargets();

describe('accessibility (axe-core)', () => {
  it('has no violations on any page or dialog (dark)', async () => {
    expect(await auditAllScreens(targets.browser(), targets.server(), 'dark')).toEqual([]);
    // About 95 screens, each in a fresh context: more than the suite's default on a busy machine.
  }, 720_000);
});
