// Which language the web app speaks (issue #32): pure rules, no React, so the entry chunk stays
// small and the choice can be unit tested.
import {
  DEFAULT_LOCALE,
  isAppLocale,
  isRightToLeft,
  negotiateLocale,
  type AppLocale,
} from '@evenly/core';

/** The generated pseudo-locale (accented, longer, bracketed): chosen only by tests. */
export const PSEUDO_LOCALE = 'pseudo';
export type WebLocale = AppLocale | typeof PSEUDO_LOCALE;

/** This device's explicit choice, made with the language switcher (or adopted from the account). */
export const LOCALE_KEY = 'locale';

export function isWebLocale(value: string | null | undefined): value is WebLocale {
  return typeof value === 'string' && (value === PSEUDO_LOCALE || isAppLocale(value));
}

/**
 * The language to show: this device's stored choice, else the signed-in person's language, else
 * the first of the browser's languages that Evenly speaks (closest match, `de-AT` → `de`), else
 * English.
 */
export function chooseLocale(input: {
  stored: string | null;
  account: string | null;
  browser: readonly string[];
}): WebLocale {
  if (isWebLocale(input.stored)) return input.stored;
  if (input.account !== null && isAppLocale(input.account)) return input.account;
  return negotiateLocale(input.browser);
}

export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_KEY);
  } catch {
    return null;
  }
}

export function storeLocale(locale: WebLocale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    /* storage unavailable (private mode): the choice lasts this page load */
  }
}

/** The browser's languages, most wanted first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  // `languages` may be missing where a test or an old browser gives `language` alone.
  if (navigator.languages?.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * The tag `Intl` formats dates, numbers and amounts with: the page's language, in the reader's
 * region when the browser speaks that language (English pages in Britain write "29 Nov", in the
 * US "Nov 29"). The pseudo-locale formats as English. Arabic always writes Latin digits
 * (`-u-nu-latn`), as `ar` itself does in today's CLDR: amounts are typed with them (amount
 * fields keep ASCII digits and "."), and a date beside an amount then uses the same digits in
 * every Arabic region (ar-EG and ar-SA would otherwise write ١٬٢٣٤٫٥٧).
 */
export function intlLocale(locale: WebLocale): string {
  const language: AppLocale = locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
  const base = (tag: string) => tag.split('-')[0]?.toLowerCase();
  const tag = browserLanguages().find((t) => base(t) === base(language)) ?? language;
  return base(language) === 'ar'
    ? new Intl.Locale(tag, { numberingSystem: 'latn' }).toString()
    : tag;
}

/** The tag Intl formats with for Lingui's locale `locale` (English for an unknown one). */
export function intlTag(locale: string): string {
  return isWebLocale(locale) ? intlLocale(locale) : DEFAULT_LOCALE;
}

/** `<html lang>` and `dir` for a locale (`en-XA` is the usual tag of an accented pseudo-locale). */
export function documentLanguage(locale: WebLocale): { lang: string; dir: 'ltr' | 'rtl' } {
  if (locale === PSEUDO_LOCALE) return { lang: 'en-XA', dir: 'ltr' };
  return { lang: locale, dir: isRightToLeft(locale) ? 'rtl' : 'ltr' };
}

/** Each language's name in itself, for the switcher (the same in every language). */
/* eslint-disable lingui/no-unlocalized-strings -- each name is written in its own language */
export const NATIVE_NAMES: Record<AppLocale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  'pt-BR': 'Português (Brasil)',
  nl: 'Nederlands',
  pl: 'Polski',
  tr: 'Türkçe',
  ja: '日本語',
  'zh-CN': '简体中文',
  ar: 'العربية',
};
/* eslint-enable lingui/no-unlocalized-strings */
