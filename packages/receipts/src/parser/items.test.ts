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

describe('item layouts', () => {
  const items = (lines: string[]) =>
    parseReceiptText(lines.join('\n')).items.map((i) => [i.name, i.quantity, i.price]);

  it('skips a shelf-code line between a name and its price line', () => {
    expect(
      items([
        'HARDWARE SDN BHD',
        'CHOPPING BOARD 35.5X25.5CM',
        'EZ10HD05 - 24',
        '8970669 1 X 19.00 19.00',
        'CURTAIN STRAPS *S',
        'CK 11-22-31 - 10/400',
        '8720019 2 X 2.50 5.00',
        'TOTAL RM 24.00',
      ]),
    ).toEqual([
      ['CHOPPING BOARD 35.5X25.5CM', 1, 19],
      ['CURTAIN STRAPS', 2, 5],
    ]);
  });

  it('takes the name above when the price line starts with a stock code', () => {
    expect(
      items([
        'BENTO HOUSE',
        'ITEM QTY U/P(RM) DISG(%) AMT(RM)',
        'CHICKEN KATSU BENTO',
        'BEN02 1 12.90 0.00 12.90',
        'OMU CURRY FRIED RICE SET',
        'TS02 KAT 1 9.90 0.00 9.90',
        'TOTAL RM 22.80',
      ]),
    ).toEqual([
      ['CHICKEN KATSU BENTO', 1, 12.9],
      ['OMU CURRY FRIED RICE SET', 1, 9.9],
    ]);
  });

  it('reads names printed below their price lines after a column header', () => {
    expect(
      items([
        'MACHINERY ENTERPRISE',
        'ITEM QTY S/PRICE S/PRICE AMOUNT TAX',
        '1072 1 80.00 80.00 80.00',
        'REPAIR ENGINE POWER SPRAYER',
        'WORKMANSHIP & SERVICE',
        '70549 1 160.00 160.00 160.00',
        'GIANT 606 OVERFLOW ASSY',
        '70561 2 18.00 18.00 36.00',
        'HD40 1L COTIN',
        'TOTAL SALES : 276.00',
      ]),
    ).toEqual([
      ['REPAIR ENGINE POWER SPRAYER WORKMANSHIP & SERVICE', 1, 80],
      ['GIANT 606 OVERFLOW ASSY', 1, 160],
      ['HD40 1L COTIN', 2, 36],
    ]);
  });

  it('keeps names above their price lines when a unit-price note follows the header', () => {
    expect(
      items([
        'RESTORAN',
        'ITEM QTY PRICE AMOUNT',
        '(S) @15.90',
        'CURRY MIXED VEGE',
        '515 1 16.85 16.85 SR',
        '(POT) @ 3.00',
        'TI GUAN YIN TEA',
        '822 1 3.18 3.18 SR',
        'TOTAL 20.03',
      ]),
    ).toEqual([
      ['CURRY MIXED VEGE', 1, 16.85],
      ['TI GUAN YIN TEA', 1, 3.18],
    ]);
  });

  it('multiplies a unit price marked @ by the quantity', () => {
    expect(
      items([
        'THE STORE',
        'GST REG. NO : 000364929024',
        '14-01-2018 (SUN) 16:02',
        'CASHIER:0009998 SANDIP RAO',
        "UNI WORKER'S FILE (1-31) 100'S",
        '2000000430096 4@ 3.10',
        "UNI A6 NOTE BOOK 120'S",
        '2000001592021 18@ 1.30',
        'TOTAL 35.80',
      ]),
    ).toEqual([
      ["UNI WORKER'S FILE (1-31) 100'S", 4, 12.4],
      ["UNI A6 NOTE BOOK 120'S", 18, 23.4],
    ]);
  });

  it('completes the item above from a line of quantity, unit price and total', () => {
    expect(
      items([
        'SUSHI BAR',
        'DESCRIPTION QTY U.PRICE TOTAL TAX',
        'SUSHI 1.80',
        '4 X 1.80 7.20 SR',
        'BORY FLTTLET 300UP(3)6KG @63.00',
        'FM411000055 *4 252.00 ZR',
        'TOTAL 259.20',
      ]),
    ).toEqual([
      ['SUSHI', 4, 7.2],
      ['BORY FLTTLET 300UP(3)6KG', 4, 252],
    ]);
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
