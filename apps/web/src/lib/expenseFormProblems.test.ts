import { describe, expect, it } from 'vitest';
import { inEnglish } from '@evenly/core';
import { type ExpenseFormState, expenseFormProblems, initialFormState } from './expenseForm';

const ANN = { id: 1, name: 'Ann', email: 'ann@example.com' };
const BEA = { id: 2, name: 'Bea', email: 'bea@example.com' };
const IDS = [ANN.id, BEA.id];

function form(patch: Partial<ExpenseFormState> = {}): ExpenseFormState {
  return { ...initialFormState(ANN.id, [ANN, BEA], null, 'USD'), ...patch };
}

describe('expenseFormProblems', () => {
  it('marks every empty required field at once, each with its own message', () => {
    expect(inEnglish(expenseFormProblems(form(), IDS))).toEqual({
      description: 'Please enter a description.',
      amount: 'Please enter a valid positive amount.',
    });
  });

  it('finds nothing in a complete equal split', () => {
    const state = form({
      description: 'Dinner',
      amount: '30',
      payers: [{ userId: ANN.id, amount: '30' }],
    });
    expect(expenseFormProblems(state, IDS)).toEqual({});
  });

  it("names the amount's own problem and leaves the sums until the amount is valid", () => {
    const state = form({
      description: 'Dinner',
      amount: '0',
      payers: [
        { userId: ANN.id, amount: '10' },
        { userId: BEA.id, amount: '5' },
      ],
      splitType: 'EXACT',
      values: { [ANN.id]: '1', [BEA.id]: '2' },
    });
    expect(inEnglish(expenseFormProblems(state, IDS))).toEqual({
      amount: 'Please enter a valid positive amount.',
    });
  });

  it('puts payer and split problems on their own fields, beside the others', () => {
    const state = form({
      description: '',
      amount: '30',
      payers: [
        { userId: ANN.id, amount: '10' },
        { userId: BEA.id, amount: '10' },
      ],
      splitType: 'PERCENTAGE',
      values: { [ANN.id]: '50', [BEA.id]: '30' },
    });
    expect(inEnglish(expenseFormProblems(state, IDS))).toEqual({
      description: 'Please enter a description.',
      payers: 'Total amount paid (20.00) must equal the expense amount (30.00).',
      split: 'Percentages must add up to 100.',
    });
  });

  it('reports a payer who is not a participant, or one named twice', () => {
    const base = { description: 'Taxi', amount: '30' };
    expect(
      inEnglish(
        expenseFormProblems(form({ ...base, payers: [{ userId: null, amount: '30' }] }), IDS)
          .payers,
      ),
    ).toBe('Please select a valid user for each payer.');
    expect(
      inEnglish(
        expenseFormProblems(
          form({
            ...base,
            payers: [
              { userId: ANN.id, amount: '15' },
              { userId: ANN.id, amount: '15' },
            ],
          }),
          IDS,
        ).payers,
      ),
    ).toBe('Each person can appear only once among the payers.');
  });

  it('leaves "no payer at all" to the payers editor, which says so and disables saving', () => {
    const state = form({ description: 'Taxi', amount: '30', payers: [] });
    expect(expenseFormProblems(state, IDS)).toEqual({});
  });

  it('asks for at least one person in the split', () => {
    const state = form({
      description: 'Taxi',
      amount: '30',
      payers: [{ userId: ANN.id, amount: '30' }],
      included: [],
    });
    expect(inEnglish(expenseFormProblems(state, IDS).split)).toBe(
      'Please select at least one person to split the expense with.',
    );
  });
});
