import { describe, expect, it } from 'vitest';
import { readEvenlyGroupJson } from './evenly-json.js';
import { problemsOf, sample, totalsOf } from './import-test-support.js';

describe("Evenly's own group JSON export", () => {
  it("reads the sample: the ledger's pro-rata effects, converted entries in their original currency", () => {
    const file = readEvenlyGroupJson(sample('evenly.json'));
    expect(file.people).toEqual(['Ann', 'Bea', 'Cy']);
    expect(file.rows.map((r) => [r.description, r.isPayment, r.currency, r.line])).toEqual([
      ['Ferry', false, 'EUR', 12],
      ['Groceries', false, 'EUR', 13],
      ['Sushi', false, 'EUR', 14],
      ['', true, 'EUR', 17],
    ]);
    // Groceries: two payers of 50 for 33.34/33.33/33.33 book Ann +16.67 and Bea +16.66 (each
    // share owed to the payers pro rata), not paid − owed (16.66 and 16.67).
    expect(file.rows[1]?.effects).toEqual([1667, 1666, -3333]);
    expect(file.rows[2]?.original).toEqual({ costCents: 3000, currency: 'JPY' });
    expect(totalsOf(file, 'EUR')).toEqual({ Ann: 56.67, Bea: -4.09, Cy: -52.58 });
  });

  it('names the line of an entry whose payer is not in the file', () => {
    const text = sample('evenly.json').toString().replace('"paidBy":{"id":13', '"paidBy":{"id":99');
    expect(problemsOf(() => readEvenlyGroupJson(Buffer.from(text)))).toEqual([
      'Line 17: payment 1 has a bad amount or a payer or recipient not in the file.',
    ]);
  });
});
