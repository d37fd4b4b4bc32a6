import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseReceiptText } from './parse-receipt.js';
import { dateMatches, storeNameMatches, totalMatches } from '../eval/metrics.js';

const devDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/datasets/receipts-dev',
);

describe('parseReceiptText on receipts written for these tests', () => {
  it('reads a US grocery receipt: $, month-first date, subtotal + tax + total, change', () => {
    const text = [
      'CORNER GROCERY',
      '123 Main St',
      'Springfield, IL 62704',
      '(217) 555-0199',
      '03/04/2025 14:22',
      'MILK 1 GAL        3.49',
      'BREAD WHEAT       2.99',
      'BANANAS 2.1 LB @ 0.59/LB  1.24',
      'COUPON MILK      -0.50',
      'SUBTOTAL          7.22',
      'SALES TAX 8.25%   0.60',
      'TOTAL             7.82',
      'CASH             10.00',
      'CHANGE DUE        2.18',
      'THANK YOU FOR SHOPPING AT CORNER GROCERY',
    ].join('\n');
    const r = parseReceiptText(text);
    expect(r.storeName).toBe('CORNER GROCERY');
    expect(r.date).toBe('2025-03-04');
    expect(r.totalAmount).toBe(7.82);
    expect(r.currency).toBe(null);
    expect(r.items).toMatchObject([
      { name: 'MILK 1 GAL', price: 3.49 },
      { name: 'BREAD WHEAT', price: 2.99 },
      { name: 'BANANAS 2.1 LB', price: 1.24 },
      { name: 'COUPON MILK', price: -0.5 },
    ]);
    expect(r.confidence.totalAmount).toBeGreaterThan(0.9);
  });

  it('reads a US card receipt with $ amounts and a text date', () => {
    const text = [
      'Blue Bottle Coffee Inc.',
      '66 Mint St, San Francisco, CA 94103',
      'Order #4411',
      'Mar 14, 2025 8:05 AM',
      'Latte                 $5.25',
      'Croissant             $4.00',
      'Subtotal              $9.25',
      'Tax                   $0.80',
      'Tip                   $1.50',
      'Total                $11.55',
      'VISA **** 4242       $11.55',
    ].join('\n');
    const r = parseReceiptText(text);
    expect(r.storeName).toBe('Blue Bottle Coffee Inc.');
    expect(r.date).toBe('2025-03-14');
    expect(r.totalAmount).toBe(11.55);
    expect(r.currency).toBe('USD');
  });

  it('decides month-first from an unambiguous US date elsewhere on the receipt', () => {
    const text = [
      'HARDWARE HUT LLC',
      'Return by 12/28/2024',
      'Date: 11/05/2024',
      'TOTAL $20.00',
    ].join('\n');
    expect(parseReceiptText(text).date).toBe('2024-11-05');
  });

  it('reads a German receipt: EUR, decimal commas, SUMME, MwSt, Bar/Rückgeld', () => {
    const text = [
      'Bäckerei Müller GmbH',
      'Hauptstraße 5',
      '10115 Berlin',
      'Brötchen 4x        1,60',
      'Kaffee             2,80',
      'Kuchen             3,20 A',
      'SUMME EUR          7,60',
      'MwSt 7%            0,50',
      'Bar               10,00',
      'Rückgeld           2,40',
      '14.03.2025 09:12',
    ].join('\n');
    const r = parseReceiptText(text);
    expect(r.storeName).toBe('Bäckerei Müller GmbH');
    expect(r.date).toBe('2025-03-14');
    expect(r.totalAmount).toBe(7.6);
    expect(r.currency).toBe('EUR');
    expect(r.items.map((i) => i.price)).toEqual([1.6, 2.8, 3.2]);
  });

  it('reads a French receipt with TOTAL TTC and thousands separators', () => {
    const text = [
      'ELECTRO PLUS SAS',
      '12 rue de la Paix 75002 Paris',
      'Le 05/02/2025',
      'Télévision 55"     1.199,00 €',
      'Câble HDMI            19,90 €',
      'TOTAL HT           1.015,75',
      'TVA 20%              203,15',
      'TOTAL TTC          1.218,90 €',
      'CB                 1.218,90',
    ].join('\n');
    const r = parseReceiptText(text);
    expect(r.storeName).toBe('ELECTRO PLUS SAS');
    expect(r.date).toBe('2025-02-05');
    expect(r.totalAmount).toBe(1218.9);
    expect(r.currency).toBe('EUR');
  });

  it('reads a UK receipt with £ and a day-first date', () => {
    const text = [
      'THE CORNER SHOP LTD',
      'VAT No. GB123456789',
      '07/08/2024 17:45',
      'Sandwich          £3.50',
      'Crisps            £1.10',
      'BALANCE DUE       £4.60',
      'CARD              £4.60',
    ].join('\n');
    const r = parseReceiptText(text);
    expect(r.date).toBe('2024-08-07');
    expect(r.totalAmount).toBe(4.6);
    expect(r.currency).toBe('GBP');
  });

  it('reads a Singapore receipt with a year-first date and rounding', () => {
    const text = [
      'KOPI CORNER PTE LTD',
      'GST Reg No: 201812345K',
      '2024/11/30 12:01',
      'Kaya Toast Set     4.80',
      'Iced Milo          2.60',
      'Total Incl GST     7.42',
      'Rounding Adj      -0.02',
      'Net Total          7.40',
      'NETS               7.40',
      'S$ amounts',
    ].join('\n');
    const r = parseReceiptText(text);
    expect(r.storeName).toBe('KOPI CORNER PTE LTD');
    expect(r.date).toBe('2024-11-30');
    expect(r.totalAmount).toBe(7.4);
    expect(r.currency).toBe('SGD');
  });

  it('prefers the rounded figure when a rounding adjustment follows the total', () => {
    const text = [
      'KEDAI MAJU',
      'DATE: 01-02-2018',
      'TOTAL : RM 19.99',
      'ROUNDING ADJ 0.01',
      'ROUNDING 20.00',
      'CASH 20.00',
      'CHANGE 0.00',
    ].join('\n');
    const r = parseReceiptText(text);
    expect(r.totalAmount).toBe(20);
    expect(r.currency).toBe('MYR');
    expect(r.date).toBe('2018-02-01');
  });

  it('uses tendered minus change when the total is printed as a subtotal', () => {
    const text = [
      'SHOP A',
      'SUBTOTAL RM41.43',
      'ROUNDING RM0.02',
      'SUBTOTAL RM41.45',
      'CASH RM51.50',
      'CHANGE RM10.05',
    ].join('\n');
    expect(parseReceiptText(text).totalAmount).toBe(41.45);
  });

  it('pairs a column of labels with a column of values', () => {
    const text = [
      'SHOP B SDN BHD',
      'TOTAL',
      'DISCOUNT:',
      'TOTAL SALES INCLUSIVE GST',
      'CASH RECEIVED :',
      'CHANGE',
      '12.00',
      '0.00',
      '12.00',
      '50.00',
      '38.00',
    ].join('\n');
    expect(parseReceiptText(text).totalAmount).toBe(12);
  });

  it('returns nulls and zero confidences when nothing is found', () => {
    const r = parseReceiptText('');
    expect(r).toEqual({
      storeName: null,
      merchantName: null,
      date: null,
      totalAmount: null,
      subtotalAmount: null,
      currency: null,
      items: [],
      confidence: { storeName: 0, date: 0, totalAmount: 0 },
    });
  });
});

