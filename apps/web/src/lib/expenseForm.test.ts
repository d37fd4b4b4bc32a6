import {
  EXPENSE_MESSAGES,
  exactSumMessage,
  MSG_INVALID_AMOUNT,
  payerTotalMessage,
  splitValueMessage,
} from '@evenly/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inEnglish } from '@evenly/core';
import {
  buildExpenseRequest,
  EXPENSE_FORM_EMPTY_MESSAGE,
  expenseFormIssues,
  initialFormState,
  validateExpenseForm,
  type ExpenseFormState,
} from './expenseForm';
import { resetPageLocale, showPageIn } from './pageLocaleForTests';

const ann = { id: 1, name: 'Ann', email: 'ann@example.com' };
const bea = { id: 2, name: 'Bea', email: 'bea@example.com' };
const people = [ann.id, bea.id];

function form(over: Partial<ExpenseFormState> = {}): ExpenseFormState {
  return {
    ...initialFormState(ann.id, [ann, bea], null, 'USD'),
    description: 'Taxi',
    amount: '30',
    payers: [{ userId: ann.id, amount: '30' }],
    ...over,
  };
}

beforeEach(() => {
  vi.stubGlobal('navigator', { language: 'en-US' });
});
afterEach(resetPageLocale);

describe('the expense form says what the API would, in the form’s order', () => {
  it('passes a form the API takes', () => {
    expect(validateExpenseForm(form(), people)).toBeNull();
    expect(
      validateExpenseForm(form({ splitType: 'SHARE', values: { 1: '2', 2: '1' } }), people),
    ).toBeNull();
  });

  it('has one sentence for an empty form, then the API’s own per field', () => {
    expect(validateExpenseForm(form({ description: '', amount: '' }), people)).toBe(
      EXPENSE_FORM_EMPTY_MESSAGE,
    );
    expect(validateExpenseForm(form({ description: '  ' }), people)).toBe(
      EXPENSE_MESSAGES.descriptionEmpty,
    );
    expect(validateExpenseForm(form({ description: 'x'.repeat(256) }), people)).toBe(
      EXPENSE_MESSAGES.descriptionTooLong,
    );
    for (const amount of ['', '0', 'abc', '10.5555']) {
      expect(validateExpenseForm(form({ amount }), people)).toBe(MSG_INVALID_AMOUNT);
    }
    // Three digits after one separator could be thousands (issue #31 point 7): asked, not refused.
    expect(inEnglish(validateExpenseForm(form({ amount: '10.555' }), people))).toBe(
      'Did you mean 10.555 or 10,555? Please type it without thousands separators, e.g. 10555 or 10555.50.',
    );
    expect(validateExpenseForm(form({ notes: 'n'.repeat(2001) }), people)).toBe(
      EXPENSE_MESSAGES.notesTooLong,
    );
  });

  it('checks payers: a person of the form, once each, paying the whole amount', () => {
    expect(validateExpenseForm(form({ payers: [] }), people)).toBe(EXPENSE_MESSAGES.noPayers);
    expect(validateExpenseForm(form({ payers: [{ userId: null, amount: '30' }] }), people)).toBe(
      EXPENSE_MESSAGES.payerUser,
    );
    // Someone the server knows but the form does not offer.
    expect(validateExpenseForm(form({ payers: [{ userId: 9, amount: '30' }] }), people)).toBe(
      EXPENSE_MESSAGES.payerUser,
    );
    const twice = [
      { userId: ann.id, amount: '15' },
      { userId: ann.id, amount: '15' },
    ];
    expect(validateExpenseForm(form({ payers: twice }), people)).toBe(
      EXPENSE_MESSAGES.duplicatePayer,
    );
    const short = [
      { userId: ann.id, amount: '10' },
      { userId: bea.id, amount: '10' },
    ];
    expect(validateExpenseForm(form({ payers: short }), people)).toEqual(
      payerTotalMessage(2000, 3000, 'USD'),
    );
    expect(inEnglish(payerTotalMessage(2000, 3000, 'USD'))).toBe(
      'Total amount paid (20.00) must equal the expense amount (30.00).',
    );
  });

  it('checks the split: someone in it, a value for each, sums that add up', () => {
    expect(validateExpenseForm(form({ included: [] }), people)).toBe(EXPENSE_MESSAGES.noSplits);
    // An empty field (they start empty) counts as 0; something unreadable is refused.
    expect(validateExpenseForm(form({ splitType: 'EXACT', values: { 1: '30' } }), people)).toBe(
      null,
    );
    expect(
      validateExpenseForm(form({ splitType: 'EXACT', values: { 1: '20', 2: '' } }), people),
    ).toEqual(exactSumMessage(2000, 3000, 'USD'));
    expect(
      validateExpenseForm(form({ splitType: 'EXACT', values: { 1: '30', 2: '.' } }), people),
    ).toBe(splitValueMessage('EXACT'));
    expect(
      validateExpenseForm(form({ splitType: 'EXACT', values: { 1: '10', 2: '15' } }), people),
    ).toEqual(exactSumMessage(2500, 3000, 'USD'));
    expect(
      validateExpenseForm(form({ splitType: 'PERCENTAGE', values: { 1: '50', 2: '' } }), people),
    ).toBe(EXPENSE_MESSAGES.percentagesSum);
    expect(
      validateExpenseForm(form({ splitType: 'PERCENTAGE', values: { 1: '50', 2: '.' } }), people),
    ).toBe(splitValueMessage('PERCENTAGE'));
    expect(validateExpenseForm(form({ splitType: 'SHARE', values: {} }), people)).toBe(
      EXPENSE_MESSAGES.sharesAllZero,
    );
    expect(
      validateExpenseForm(form({ splitType: 'PERCENTAGE', values: { 1: '50', 2: '40' } }), people),
    ).toBe(EXPENSE_MESSAGES.percentagesSum);
    expect(
      validateExpenseForm(
        form({ splitType: 'PERCENTAGE', values: { 1: '33,3333', 2: '66,6667' } }),
        people,
      ),
    ).toBeNull();
    expect(
      validateExpenseForm(form({ splitType: 'SHARE', values: { 1: '0', 2: '0' } }), people),
    ).toBe(EXPENSE_MESSAGES.sharesAllZero);
    expect(
      validateExpenseForm(form({ splitType: 'SHARE', values: { 1: '1.5', 2: '1' } }), people),
    ).toBe(splitValueMessage('SHARE'));
  });

  it('gives every problem with the field it belongs to', () => {
    const issues = expenseFormIssues(
      form({ description: '', amount: '0', payers: [{ userId: null, amount: '0' }] }),
      people,
    );
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['description', EXPENSE_MESSAGES.descriptionEmpty],
      ['amount', MSG_INVALID_AMOUNT],
      ['payers.0.userId', EXPENSE_MESSAGES.payerUser],
    ]);
  });

  it('reads amounts in the page’s language', () => {
    showPageIn('de', 'de-DE');
    const state = form({ amount: '1.234,50', payers: [{ userId: ann.id, amount: '1.234,50' }] });
    expect(validateExpenseForm(state, people)).toBeNull();
    expect(buildExpenseRequest(state, null).amount).toBe('1234.5');
  });
});
