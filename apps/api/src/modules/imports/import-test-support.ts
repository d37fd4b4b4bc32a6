// Test helpers shared by the import readers' unit tests (issue #33 point 4): the sample files
// under apps/api/test/fixtures/imports/ and a file's totals as plain numbers.
import { readFileSync } from 'node:fs';
import { minorToNumber } from '@evenly/core';
import type { SplitwiseFile } from './splitwise-format.js';

/** The bytes of a sample file in apps/api/test/fixtures/imports/. */
export function sample(name: string): Buffer {
  return readFileSync(new URL(`../../../test/fixtures/imports/${name}`, import.meta.url));
}

/** Each person's total in `currency` as a number (+ = is owed), by name. */
export function totalsOf(file: SplitwiseFile, currency: string): Record<string, number> {
  const t = file.totals.get(currency) ?? [];
  return Object.fromEntries(file.people.map((p, i) => [p, minorToNumber(t[i] ?? 0, currency)]));
}

/** The problems of a reader's ImportFileError (or of anything thrown). */
export function problemsOf(read: () => unknown): string[] {
  try {
    read();
  } catch (e) {
    if (typeof e === 'object' && e !== null && 'problems' in e && Array.isArray(e.problems)) {
      return e.problems.map((p: { message: string }) => p.message);
    }
    throw e;
  }
  throw new Error('the file was read without problems');
}
