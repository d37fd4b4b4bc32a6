import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { messages as german } from '../locales/app/de';
import { messages as english } from '../locales/app/en';
import type { OutboxProblem } from './outboxTypes';
import { outboxProblemText } from './problemText';

const problem = (over: Partial<OutboxProblem>): OutboxProblem => ({
  code: null,
  message: 'The server said this in English.',
  kept: null,
  keptUpdatedAt: null,
  gone: false,
  ...over,
});

describe('a refused offline change, as stored in IndexedDB, in the current language', () => {
  const de = setupI18n({ locale: 'de', messages: { de: german } });
  const en = setupI18n({ locale: 'en', messages: { en: english } });

  it('words the stored reason in German, not the English it was stored with', () => {
    const deleted = problem({ code: 'NOT_FOUND', reason: 'deleted', gone: true });
    expect(outboxProblemText(de, 'payment', deleted)).toBe(
      'Diese Zahlung wurde gelöscht, während du offline warst.',
    );
    expect(outboxProblemText(en, 'comment', deleted)).toBe(
      'This expense was deleted while you were offline.',
    );
    const blocked = problem({ code: 'EDIT_CONFLICT', reason: 'changed', blocked: true });
    expect(outboxProblemText(de, 'expense', blocked)).toMatch(/^Jemand anderes hat diese Ausgabe/);
    expect(outboxProblemText(de, 'expense', blocked)).not.toMatch(/English|offline could/);
  });

  it("shows a refusal by its code's words, and the server's sentence in English", () => {
    const refused = problem({ code: 'NOT_GROUP_MEMBER', reason: 'refused' });
    expect(outboxProblemText(de, 'expense', refused)).toBe(
      'Eine der gewählten Personen ist kein Mitglied dieser Gruppe.',
    );
    expect(outboxProblemText(en, 'expense', refused)).toBe('The server said this in English.');
  });
});
