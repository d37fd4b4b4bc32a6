import { describe, expect, it } from 'vitest';
import { formatIssuePath } from './issues.js';
import { paymentInputSchema, settleInputSchema } from './payment.js';

function issues(schema: typeof paymentInputSchema | typeof settleInputSchema, input: unknown) {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => [formatIssuePath(i.path), i.message]);
}

describe('paymentInputSchema', () => {
  it('parses and normalises', () => {
    expect(
      paymentInputSchema.parse({
        paidToUserId: 1,
        amount: '25',
        currency: 'usd',
        date: '2025-03-15',
      }),
    ).toEqual({
      paidToUserId: 1,
      paidByUserId: null,
      amount: 2500,
      amountCurrency: 'USD',
      date: '2025-03-15',
      currency: 'USD',
      groupId: null,
    });
    expect(
      paymentInputSchema.parse({ paidToUserId: 1, paidByUserId: 5, amount: 0.5, groupId: 7 }),
    ).toMatchObject({
      paidByUserId: 5,
      amount: 50,
      groupId: 7,
    });
  });
  it.each([
    [{ amount: 10 }, 'paidToUserId', 'Please select a recipient.'],
    [{ paidToUserId: 'x', amount: 10 }, 'paidToUserId', 'Please select a recipient.'],
    [{ paidToUserId: 1, amount: 0 }, 'amount', 'Please enter a valid positive amount.'],
    [{ paidToUserId: 1 }, 'amount', 'Please enter a valid positive amount.'],
    [{ paidToUserId: 1, amount: 1.001 }, 'amount', 'Amounts can have at most 2 decimal places.'],
    [
      { paidToUserId: 1, amount: 1, date: '2025-13-01' },
      'date',
      'Please enter a valid date (YYYY-MM-DD).',
    ],
    [
      { paidToUserId: 1, amount: 1, currency: 'XYZ' },
      'currency',
      'Currency must be a 3-letter ISO 4217 code.',
    ],
    [{ paidToUserId: 1, amount: 1, groupId: -3 }, 'groupId', 'Invalid Group ID.'],
    [
      { paidToUserId: 1, paidByUserId: 0, amount: 1 },
      'paidByUserId',
      'Please select a valid payer.',
    ],
    [
      { paidToUserId: 4, paidByUserId: 4, amount: 1 },
      'paidToUserId',
      'The payer and the recipient must be different people.',
    ],
  ])('%j → %s: %s', (input, path, message) => {
    expect(issues(paymentInputSchema, input)).toEqual([[path, message]]);
  });
});

describe('settleInputSchema', () => {
  it('parses with USD default', () => {
    expect(settleInputSchema.parse({ otherUserId: 5, direction: 'I_PAID', amount: 12.5 })).toEqual({
      otherUserId: 5,
      direction: 'I_PAID',
      amount: 1250,
      date: null,
      currency: 'USD',
    });
    expect(
      settleInputSchema.parse({
        otherUserId: 5,
        direction: 'THEY_PAID',
        amount: '1',
        currency: 'eur',
      }).currency,
    ).toBe('EUR');
  });
  it.each([
    [
      { direction: 'I_PAID', amount: 1 },
      'otherUserId',
      'Please select a friend and enter a valid positive amount.',
    ],
    [
      { otherUserId: 5, direction: 'I_PAID', amount: 0 },
      'amount',
      'Please select a friend and enter a valid positive amount.',
    ],
    [
      { otherUserId: 5, direction: 'I_PAID' },
      'amount',
      'Please select a friend and enter a valid positive amount.',
    ],
    [
      { otherUserId: 5, direction: 'I_PAID', amount: 1.234 },
      'amount',
      'Amounts can have at most 2 decimal places.',
    ],
    [
      { otherUserId: 5, direction: 'BOTH', amount: 1 },
      'direction',
      'Direction must be I_PAID or THEY_PAID.',
    ],
  ])('%j → %s: %s', (input, path, message) => {
    expect(issues(settleInputSchema, input)).toEqual([[path, message]]);
  });
});
