// The clock that decides which occurrences are due. Real time, unless the test-only
// EVENLY_FAKE_NOW names a fixed instant or a file holding one (config/recurring-config.ts).
import { readFileSync } from 'node:fs';
import type { RecurringConfig } from '../../config/recurring-config.js';

export type Clock = () => Date;

export function clockOf(config: RecurringConfig): Clock {
  const fake = config.fakeNow;
  if (fake === null) return () => new Date();
  if (!fake.startsWith('file:')) {
    const fixed = new Date(fake);
    return () => new Date(fixed);
  }
  const file = fake.slice('file:'.length);
  return () => {
    const text = readFileSync(file, 'utf8').trim();
    const at = new Date(text);
    if (Number.isNaN(at.getTime())) throw new Error(`EVENLY_FAKE_NOW file ${file} holds "${text}"`);
    return at;
  };
}
