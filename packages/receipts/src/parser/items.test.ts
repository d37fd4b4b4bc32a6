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
    expect(parseReceiptText(text).items).toMatchObject([
      { name: 'KF MODELLING CLAY KIDDY FISH', price: 9, quantity: 1 },
      { name: 'PWP LESS 30% MAR', price: -2.37 },
    ]);
  });

  it('stops at the totals block, not at column headers', () => {
    const text = ['CAFE', 'DESCRIPTION QTY PRICE AMOUNT', 'LATTE 1 5.00 5.00', 'TOTAL 5.00'].join(
      '\n',
    );
    expect(parseReceiptText(text).items).toMatchObject([{ name: 'LATTE', price: 5, quantity: 1 }]);
  });
});

describe('item quantity and confidence', () => {
  it('reads quantities printed or implied by unit price × count', () => {
    const text = [
      'NOODLE HOUSE',
      'WANTAN MEE 2 X 6.50 13.00',
      'ICED LEMON TEA 3 2.50 7.50',
      'KAYA TOAST 2X 4.00',
      'TOTAL 24.50',
    ].join('\n');
    const items = parseReceiptText(text).items;
    expect(items.map((i) => [i.name, i.quantity, i.price])).toEqual([
      ['WANTAN MEE', 2, 13],
      ['ICED LEMON TEA', 3, 7.5],
      ['KAYA TOAST', 2, 4],
    ]);
    // They add up to the total: read whole.
    for (const i of items) expect(i.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('leaves out lines that do not read as name + price', () => {
    const text = [
      'BANH MI CAFE SDN BHD',
      'CHICKEN BANH MI 12.90',
      '7 217 4.10',
      'IRA DA 3.00',
      'TOTAL 12.90',
    ].join('\n');
    expect(parseReceiptText(text).items.map((i) => i.name)).toEqual(['CHICKEN BANH MI']);
  });

  it('returns the merchant name for descriptions beside the printed store name', () => {
    const r = parseReceiptText(['BANH MI CAFE SDN BHD', 'TOTAL 12.90'].join('\n'));
    expect(r.storeName).toBe('BANH MI CAFE SDN BHD');
    expect(r.merchantName).toBe('Banh Mi Cafe');
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
