import { describe, expect, it } from 'vitest';
import { inEnglish } from '../message.js';
import fc from 'fast-check';
import { formatIssuePath } from './issues.js';
import {
  checkExpenseRules,
  expenseFieldsSchema,
  expenseInputSchema,
  validateExpenseInput,
} from './expense.js';

const base = {
  description: 'Dinner',
  amount: 90,
  splitType: 'SHARE',
  payers: [{ userId: 1, amountPaid: 90 }],
  splits: [
    { userId: 1, value: 2 },
    { userId: 5, value: 1 },
  ],
};

function messages(input: unknown): string[] {
  const r = expenseInputSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

function issues(input: unknown): [string, string][] {
  const r = expenseInputSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => [formatIssuePath(i.path), i.message]);
}

describe('expenseInputSchema: valid input', () => {
  it('normalises the contract example', () => {
    const r = expenseInputSchema.parse(base);
    expect(r).toEqual({
      description: 'Dinner',
      amount: 9000,
      currency: null,
      amountCurrency: 'USD',
      date: null,
      groupId: null,
      splitType: 'SHARE',
      payers: [{ userId: 1, amountPaid: 9000 }],
      splits: [
        { userId: 1, value: 2 },
        { userId: 5, value: 1 },
      ],
      notes: null,
      removeReceipt: false,
      category: null,
      items: null,
    });
  });
  it('reads the category: an id in any case, blank or absent → null, unknown → its message', () => {
    expect(expenseInputSchema.parse({ ...base, category: ' Dining_Out ' }).category).toBe(
      'dining_out',
    );
    expect(expenseInputSchema.parse({ ...base, category: '' }).category).toBeNull();
    expect(expenseInputSchema.parse({ ...base, category: null }).category).toBeNull();
    const bad = expenseInputSchema.safeParse({ ...base, category: 'snacks' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['category']);
    expect(bad.error?.issues[0]?.message).toBe(
      'Unknown category "snacks". Category must be one of the category ids that GET /api/categories lists (e.g. "groceries").',
    );
    expect(expenseInputSchema.safeParse({ ...base, category: 3 }).success).toBe(false);
  });
  it('trims strings, upper-cases currency, keeps dates and group ids, blank notes → null', () => {
    const r = expenseInputSchema.parse({
      ...base,
      description: '  Taxi  ',
      currency: ' eur ',
      date: '2024-02-29',
      groupId: 7,
      notes: '   ',
      removeReceipt: true,
    });
    expect(r.description).toBe('Taxi');
    expect(r.currency).toBe('EUR');
    expect(r.date).toBe('2024-02-29');
    expect(r.groupId).toBe(7);
    expect(r.notes).toBeNull();
    expect(r.removeReceipt).toBe(true);
  });
  it('EQUAL ignores values whatever they hold', () => {
    const r = expenseInputSchema.parse({
      ...base,
      splitType: 'EQUAL',
      splits: [{ userId: 1, value: 'junk' }, { userId: 5 }, { userId: 6, value: { a: 1 } }],
    });
    expect(r.splits).toEqual([
      { userId: 1, value: null },
      { userId: 5, value: null },
      { userId: 6, value: null },
    ]);
  });
  it('EXACT values become cents; numeric strings accepted', () => {
    const r = expenseInputSchema.parse({
      ...base,
      amount: '50.00',
      payers: [{ userId: 1, amountPaid: '50' }],
      splitType: 'EXACT',
      splits: [
        { userId: 1, value: '12.34' },
        { userId: 5, value: 37.66 },
      ],
    });
    expect(r.amount).toBe(5000);
    expect(r.splits).toEqual([
      { userId: 1, value: 1234 },
      { userId: 5, value: 3766 },
    ]);
  });
  it('PERCENTAGE values become numbers; SHARE whole numbers', () => {
    const r = expenseInputSchema.parse({
      ...base,
      splitType: 'PERCENTAGE',
      splits: [
        { userId: 1, value: '33.3333' },
        { userId: 5, value: 33.3333 },
        { userId: 6, value: 33.3334 },
      ],
    });
    expect(r.splits.map((s) => s.value)).toEqual([33.3333, 33.3333, 33.3334]);
    const s = expenseInputSchema.parse({ ...base, splits: [{ userId: 1, value: '3' }] });
    expect(s.splits).toEqual([{ userId: 1, value: 3 }]);
  });
  it('percentages within 0.005 of 100 pass', () => {
    expect(
      messages({
        ...base,
        splitType: 'PERCENTAGE',
        splits: [
          { userId: 1, value: 33.333 },
          { userId: 5, value: 33.333 },
          { userId: 6, value: 33.339 },
        ],
      }),
    ).toEqual([]);
    expect(
      messages({
        ...base,
        splitType: 'PERCENTAGE',
        splits: [
          { userId: 1, value: 49.995 },
          { userId: 5, value: 50 },
        ],
      }),
    ).toEqual([]);
  });
  it('multiple payers summing exactly to the amount', () => {
    expect(
      messages({
        ...base,
        payers: [
          { userId: 1, amountPaid: 40.5 },
          { userId: 2, amountPaid: '49.50' },
          { userId: 3, amountPaid: 0 },
        ],
      }),
    ).toEqual([]);
  });
});

describe('expenseInputSchema: field messages', () => {
  it.each([
    [{ description: undefined }, 'description', 'Please enter a description.'],
    [{ description: '   ' }, 'description', 'Please enter a description.'],
    [{ description: 5 }, 'description', 'Please enter a description.'],
    [
      { description: 'x'.repeat(256) },
      'description',
      'Description must be at most 255 characters.',
    ],
    [{ amount: undefined }, 'amount', 'Please enter a valid positive amount.'],
    [{ amount: 0 }, 'amount', 'Please enter a valid positive amount.'],
    [{ amount: -5 }, 'amount', 'Please enter a valid positive amount.'],
    [{ amount: 'abc' }, 'amount', 'Please enter a valid positive amount.'],
    [{ amount: '1e2' }, 'amount', 'Please enter a valid positive amount.'],
    [{ amount: 12.345 }, 'amount', 'Amounts can have at most 2 decimal places.'],
    [{ amount: 100000000 }, 'amount', 'Amount must be at most 99,999,999.99.'],
    [{ currency: 'EURO' }, 'currency', 'Currency must be a 3-letter ISO 4217 code.'],
    [{ currency: 'ABC' }, 'currency', 'Currency must be a 3-letter ISO 4217 code.'],
    [{ currency: 12 }, 'currency', 'Currency must be a 3-letter ISO 4217 code.'],
    [{ date: '2025-02-30' }, 'date', 'Please enter a valid date (YYYY-MM-DD).'],
    [{ date: '1899-12-31' }, 'date', 'Please enter a valid date (YYYY-MM-DD).'],
    [{ date: '2101-01-01' }, 'date', 'Please enter a valid date (YYYY-MM-DD).'],
    [{ date: '2025-3-14' }, 'date', 'Please enter a valid date (YYYY-MM-DD).'],
    [{ date: '2025-03-14T00:00:00Z' }, 'date', 'Please enter a valid date (YYYY-MM-DD).'],
    [{ groupId: 0 }, 'groupId', 'Invalid Group ID.'],
    [{ groupId: 'abc' }, 'groupId', 'Invalid Group ID.'],
    [
      { splitType: 'HALF' },
      'splitType',
      'Please choose a split type: EQUAL, EXACT, PERCENTAGE or SHARE.',
    ],
    [
      { splitType: undefined },
      'splitType',
      'Please choose a split type: EQUAL, EXACT, PERCENTAGE or SHARE.',
    ],
    [{ payers: [] }, 'payers', 'At least one payer is required.'],
    [{ payers: undefined }, 'payers', 'At least one payer is required.'],
    [{ payers: 'x' }, 'payers', 'At least one payer is required.'],
    [
      { payers: [{ amountPaid: 90 }] },
      'payers[0].userId',
      'Please select a valid user for each payer.',
    ],
    [
      { payers: [{ userId: 1.5, amountPaid: 90 }] },
      'payers[0].userId',
      'Please select a valid user for each payer.',
    ],
    [
      { payers: [{ userId: 1, amountPaid: -1 }] },
      'payers[0].amountPaid',
      'Please enter a valid positive amount.',
    ],
    [{ splits: [] }, 'splits', 'Please select at least one person to split the expense with.'],
    [
      { splits: [{ userId: -1, value: 1 }] },
      'splits[0].userId',
      'Please select a valid user for each person in the split.',
    ],
    [
      { splits: [{ userId: 1 }] },
      'splits[0].value',
      'Please enter a valid share value for each person.',
    ],
    [
      { splits: [{ userId: 1, value: 1.5 }] },
      'splits[0].value',
      'Please enter a valid share value for each person.',
    ],
    [{ notes: 'n'.repeat(2001) }, 'notes', 'Notes must be at most 2000 characters.'],
  ])('%j → %s: %s', (patch, path, message) => {
    expect(issues({ ...base, ...patch })).toEqual([[path, message]]);
  });

  it('accepts limits exactly', () => {
    expect(messages({ ...base, description: 'x'.repeat(255), notes: 'n'.repeat(2000) })).toEqual(
      [],
    );
    expect(messages({ ...base, date: '1900-01-01' })).toEqual([]);
    expect(messages({ ...base, date: '2100-12-31' })).toEqual([]);
    expect(
      messages({
        ...base,
        amount: 99999999.99,
        payers: [{ userId: 1, amountPaid: '99999999.99' }],
      }),
    ).toEqual([]);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(messages({ ...base, description: '😀'.repeat(255) })).toEqual([]);
  });
  it('limits payers to 50 and splits to 100', () => {
    const payers = Array.from({ length: 51 }, (_, i) => ({ userId: i + 1, amountPaid: 0 }));
    expect(issues({ ...base, payers })[0]?.[0]).toBe('payers');
    const splits = Array.from({ length: 101 }, (_, i) => ({ userId: i + 1, value: 1 }));
    expect(issues({ ...base, splits })[0]?.[0]).toBe('splits');
  });
  it('per-type value messages', () => {
    expect(
      inEnglish(messages({ ...base, splitType: 'EXACT', splits: [{ userId: 1, value: 'x' }] })),
    ).toEqual(['Please enter a valid exact value for each person.']);
    expect(
      messages({ ...base, splitType: 'EXACT', splits: [{ userId: 1, value: 1.234 }] }),
    ).toEqual(['Amounts can have at most 2 decimal places.']);
    expect(
      messages({ ...base, splitType: 'PERCENTAGE', splits: [{ userId: 1, value: null }] }),
    ).toEqual(['Please enter a valid percentage value for each person.']);
    expect(
      messages({ ...base, splitType: 'PERCENTAGE', splits: [{ userId: 1, value: 100.5 }] }),
    ).toEqual(['Please enter a valid percentage value for each person.']);
    expect(
      messages({ ...base, splitType: 'PERCENTAGE', splits: [{ userId: 1, value: '12.34567' }] }),
    ).toEqual(['Please enter a valid percentage value for each person.']);
  });
  it('a non-object body reports every required field, in table order', () => {
    expect(inEnglish(messages(null))).toEqual([
      'Please enter a description.',
      'Please enter a valid positive amount.',
      'Please choose a split type: EQUAL, EXACT, PERCENTAGE or SHARE.',
      'At least one payer is required.',
      'Please select at least one person to split the expense with.',
    ]);
  });
  it('lists all field problems in table order, with paths', () => {
    expect(
      issues({
        ...base,
        description: '',
        amount: 'x',
        payers: [
          { userId: 1, amountPaid: 90 },
          { userId: 'a', amountPaid: 'b' },
        ],
        splits: [{ userId: 1, value: 'z' }],
      }),
    ).toEqual([
      ['description', 'Please enter a description.'],
      ['amount', 'Please enter a valid positive amount.'],
      ['payers[1].userId', 'Please select a valid user for each payer.'],
      ['payers[1].amountPaid', 'Please enter a valid positive amount.'],
      ['splits[0].value', 'Please enter a valid share value for each person.'],
    ]);
  });
});

describe('expenseInputSchema: rules 1–3 in order', () => {
  it('duplicates', () => {
    expect(
      issues({
        ...base,
        payers: [
          { userId: 1, amountPaid: 45 },
          { userId: 1, amountPaid: 45 },
        ],
      }),
    ).toEqual([['payers', 'Each person can appear only once among the payers.']]);
    expect(
      issues({
        ...base,
        splits: [
          { userId: 5, value: 1 },
          { userId: 5, value: 1 },
        ],
      }),
    ).toEqual([['splits', 'Each person can appear only once in the split.']]);
  });
  it('payer total must equal the amount exactly', () => {
    expect(
      inEnglish(issues({ ...base, amount: 50, payers: [{ userId: 1, amountPaid: 40 }] })),
    ).toEqual([['payers', 'Total amount paid (40.00) must equal the expense amount (50.00).']]);
    expect(
      messages({ ...base, amount: 1234.5, payers: [{ userId: 1, amountPaid: 1234.49 }] }),
    ).toEqual(['Total amount paid (1234.49) must equal the expense amount (1234.50).']);
  });
  it('EXACT sum', () => {
    expect(
      issues({
        ...base,
        amount: 50,
        payers: [{ userId: 1, amountPaid: 50 }],
        splitType: 'EXACT',
        splits: [
          { userId: 1, value: 20 },
          { userId: 5, value: 29.99 },
        ],
      }),
    ).toEqual([
      ['splits', 'Sum of exact split amounts (49.99) must equal the expense amount (50.00).'],
    ]);
  });
  it('PERCENTAGE sum', () => {
    expect(
      messages({
        ...base,
        splitType: 'PERCENTAGE',
        splits: [
          { userId: 1, value: 50 },
          { userId: 5, value: 49.99 },
        ],
      }),
    ).toEqual(['Percentages must add up to 100.']);
    expect(
      messages({
        ...base,
        splitType: 'PERCENTAGE',
        splits: [
          { userId: 1, value: 50 },
          { userId: 5, value: 50.0051 },
        ],
      }),
    ).toEqual(['Percentages must add up to 100.']);
  });
  it('SHARE all zero', () => {
    expect(
      messages({
        ...base,
        splits: [
          { userId: 1, value: 0 },
          { userId: 5, value: '0' },
        ],
      }),
    ).toEqual(['At least one person must have a positive number of shares.']);
  });
  it('reports every failing rule in the contract order', () => {
    expect(
      messages({
        ...base,
        amount: 50,
        payers: [
          { userId: 1, amountPaid: 10 },
          { userId: 1, amountPaid: 10 },
        ],
        splits: [
          { userId: 5, value: 0 },
          { userId: 5, value: 0 },
        ],
      }),
    ).toEqual([
      'Each person can appear only once among the payers.',
      'Each person can appear only once in the split.',
      'Total amount paid (20.00) must equal the expense amount (50.00).',
      'At least one person must have a positive number of shares.',
    ]);
  });
  it('rules do not run while fields are invalid (field errors come first)', () => {
    expect(
      inEnglish(messages({ ...base, description: '', payers: [{ userId: 1, amountPaid: 1 }] })),
    ).toEqual(['Please enter a description.']);
  });
  it('expenseFieldsSchema checks shapes only; checkExpenseRules runs the rules', () => {
    const input = { ...base, payers: [{ userId: 1, amountPaid: 1 }] };
    const fields = expenseFieldsSchema.parse(input);
    expect(inEnglish(checkExpenseRules(fields).map((i) => i.message))).toEqual([
      'Total amount paid (1.00) must equal the expense amount (90.00).',
    ]);
  });
});

describe('expense validation properties', () => {
  it('any valid EQUAL expense with one payer paying all is accepted and round-trips amounts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999_999 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 100 }),
        (amountCents, ids) => {
          const amount = amountCents / 100;
          const r = validateExpenseInput({
            description: 'x',
            amount,
            splitType: 'EQUAL',
            payers: [{ userId: ids[0], amountPaid: String(amount) }],
            splits: ids.map((userId) => ({ userId })),
          });
          expect(r.ok).toBe(true);
          if (r.ok) expect(r.value.amount).toBe(amountCents);
        },
      ),
    );
  });
});
