// Accessibility audit (axe-core) of part 3 of the screens, in the light theme and then the dark
// one (the screens: e2e/support/a11y-audit.ts; the first part and the control: a11y.e2e.test.ts).
import { describe, expect, it } from 'vitest';
import {
  AUDIT_PART_TIMEOUT_MS,
  AUDIT_PARTS,
  auditScreens,
  auditTargets,
} from './support/a11y-audit';

const targets = auditTargets();

describe('accessibility (axe-core)', () => {
  it(
    'has no violations on any page or dialog, light or dark (part 3 of 4)',
    async () => {
      expect(await auditScreens(targets.browser(), targets.server(), 3, AUDIT_PARTS)).toEqual([]);
    },
    AUDIT_PART_TIMEOUT_MS,
  );
});
