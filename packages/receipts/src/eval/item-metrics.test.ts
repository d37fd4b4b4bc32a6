import { describe, expect, it } from 'vitest';
import {
  isNonItemName,
  itemNameSimilarity,
  matchItems,
  priceToCents,
  scoreReceiptItems,
  summariseItems,
} from './item-metrics.js';

describe('priceToCents', () => {
  it('reads 2-decimal strings as integer sen, negatives included', () => {
    expect(priceToCents('12.50')).toBe(1250);
    expect(priceToCents('0.05')).toBe(5);
    expect(priceToCents('-11.60')).toBe(-1160);
    expect(priceToCents('538.00')).toBe(53800);
  });

  it('rejects anything but a 2-decimal string', () => {
    expect(() => priceToCents('12.5')).toThrow();
    expect(() => priceToCents('12')).toThrow();
    expect(() => priceToCents('RM 12.50')).toThrow();
  });
});

describe('itemNameSimilarity', () => {
  it('ignores case, punctuation and an extra menu code', () => {
    expect(itemNameSimilarity('Green Tea', 'B1 GREEN TEA')).toBe(1);
    expect(itemNameSimilarity('KATSU DON (FISH)SET', 'KATSU DON FISH SET')).toBe(1);
  });

  it('forgives an OCR slip but not a stock code taken for the name', () => {
    expect(itemNameSimilarity('SMOKED DUCK SPAGETTI', 'SMOKED DUCK SPAGHETTI')).toBeGreaterThan(
      0.9,
    );
    expect(itemNameSimilarity('HC03-7 - 15', 'AIR PRESSURE SPRAYER SX-575-1 1.5L')).toBeLessThan(
      0.5,
    );
    expect(itemNameSimilarity('TEH (B)', 'CHAM (B)')).toBeLessThan(0.5);
    expect(itemNameSimilarity('', 'TEA')).toBe(0);
  });
});

describe('matchItems', () => {
  const labelled = [
    { name: 'YELLOW LAKSA', quantity: 1, price: '11.60' },
    { name: 'YELLOW LAKSA', quantity: 1, price: '11.60' },
    { name: 'CENDOL', quantity: 1, price: '5.30' },
  ];

  it('needs the same price in sen and a similar name, each item used once', () => {
    const predicted = [
      { name: 'YELLOW LAKSA', quantity: 1, price: 11.6 },
      { name: 'CENDOL', quantity: 1, price: 5.31 },
      { name: 'YELLOW LAKSA', quantity: 1, price: 11.6 },
      { name: 'YELLOW LAKSA', quantity: 1, price: 11.6 },
    ];
    const m = matchItems(predicted, labelled);
    expect(m.map((x) => [x.predicted, x.labelled])).toEqual([
      [0, 0],
      [2, 1],
    ]);
  });

  it('matches on price alone when asked (diagnostic)', () => {
    const predicted = [{ name: 'SEKSYEN 9', quantity: 1, price: 5.3 }];
    expect(matchItems(predicted, labelled)).toEqual([]);
    expect(matchItems(predicted, labelled, true)).toHaveLength(1);
  });

  it('prefers the most similar name among equal prices', () => {
    const two = [
      { name: 'TEH (B)', quantity: 1, price: '2.20' },
      { name: 'CHAM (B)', quantity: 1, price: '2.20' },
    ];
    const m = matchItems([{ name: 'CHAM B', quantity: 1, price: 2.2 }], two);
    expect(m).toEqual([{ predicted: 0, labelled: 1, similarity: 1 }]);
  });
});

describe('isNonItemName', () => {
  it.each([
    'SERVICE CHARGE',
    'SERV. CHARGE (10%)',
    'S SERVICE CHRG(INCL GST 6%)',
    'GST 6%',
    'ROUNDING ADJ',
    'TOTAL',
    'Cash',
    'CHANGE',
    'VISA',
  ])('"%s" is a non-item', (name) => {
    expect(isNonItemName(name)).toBe(true);
  });

  it.each(['REPAIR ENGINE POWER SPRAYER (1UNIT) WORKMANSHIP & SERVICE', 'TAKE AWAY', 'CENDOL'])(
    '"%s" is an item',
    (name) => {
      expect(isNonItemName(name)).toBe(false);
    },
  );
});

describe('scoreReceiptItems and summariseItems', () => {
  const labelled = [
    { name: 'MILO (B)', quantity: 2, price: '5.60' },
    { name: 'TAKE AWAY', quantity: 2, price: '0.40' },
  ];

  it('counts a receipt exactly right only with every item, nothing extra, quantities right', () => {
    const right = scoreReceiptItems(
      'a.jpg',
      [
        { name: 'MILO (B)', quantity: 2, price: 5.6 },
        { name: 'TAKE AWAY', quantity: 2, price: 0.4 },
      ],
      labelled,
    );
    expect(right.exact).toBe(true);
    const wrongQty = scoreReceiptItems(
      'b.jpg',
      [
        { name: 'MILO (B)', quantity: 1, price: 5.6 },
        { name: 'TAKE AWAY', quantity: 2, price: 0.4 },
      ],
      labelled,
    );
    expect(wrongQty.exact).toBe(false);
    expect(wrongQty.matched).toBe(2);
  });

  it('micro-averages recall and precision and counts non-item lines taken as items', () => {
    const a = scoreReceiptItems(
      'a.jpg',
      [
        { name: 'MILO (B)', quantity: 2, price: 5.6 },
        { name: 'GST PAYABLE (6%)', quantity: 1, price: 0.34 },
      ],
      labelled,
    );
    const b = scoreReceiptItems('b.jpg', [], [{ name: 'CENDOL', quantity: 1, price: '5.30' }]);
    expect(a.missed).toEqual([labelled[1]]);
    expect(a.nonItems.map((n) => n.name)).toEqual(['GST PAYABLE (6%)']);
    const s = summariseItems([a, b]);
    expect(s).toMatchObject({
      receipts: 2,
      labelled: 3,
      predicted: 2,
      matched: 1,
      exactReceipts: 0,
      nonItems: 1,
    });
    expect(s.recall).toBeCloseTo(1 / 3);
    expect(s.precision).toBeCloseTo(1 / 2);
  });

  it('gives precision 1 when nothing was predicted and recall 0 when nothing is labelled', () => {
    const s = summariseItems([]);
    expect(s.precision).toBe(1);
    expect(s.recall).toBe(0);
  });
});
