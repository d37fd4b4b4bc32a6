// Accessibility audit (axe-core) of part 2 of the screens, in the light theme and then the dark
// one (the screens: e2e/support/a11y-audit.ts; the first part and the control: a11y.e2e.test.ts).
import { describe } from 'vitest';
import { auditPart, auditTargets } from './support/a11y-audit';

describe('accessibility (axe-core)', () => {
  auditPart(auditTargets(), 2);
});
