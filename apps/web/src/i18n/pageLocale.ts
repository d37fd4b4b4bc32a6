// The tag of the page's language for Intl, read where formats are made (issue #32).
import { i18n } from '@lingui/core';
import { intlTag } from './locale';

/**
 * The tag Intl formats amounts, numbers and dates with, and typed amounts are read in: the
 * page's language in the reader's region (`intlLocale`: an English page in a British browser
 * is en-GB, a German page in an American one is de), so a German page writes "1.234,57 €"
 * whatever the browser's language. English before a language is active.
 */
export function appLocale(): string {
  return intlTag(i18n.locale);
}
