import { describe, expect, it } from 'vitest';
import { canonicalLocale, localeFromAcceptLanguage, messagesFor } from './report-messages.js';

describe('messagesFor', () => {
  it('fills placeholders and falls back to English', () => {
    expect(messagesFor('en-US')('owes', { from: 'Bea', to: 'Ann', amount: '€5.00' })).toBe(
      'Bea pays Ann €5.00',
    );
    expect(messagesFor('sw-KE')('title')).toBe('Trip report');
    expect(messagesFor('de-AT')('title')).toBe('Reisebericht');
    expect(messagesFor('en')('page', {})).toBe('Page {n}');
  });
});

describe('locales', () => {
  it('canonicalises tags and refuses what is not one', () => {
    expect(canonicalLocale('de-de')).toBe('de-DE');
    expect(canonicalLocale('zh-hans-cn')).toBe('zh-Hans-CN');
    expect(canonicalLocale('not a locale!')).toBeNull();
    expect(canonicalLocale('')).toBeNull();
  });

  it('takes the most preferred language of Accept-Language', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('en-US');
    expect(localeFromAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr-CH');
    expect(localeFromAcceptLanguage('en;q=0.5, pt-BR')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('*, !!;q=0.9')).toBe('en-US');
    expect(localeFromAcceptLanguage('de;q=0, ar-EG;q=0.3')).toBe('ar-EG');
  });
});
