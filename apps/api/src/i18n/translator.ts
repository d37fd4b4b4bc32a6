// What the server writes for one person, in that person's language (issue #32): the
// recipient's stored language (users.locale), else the language of the request that asked for
// the text (Accept-Language, e.g. a sign-up before any account exists), else English.
import type { I18n, MessageDescriptor } from '@lingui/core';
import {
  acceptedLanguages,
  DEFAULT_LOCALE,
  isAppLocale,
  isRightToLeft,
  negotiateLocale,
} from '@evenly/core';
import type { AppLocale } from '@evenly/core';
import { i18nFor } from './catalogs.js';

/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number>;

/** One reader's language: the words (`t`), the tag for `lang` and the writing direction. */
export interface Translator {
  readonly locale: AppLocale;
  /** `ltr`, or `rtl` for Arabic: for `<html dir>` in e-mails. */
  readonly dir: 'ltr' | 'rtl';
  readonly i18n: I18n;
  t(descriptor: MessageDescriptor, values?: MessageValues): string;
}

/**
 * The language to write in: `stored` (a person's users.locale) when it is one we speak, else the
 * best match of an `Accept-Language` header, else English.
 */
export function recipientLocale(
  stored: string | null | undefined,
  acceptLanguage?: string | undefined,
): AppLocale {
  if (stored !== null && stored !== undefined && isAppLocale(stored)) return stored;
  if (acceptLanguage !== undefined) return negotiateLocale(acceptedLanguages(acceptLanguage));
  return DEFAULT_LOCALE;
}

/**
 * The language an `Accept-Language` header asks for, or undefined when it names none at all (no
 * header, or only `*`): then nothing is stored and the person follows their browser later.
 */
export function requestLocale(acceptLanguage: string | undefined): AppLocale | undefined {
  const tags = acceptedLanguages(acceptLanguage);
  return tags.length === 0 ? undefined : negotiateLocale(tags);
}

const translators = new Map<AppLocale, Translator>();

/** The translator of a language (made once per process). */
export function translatorFor(locale: AppLocale): Translator {
  let found = translators.get(locale);
  if (found === undefined) {
    const i18n = i18nFor(locale);
    found = {
      locale,
      dir: isRightToLeft(locale) ? 'rtl' : 'ltr',
      i18n,
      t: (descriptor, values) => i18n._(descriptor.id, values, descriptor),
    };
    translators.set(locale, found);
  }
  return found;
}

/** The translator for a recipient: see `recipientLocale`. */
export function translatorForRecipient(
  stored: string | null | undefined,
  acceptLanguage?: string | undefined,
): Translator {
  return translatorFor(recipientLocale(stored, acceptLanguage));
}
