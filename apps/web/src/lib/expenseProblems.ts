// The expense form's problems in the page's language (issue #32 point 5): core's rules give
// message descriptors (the API sends their English), the form's own checks give its own `msg`
// descriptors; both are shown from the catalogs, with no table of English sentences.
import type { I18n } from '@lingui/core';
import { problemText } from '../i18n/publicMessages';
import type { Problem } from '../i18n/publicMessages';

/** Every problem of a form, by field, in the page's language. */
export function translateProblems<K extends string>(
  i18n: I18n,
  problems: Partial<Record<K, Problem | undefined>>,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(problems) as K[]) {
    const problem = problems[key];
    if (problem !== undefined) out[key] = problemText(i18n, problem);
  }
  return out;
}
