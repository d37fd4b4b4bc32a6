// Accessibility audit (axe-core) of the second half of the screens, in the light theme and then
// the dark one (the screens: e2e/support/a11y-audit.ts; the first half and the control:
// a11y.e2e.test.ts).
import { describe, expect, it } from 'vitest';
import { auditScreens, auditTargets } from './support/a11y-audit';

const targets = auditTargets();

describe('accessibility (axe-core)', () => {
  it('has no violations on any page or dialog, light or dark (second half)', async () => {
    expect(await auditScreens(targets.browser(), targets.server(), 2, 2)).toEqual([]);
    // About 48 screens, each in a fresh context: more than the suite's default on a busy machine.
  }, 720_000);
});
