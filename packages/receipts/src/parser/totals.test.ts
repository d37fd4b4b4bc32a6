import { describe, expect, it } from 'vitest';
import { classifyLabel, extractTotal } from './totals.js';
import { toLines } from './text.js';

const total = (text: string): number | null => extractTotal(toLines(text)).cents;

describe('classifyLabel', () => {
  it.each([
    ['GRAND TOTAL', 'strong'],
    ['TOTAL AMT PAYABLE', 'strong'],
    ['TOTAL', 'total'],
    ['SUBTOTAL', 'subtotal'],
    ['TOTAL GST', 'tax'],
    ['TOTAL INCL. OF GST', 'strong'],
    ['TOTAL EXCL. OF GST', 'ignore'],
    ['CASH', 'cash'],
    ['CHANGE DUE', 'change'],
    ['ROUNDING ADJ', 'rounding'],
    ['TOTAL QTY', 'ignore'],
    ['VISA', 'card'],
  ] as const)('%s → %s', (label, kind) => {
    expect(classifyLabel(label)).toBe(kind);
  });
});

describe('extractTotal', () => {
  it('ignores subtotal, tax, tendered cash and change', () => {
    expect(total('SUBTOTAL 10.00\nTAX 0.80\nTOTAL 10.80\nCASH 20.00\nCHANGE 9.20')).toBe(1080);
  });

  it('applies a rounding adjustment printed after the total', () => {
    expect(total('TOTAL (INCLUSIVE OF GST): 23.26\nROUNDING ADJ: -0.01\nTOTAL: 23.25')).toBe(2325);
  });

  it('reads decimal commas and thousands separators', () => {
    expect(total('SUMME EUR 1.234,50\nBAR 1.300,00\nRÜCKGELD 65,50')).toBe(123450);
    expect(total('TOTAL $1,234.50')).toBe(123450);
  });

  it('fixes OCR slips in amounts (RMO.02, RM5:O0)', () => {
    expect(total('GST TA AMT RM4.72\nGST 6% RMO.28\nTOTAL RM5:O0\nCASH RM5.00')).toBe(500);
  });

  it('reads a bold decimal point that OCR took for a dash after a currency marker', () => {
    expect(total('TOTAL RM 14-10\nCASH RM 20.00\nCHANGE RM 5.90')).toBe(1410);
    // A date after a currency-looking word stays a date, not an amount.
    expect(toLines('RM 12-05-2018')[0]?.amounts).toEqual([]);
  });

  it('returns null when there is no amount', () => {
    expect(extractTotal(toLines('THANK YOU')).cents).toBeNull();
  });
});
