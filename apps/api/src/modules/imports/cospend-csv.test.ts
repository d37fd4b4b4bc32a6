import { describe, expect, it } from 'vitest';
import { readCospendCsv } from './cospend-csv.js';
import { problemsOf, sample, totalsOf } from './import-test-support.js';

describe("Cospend's project CSV export", () => {
  it('reads the sample: member weights, the trash left out, category -11 as a payment', () => {
    const file = readCospendCsv(sample('cospend.csv'));
    expect(file.people).toEqual(['Ann', 'Bea', 'Cy']);
    expect(file.rows.map((r) => [r.description, r.isPayment, r.line])).toEqual([
      ['Rent', false, 7],
      ['Pizza', false, 8],
      ['Payback', true, 10],
    ]);
    // Rent 400 over weights 1, 1, 2; Pizza 25.50 over Ann and Bea; Cy paid Ann back 50.
    expect(totalsOf(file, 'EUR')).toEqual({ Ann: 237.25, Bea: -87.25, Cy: -150 });
    expect(file.rows[0]?.category).toBe('rent');
  });

  it('asks for a main currency when the project has none', () => {
    const text = sample('cospend.csv')
      .toString()
      .replace(/\ncurrencyname[\s\S]*$/, '\n');
    expect(problemsOf(() => readCospendCsv(Buffer.from(text)))[0]).toMatch(
      /^Line 1: the project has no main currency/,
    );
  });

  it('names the line of a bad amount', () => {
    const text = sample('cospend.csv').toString().replace('"Pizza",25.5,', '"Pizza",25.555,');
    expect(problemsOf(() => readCospendCsv(Buffer.from(text)))).toEqual([
      'Line 8: "25.555" is not an amount in EUR.',
    ]);
  });
});
