// The languages Evenly speaks (issue #32) and how a person's language and time zone are read:
// the one list every part uses (server e-mails, the web app's catalogs, `PATCH /auth/me`).
import { isValidTimeZone } from './recurrence.js';
import type { Message } from './message.js';
import { fieldError, fieldOk } from './validation/issues.js';
import type { FieldRead } from './validation/issues.js';

/** BCP 47 tags of the supported languages; the first is the default (and the contract's). */
export const SUPPORTED_LOCALES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt-BR',
  'nl',
  'pl',
  'tr',
  'ja',
  'zh-CN',
  'ar',
] as const;
export type AppLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'en';

/** Languages written right to left. */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

export function isRightToLeft(locale: AppLocale): boolean {
  return RIGHT_TO_LEFT.has(locale);
}

export function isAppLocale(value: string): value is AppLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/**
 * The supported language closest to one BCP 47 tag, or null: the tag itself (any case), else its
 * language with the region of ours that has one ("pt-PT" → "pt-BR", "zh-Hans-CN" → "zh-CN"),
 * else the bare language ("de-AT" → "de").
 */
export function closestLocale(tag: string): AppLocale | null {
  const wanted = tag.trim().toLowerCase();
  if (wanted === '') return null;
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact !== undefined) return exact;
  const language = wanted.split(/[-_]/)[0] ?? '';
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase().split('-')[0] === language) ?? null;
}

/** The first of `tags` (in preference order) that a supported language serves, or the default. */
export function negotiateLocale(tags: readonly string[]): AppLocale {
  for (const tag of tags) {
    const found = closestLocale(tag);
    if (found !== null) return found;
  }
  return DEFAULT_LOCALE;
}

/**
 * The language tags of an `Accept-Language` header, most wanted first (q-values, then order);
 * `*` and tags with q=0 are left out. At most 20 entries are read: the header is the client's.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (header === undefined) return [];
  const entries: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of header.split(',').slice(0, 20).entries()) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = (rawTag ?? '').trim();
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/.exec(param);
      if (m?.[1] !== undefined) q = Number(m[1]);
    }
    if (q > 0) entries.push({ tag, q, at });
  }
  return entries.sort((a, b) => b.q - a.q || a.at - b.at).map((e) => e.tag);
}

export const MSG_INVALID_LOCALE: Message = /*i18n*/ {
  id: 'locales.invalidLocale',
  message: 'Language must be one of {locales}.',
  values: { locales: SUPPORTED_LOCALES.join(', ') },
};
export const MSG_INVALID_TIME_ZONE: Message = /*i18n*/ {
  id: 'locales.invalidTimeZone',
  message: 'Time zone must be an IANA time zone name, such as Europe/Lisbon.',
};

/** A person's language: absent, null or blank → null (follow the browser); else a supported tag. */
export function readOptionalLocale(input: unknown): FieldRead<AppLocale | null> {
  if (input === undefined || input === null) return fieldOk(null);
  if (typeof input !== 'string') return fieldError(MSG_INVALID_LOCALE);
  if (input.trim() === '') return fieldOk(null);
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === input.trim().toLowerCase());
  return exact === undefined ? fieldError(MSG_INVALID_LOCALE) : fieldOk(exact);
}

/** A person's time zone: absent, null or blank → null (UTC); else a known IANA name. */
export function readOptionalTimeZone(input: unknown): FieldRead<string | null> {
  if (input === undefined || input === null) return fieldOk(null);
  if (typeof input !== 'string') return fieldError(MSG_INVALID_TIME_ZONE);
  const name = input.trim();
  if (name === '') return fieldOk(null);
  return isValidTimeZone(name) ? fieldOk(name) : fieldError(MSG_INVALID_TIME_ZONE);
}
