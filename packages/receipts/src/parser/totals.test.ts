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
    ['QTY : 1 TOTAL RM', 'total'],
    ['TOTAL QTY: 3', 'ignore'],
    // Any label with its own small number before the amount's label, not only an item count.
    ['PAX 2 TOTAL', 'total'],
    ['TABLE 5 NET TOTAL', 'strong'],
    ['ITEMS: 3 SUBTOTAL', 'subtotal'],
    // Label words misspelt by OCR.
    ['TOTL AMT POYABLE', 'strong'],
    ['TOTSL AN PAYABTE', 'strong'],
    ['CHONGE', 'change'],
    ['TOTA! INDUSIVE GST', 'total'],
    ['T0TAL', 'total'],
    // Real words next to a label word stay as printed.
    ['SERVICE CHARGE', 'ignore'],
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

  it('reads change printed with a trailing minus as money handed back', () => {
    expect(total('TOTAL SALES 12.00\nTAX 0.72\nTOTAL 12.70\nCASH 20.00\nCHANGE 7.30-')).toBe(1270);
  });

  it('prefers the amount that subtotal + tax + rounding add up to', () => {
    // The grand total's label is lost; its value sits alone near the bottom with other numbers.
    const text = [
      'SUB TOTAL : 234.00',
      'GST : 14.04',
      'ROUNDING : 0.01',
      'TOTAL :',
      'CASH :',
      'CHANGE : 0.00',
      'RECEIPT 7',
      '248.05',
      '250.00',
    ].join('\n');
    expect(total(text)).toBe(24805);
  });

  it('adds partial totals (one per tax rate) up to the grand total', () => {
    // 15.26 = 14.40 + 0.86 adds up too; 19.52 = 15.26 + 4.26 is the larger sum.
    const text = [
      'BREAD 2.13 2 4.26',
      'TOTAL 0% SUPPLIES: 4.26',
      'CAKE 0.72 20 14.40',
      'TOTAL 6% SUPPLIES (EXCL. GST): 14.40',
      'GST: 0.86',
      'TOTAL 6% SUPPLIES (INC. GST): 15.26',
      'TOTAL 0% SUPPLIES: 4.26',
      'TOTAL PAYABLE: 19.52',
    ].join('\n');
    expect(total(text)).toBe(1952);
  });

  it('takes the amount the items add up to when no line is labelled total', () => {
    const text = 'DPT.05 RM 149.00\nDPT.04 RM 21.00\nCASH\nRM 170.00\nTHANK YOU\nSTICKER 1\n3.10';
    expect(total(text)).toBe(17000);
  });

  it('ignores net/tax rows of a tax summary table', () => {
    const text = 'TOTAL : 10.60\nGST SUMMARY\nSR 6 10.00 0.60\nTOTAL : 10.00 0.60';
    expect(total(text)).toBe(1060);
  });

  it('pairs a label column with a value column across separator lines and counts', () => {
    expect(total('TOTAL ITEM\nTOTAL PAYABLE\nCASH\nCHANGE\n3\n35.80\n50.00\n14.20')).toBe(3580);
    expect(
      total(
        'QTY : 1 TOTAL RM\nCASH\nCHANGE\n:\n:\n:\n11.60\n12.00\n0.40\nGST SUMMARY\nTOTAL\n10.94',
      ),
    ).toBe(1160);
  });

  it('pairs an amount with a lone label right below it (a row split on a tilted photo)', () => {
    const text =
      'SUB TOTAL 295.00\nSERVICE CHARGE 10% 29.50\nGST6% 19.47\nROUNDING ADJ -0.02\n343.95\nNET TOTAL\nAmount Tax\nSR 295.00 0';
    expect(total(text)).toBe(34395);
  });

  it('reads a tax with its rate glued on ("GST6%") as a tax line', () => {
    expect(classifyLabel('GST6% RM0.28')).toBe('tax');
    expect(classifyLabel('SST 6% 1.20')).toBe('tax');
    // A word that only starts with the letters stays as it is.
    expect(classifyLabel('GSTR 2.00')).toBe('none');
    const text = 'S RM5.00\n1NO\nGST TA AMT RM4.72\nGST6% RMO.28\nTOTAL RM5>O0\nCASH RM5.00';
    expect(total(text)).toBe(500);
  });

  it('does not give a damaged total line the next amount (NET TOTAL 25. 0 / C 50.00)', () => {
    expect(total('ITEM 12.50 25.00\nSUBTOTAL 25.00\nNET TOTAL 25. 0\nC 50.00\nC. 25.00')).toBe(
      2500,
    );
  });

  it('reads totals whose labels OCR misspelt', () => {
    const text =
      'TTAL ANZ INDGST6%: 8.46\nROUNDING ADJUEAWENT: -0.02\nTOTSL AN PAYABTE : 8.50\nPAID AMOUNT: 100.00\nCHONGE: 91.50\nFOSTSUMMAY 8.00 0.48';
    expect(total(text)).toBe(850);
  });

  it('takes a tax-looking total line that carries subtotal + tax', () => {
    const text =
      'ITEM A 1 63.60\nITEM B 1 31.80\nTOTAL SALES (EXCLUDING GST) : 94.34\nTOTAL GST : 5.66\nTOTAL SALES (H.CLUSIVE CF GST) 100.00';
    expect(total(text)).toBe(10000);
  });

  it('returns null when there is no amount', () => {
    expect(extractTotal(toLines('THANK YOU')).cents).toBeNull();
  });
});
