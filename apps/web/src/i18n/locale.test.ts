import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { AUTH_MESSAGES, SUPPORTED_LOCALES } from '@evenly/core';
import { ApiError } from '../api/client';
import { messages as arabic } from '../locales/public/ar';
import { messages as german } from '../locales/public/de';
import { chooseLocale, documentLanguage, intlLocale, isWebLocale, NATIVE_NAMES } from './locale';
import { apiErrorText, problemText } from './publicMessages';
import { msg } from '@lingui/core/macro';

describe('chooseLocale', () => {
  it('takes the stored choice first, then the account, then the browser', () => {
    expect(chooseLocale({ stored: 'fr', account: 'de', browser: ['ja-JP'] })).toBe('fr');
    expect(chooseLocale({ stored: null, account: 'de', browser: ['ja-JP'] })).toBe('de');
    expect(chooseLocale({ stored: null, account: null, browser: ['ja-JP'] })).toBe('ja');
  });

  it('ignores a stored or account value that is not a language of ours', () => {
    expect(chooseLocale({ stored: 'klingon', account: 'xx', browser: ['nl-BE'] })).toBe('nl');
  });

  it('follows the first browser language Evenly speaks, by its closest match', () => {
    expect(chooseLocale({ stored: null, account: null, browser: ['de-AT', 'en'] })).toBe('de');
    expect(chooseLocale({ stored: null, account: null, browser: ['pt-PT'] })).toBe('pt-BR');
    expect(chooseLocale({ stored: null, account: null, browser: ['zh-Hans-CN'] })).toBe('zh-CN');
    expect(chooseLocale({ stored: null, account: null, browser: ['sv-SE', 'ar-EG'] })).toBe('ar');
  });

  it('falls back to English', () => {
    expect(chooseLocale({ stored: null, account: null, browser: [] })).toBe('en');
    expect(chooseLocale({ stored: null, account: null, browser: ['sv', 'fi'] })).toBe('en');
  });

  it('keeps the pseudo-locale when stored (tests choose it that way)', () => {
    expect(isWebLocale('pseudo')).toBe(true);
    expect(chooseLocale({ stored: 'pseudo', account: 'de', browser: [] })).toBe('pseudo');
    expect(intlLocale('pseudo')).toBe('en');
  });
});

describe('documentLanguage', () => {
  it('sets Arabic right to left and everything else left to right', () => {
    expect(documentLanguage('ar')).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(documentLanguage('de')).toEqual({ lang: 'de', dir: 'ltr' });
    expect(documentLanguage('pseudo')).toEqual({ lang: 'en-XA', dir: 'ltr' });
  });

  it('names every supported language in itself', () => {
    for (const locale of SUPPORTED_LOCALES) expect(NATIVE_NAMES[locale]).toBeTruthy();
  });
});

describe('public messages through the compiled catalogs', () => {
  it("shows core's field problems (descriptors) in the page's language", () => {
    const i18n = setupI18n({ locale: 'de', messages: { de: german } });
    expect(problemText(i18n, AUTH_MESSAGES.passwordsDoNotMatch)).toBe(
      'Die Passwörter stimmen nicht überein.',
    );
    // The value (PASSWORD_MIN_LENGTH) comes from the descriptor, not from an English sentence.
    expect(problemText(i18n, AUTH_MESSAGES.passwordTooShort)).toBe(
      'Das Passwort muss mindestens 6 Zeichen lang sein.',
    );
    // What a server said in words is shown as it is.
    expect(problemText(i18n, 'Something else.')).toBe('Something else.');
  });

  it("chooses the API error's words by its code, not its English message", () => {
    const i18n = setupI18n({ locale: 'ar', messages: { ar: arabic } });
    const wrong = new ApiError('Invalid email or password.', 401, 'INVALID_CREDENTIALS');
    expect(apiErrorText(i18n, wrong, msg`Sign-in failed. Please check your credentials.`)).toBe(
      'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    );
    const unknown = new ApiError('Some English sentence.', 400, 'SOMETHING_NEW');
    expect(apiErrorText(i18n, unknown, msg`Sign-in failed. Please check your credentials.`)).toBe(
      'تعذّر تسجيل الدخول. يُرجى التحقق من بياناتك.',
    );
    const offline = new ApiError('Failed to fetch', 0);
    expect(apiErrorText(i18n, offline, msg`Sign-in failed. Please check your credentials.`)).toBe(
      'تعذّر الوصول إلى الخادم.',
    );
  });

  it('keeps the API’s own sentence in English for a code it does not know', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    const unknown = new ApiError('Some English sentence.', 400, 'SOMETHING_NEW');
    expect(apiErrorText(i18n, unknown, msg`Sign-in failed. Please check your credentials.`)).toBe(
      'Some English sentence.',
    );
  });
});
