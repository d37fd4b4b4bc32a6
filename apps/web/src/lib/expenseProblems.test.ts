import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import {
  EXPENSE_MESSAGES,
  ITEM_SPLIT_MESSAGES,
  payerTotalMessage,
  RECURRENCE_MESSAGES,
  splitValueMessage,
  tooManyDecimalsMessage,
} from '@evenly/core';
import { messages as german } from '../locales/app/de';
import { translateProblems } from './expenseProblems';
import { FORM_MESSAGES } from './recurrence';

describe('expense form problems in the reader’s language', () => {
  const de = setupI18n({ locale: 'de', messages: { de: german } });

  it("shows core's descriptors from the catalog, their values filled in", () => {
    expect(translateProblems(de, { description: EXPENSE_MESSAGES.descriptionEmpty })).toEqual({
      description: 'Bitte gib eine Beschreibung ein.',
    });
    expect(translateProblems(de, { payers: payerTotalMessage(1000, 1200, 'EUR') })).toEqual({
      payers: 'Der bezahlte Gesamtbetrag (10.00) muss dem Betrag der Ausgabe (12.00) entsprechen.',
    });
    expect(translateProblems(de, { amount: tooManyDecimalsMessage('JPY') })).toEqual({
      amount: 'Beträge in JPY dürfen höchstens 0 Nachkommastellen haben.',
    });
    expect(translateProblems(de, { payers: EXPENSE_MESSAGES.tooManyPayers }).payers).toContain(
      '50',
    );
  });

  it('needs no English: a changed English default keeps the translation (matched by id)', () => {
    const reworded = { ...RECURRENCE_MESSAGES.endBoth, message: 'Some new English wording.' };
    expect(translateProblems(de, { repeat: reworded }).repeat).toBe(
      translateProblems(de, { repeat: RECURRENCE_MESSAGES.endBoth }).repeat,
    );
    expect(translateProblems(de, { repeat: reworded }).repeat).not.toMatch(/English/);
  });

  it("shows the form's own problems and a server's words, and skips fields without one", () => {
    expect(
      translateProblems(de, {
        repeat: FORM_MESSAGES.endDateMissing,
        split: splitValueMessage('SHARE'),
        notes: 'What the server said.',
        amount: undefined,
      }),
    ).toEqual({
      repeat: 'Bitte wähle ein Enddatum.',
      split: 'Bitte gib für jede Person eine gültige Anzahl Anteile ein.',
      notes: 'What the server said.',
    });
    expect(translateProblems(de, { items: ITEM_SPLIT_MESSAGES.unassignedNumber(2) }).items).toBe(
      'Ordne „Posten 2“ mindestens einer Person zu.',
    );
  });
});
