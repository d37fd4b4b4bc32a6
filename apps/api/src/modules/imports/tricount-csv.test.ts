import { describe, expect, it } from 'vitest';
import { readTricountCsv } from './tricount-csv.js';
import { problemsOf, sample, totalsOf } from './import-test-support.js';

describe("Tricount's CSV export", () => {
  it('reads the sample: parts as weights, the default currency, transfers and income', () => {
    const file = readTricountCsv(sample('tricount.csv'));
    expect(file.people).toEqual(['Ann', 'Bea', 'Cy']);
    expect(file.rows.map((r) => [r.description, r.isPayment, r.date])).toEqual([
      ['Groceries', false, '2025-06-01'],
      ['Museum', false, '2025-06-02'],
      ['Transfer', true, '2025-06-03'],
      ['Refund', false, '2025-06-04'],
    ]);
    expect(file.rows[1]?.original).toEqual({ costCents: 3000, currency: 'USD' });
    expect(totalsOf(file, 'EUR')).toEqual({ Ann: 5, Bea: 3.5, Cy: -8.5 });
  });

  it('reads a semicolon file with one Impacted to cell of names', () => {
    const text =
      'Title;Amount;Currency;Date & time;Paid by;Impacted to\n' +
      'Taxi;-12,00;EUR;2025-01-02 08:00;Ann;Ann, Bea, Cy\n';
    const file = readTricountCsv(Buffer.from(text));
    expect(totalsOf(file, 'EUR')).toEqual({ Ann: 8, Bea: -4, Cy: -4 });
  });

  it('names the line of each bad row', () => {
    const text =
      'Title,Amount,Currency,Date & time,Paid by,Impacted to\n' +
      'A,abc,EUR,2025-01-02,Ann,Bea\n' +
      'B,5,EUR,someday,Ann,Bea\n';
    expect(problemsOf(() => readTricountCsv(Buffer.from(text)))).toEqual([
      'Line 2: "abc" is not an amount in EUR.',
      'Line 3: "someday" is not a date.',
    ]);
  });
});
