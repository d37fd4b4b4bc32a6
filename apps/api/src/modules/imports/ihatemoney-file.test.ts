import { describe, expect, it } from 'vitest';
import { readIhateMoney } from './ihatemoney-file.js';
import { problemsOf, sample, totalsOf } from './import-test-support.js';

describe("IHateMoney's bills export", () => {
  it('reads the CSV sample: weighted shares, the quote before a formula removed, reimbursements as payments', () => {
    const file = readIhateMoney(sample('ihatemoney.csv'));
    expect(file.people).toEqual(['Ann', 'Bea', 'Cy']);
    expect(file.rows.map((r) => [r.description, r.isPayment])).toEqual([
      ['Groceries', false],
      ['Wine', false],
      ['=cmd', false],
      ['Refund', true],
    ]);
    // Groceries 60 over weights 1, 2, 1; Wine 30 over 1, 2; 9.99 over 1, 1 (the odd cent to the
    // first ower); Bea paid Ann back 15.
    expect(totalsOf(file, 'EUR')).toEqual({ Ann: 15, Bea: -5, Cy: -10 });
    expect(file.rows.map((r) => r.line)).toEqual([2, 3, 4, 5]);
  });

  it('reads the JSON sample', () => {
    const file = readIhateMoney(sample('ihatemoney.json'));
    expect(file.people).toEqual(['Dan', 'Eve']);
    expect(totalsOf(file, 'EUR')).toEqual({ Dan: 4, Eve: -4 });
  });

  it('names the line of each bad bill, and asks for a currency when the project had none', () => {
    const bad = Buffer.from(
      'what,bill_type,amount,currency,date,payer_name,payer_weight,owers\n' +
        'A,Expense,1.234,EUR,2025-01-01,Ann,1,Bea\n' +
        'B,Expense,5,XXX,2025-01-01,Ann,1,Bea\n' +
        'C,Expense,5,EUR,01/01/2025,Ann,1,Bea\n',
    );
    expect(problemsOf(() => readIhateMoney(bad))).toEqual([
      'Line 2: "1.234" is not an amount in EUR.',
      `Line 3: the bill "B" has no currency: choose the project's currency in IHateMoney's settings and export again.`,
      'Line 4: "01/01/2025" is not a date (YYYY-MM-DD).',
    ]);
  });
});
