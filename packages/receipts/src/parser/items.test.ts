import { describe, expect, it } from 'vitest';
import { parseReceiptText } from './parse-receipt.js';
import { findAmounts } from './text.js';

describe('line items', () => {
  it('takes names from the line above a price-only line and makes discounts negative', () => {
    const text = [
      'SHOP SDN BHD',
      'DATE: 01/02/2018',
      '9556939040116 KF MODELLING CLAY KIDDY FISH',
      '1 PC * 9.000 0.00 9.00',
      'PWP LESS 30% MAR 18 -2.37',
      'TOTAL: 6.63',
    ].join('\n');
    expect(parseReceiptText(text).items).toEqual([
      { name: 'KF MODELLING CLAY KIDDY FISH', price: 9 },
      { name: 'PWP LESS 30% MAR', price: -2.37 },
    ]);
  });

  it('stops at the totals block, not at column headers', () => {
    const text = ['CAFE', 'DESCRIPTION QTY PRICE AMOUNT', 'LATTE 1 5.00 5.00', 'TOTAL 5.00'].join(
      '\n',
    );
    expect(parseReceiptText(text).items).toEqual([{ name: 'LATTE', price: 5 }]);
  });
});

describe('findAmounts', () => {
  it('reads two-decimal amounts in the usual notations and skips times, percentages and unit prices', () => {
    expect(
      findAmounts('RM41.43 $8.70 -2.37 2.37- 1,234.50 1.234,50 12,50 €').map((a) => a.cents),
    ).toEqual([4143, 870, -237, -237, 123450, 123450, 1250]);
    expect(findAmounts('12:06:00 GST @6.00% 9.000 25.03.2018')).toEqual([]);
  });
});
