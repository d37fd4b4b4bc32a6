import { setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { appErrorText } from './appErrors';

function i18nIn(locale: string) {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: {} });
  return i18n;
}

const fallback = msg`Could not do that.`;

describe('appErrorText', () => {
  it('says a known code in the app’s own words', () => {
    const error = new ApiError('Your current password is incorrect.', 400, 'WRONG_PASSWORD');
    expect(appErrorText(i18nIn('en'), error, fallback)).toBe('Your current password is incorrect.');
  });

  it('falls back to the public pages’ codes and to an unreachable server', () => {
    const limited = new ApiError('Slow down', 429, 'RATE_LIMITED');
    expect(appErrorText(i18nIn('en'), limited, fallback)).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(appErrorText(i18nIn('en'), new ApiError('offline', 0), fallback)).toBe(
      'The server could not be reached.',
    );
  });

  it('shows the API’s sentence for an unknown code in English, the fallback in other languages', () => {
    const error = new ApiError('Something specific went wrong.', 409, 'SOMETHING_NEW');
    expect(appErrorText(i18nIn('en'), error, fallback)).toBe('Something specific went wrong.');
    // No catalog loaded here: the fallback's source text stands in for its translation.
    expect(appErrorText(i18nIn('de'), error, fallback)).toBe('Could not do that.');
  });
});