interface Label {
  file: string;
  storeName: string;
  date: string;
  dateAlternatives: string[];
  total: number;
  ocrFile: string;
}

describe.runIf(existsSync(path.join(devDir, 'labels.json')))(
  'parseReceiptText on the dev transcripts',
  () => {
    const labels = existsSync(path.join(devDir, 'labels.json'))
      ? (JSON.parse(readFileSync(path.join(devDir, 'labels.json'), 'utf8')) as Label[])
      : [];
    const results = labels.map((l) => ({
      label: l,
      parsed: parseReceiptText(readFileSync(path.join(devDir, l.ocrFile), 'utf8')),
    }));
    const rate = (ok: (r: (typeof results)[number]) => boolean): number =>
      results.filter(ok).length / results.length;

    it('meets the accuracy targets (total ≥ 90%, date ≥ 90%, store ≥ 85%)', () => {
      expect(rate((r) => totalMatches(r.parsed.totalAmount, r.label.total))).toBeGreaterThanOrEqual(
        0.9,
      );
      expect(
        rate((r) => dateMatches(r.parsed.date, r.label.date, r.label.dateAlternatives)),
      ).toBeGreaterThanOrEqual(0.9);
      expect(
        rate((r) => storeNameMatches(r.parsed.storeName, r.label.storeName)),
      ).toBeGreaterThanOrEqual(0.85);
    });

    it('reads the Watsons receipt (total printed as SUBTOTAL, compact date)', () => {
      const r = results.find((x) => x.label.file === 'sroie-train-152.jpg')?.parsed;
      expect(r?.totalAmount).toBe(41.45);
      expect(r?.date).toBe('2018-03-25');
      expect(r?.currency).toBe('MYR');
    });

    it('reads the month-first pharmacy receipt', () => {
      const r = results.find((x) => x.label.file === 'sroie-train-383.jpg')?.parsed;
      expect(r?.date).toBe('2016-12-13');
      expect(r?.totalAmount).toBe(180.1);
    });

    it('gives a number price to every item and confidences within 0–1', () => {
      for (const { parsed } of results) {
        for (const item of parsed.items) expect(Number.isFinite(item.price)).toBe(true);
        for (const c of Object.values(parsed.confidence)) {
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThanOrEqual(1);
        }
      }
    });
  },
);
