import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  closestLocale,
  isRightToLeft,
  negotiateLocale,
  readOptionalLocale,
  readOptionalTimeZone,
  SUPPORTED_LOCALES,
} from './locales.js';

describe('closestLocale', () => {
  it('takes the tag itself, its language with our region, or the bare language', () => {
    expect(closestLocale('de-DE')).toBe('de');
    expect(closestLocale('PT-pt')).toBe('pt-BR');
    expect(closestLocale('pt-br')).toBe('pt-BR');
    expect(closestLocale('zh-Hans-CN')).toBe('zh-CN');
    expect(closestLocale('ar-EG')).toBe('ar');
    expect(closestLocale('en-GB')).toBe('en');
    expect(closestLocale('sv-SE')).toBeNull();
    expect(closestLocale('')).toBeNull();
  });

  it('finds every supported tag from itself', () => {
    for (const locale of SUPPORTED_LOCALES) expect(closestLocale(locale)).toBe(locale);
  });
});

describe('negotiateLocale and acceptedLanguages', () => {
  it('orders by q, then as written, leaving out * and q=0', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptedLanguages('en;q=0.1, ja;q=0.9, de;q=0')).toEqual(['ja', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('chooses the first supported language, else English', () => {
    expect(negotiateLocale(acceptedLanguages('sv-SE, nl;q=0.8, en;q=0.5'))).toBe('nl');
    expect(negotiateLocale(['sv', 'fi'])).toBe('en');
    expect(negotiateLocale([])).toBe('en');
  });

  it('never throws on any header and returns a supported language', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (header) => {
        expect(SUPPORTED_LOCALES).toContain(negotiateLocale(acceptedLanguages(header)));
      }),
    );
  });

  it('marks Arabic as right to left, the others not', () => {
    expect(SUPPORTED_LOCALES.filter(isRightToLeft)).toEqual(['ar']);
  });
});

describe('reading a person’s language and time zone', () => {
  it('takes supported languages in any case; blank or null clears', () => {
    expect(readOptionalLocale('PT-br')).toEqual({ ok: true, value: 'pt-BR' });
    expect(readOptionalLocale('')).toEqual({ ok: true, value: null });
    expect(readOptionalLocale(null)).toEqual({ ok: true, value: null });
    expect(readOptionalLocale('sv')).toMatchObject({ ok: false });
    expect(readOptionalLocale(7)).toMatchObject({ ok: false });
  });

  it('takes IANA time zone names; blank or null clears', () => {
    expect(readOptionalTimeZone(' Europe/Lisbon ')).toEqual({ ok: true, value: 'Europe/Lisbon' });
    expect(readOptionalTimeZone('Asia/Kolkata')).toEqual({ ok: true, value: 'Asia/Kolkata' });
    expect(readOptionalTimeZone(null)).toEqual({ ok: true, value: null });
    expect(readOptionalTimeZone('Mars/Olympus')).toMatchObject({ ok: false });
    expect(readOptionalTimeZone(['UTC'])).toMatchObject({ ok: false });
  });
});
