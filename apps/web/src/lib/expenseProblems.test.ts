import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { EXPENSE_MESSAGES, payerTotalMessage } from '@evenly/core';
import { messages as german } from '../locales/app/de';
import { expenseProblemText, translateProblems } from './expenseProblems';

describe('expense form problems in the reader’s language', () => {
  const de = setupI18n({ locale: 'de', messages: { de: german } });

  it("chooses the form's sentence by core's English one, values kept", () => {
    expect(expenseProblemText(de, EXPENSE_MESSAGES.descriptionEmpty)).toBe(
      'Bitte gib eine Beschreibung ein.',
    );
    expect(expenseProblemText(de, payerTotalMessage(1000, 1200, 'EUR'))).toBe(
      'Der bezahlte Gesamtbetrag (10.00) muss dem Betrag der Ausgabe (12.00) entsprechen.',
    );
  });

  it('keeps a sentence it does not know, and every field of a form', () => {
    expect(expenseProblemText(de, 'Something new.')).toBe('Something new.');
    expect(
      translateProblems(de, { description: EXPENSE_MESSAGES.descriptionEmpty, amount: undefined }),
    ).toEqual({ description: 'Bitte gib eine Beschreibung ein.' });
  });
});
