import { describe, expect, it } from 'vitest';
import { isChargeOrPaymentLine } from './non-items.js';
import { parseReceiptText } from './parse-receipt.js';

// Issue #31 point 2: lines that are not something a person had must never become items, or the
// split by item hands one person the whole service charge.
describe('charge, total and payment lines', () => {
  const notItems = [
    'Serv. Charge (3%)',
    'SERV. CHARGE 10%',
    'Service Charge',
    'SERVICE CHG (10%)',
    'Svc Chg',
    'SVC CHARGE',
    'Service Tax 6%',
    'SST 6%',
    'GST @6%',
    'VAT 20%',
    'Tax',
    'MwSt. 19%',
    'USt 7%',
    'TVA 20,0 %',
    'IVA 21%',
    'Rounding Adj.',
    'ROUNDING ADJUSTMENT',
    'Penggenapan',
    'Rundung',
    'Total',
    'Grand Total',
    'Sub Total',
    'Subtotal',
    'Zwischensumme',
    'Summe',
    'Sous-total',
    'Total TTC',
    'Cash',
    'Tunai',
    'Bar',
    'Espèces',
    'Efectivo',
    'Change',
    'Change Due',
    'Baki',
    'Kembali',
    'Rückgeld',
    'Tip',
    'Gratuity',
    'Trinkgeld',
    'Pourboire',
    'Propina',
    'Mancia',
    'Servicio',
    'Service compris',
    'Bedienung',
    'Coperto',
    'Visa',
    'Mastercard ****1234',
    '1 Item (Inclusive of GST)',
    '3 ITEMS',
    '1oial Sales (Incl. GST (6%)',
    'Amount incl. VAT',
  ];
  it.each(notItems)('"%s" is not an item', (label) => {
    expect(isChargeOrPaymentLine(label.toUpperCase())).toBe(true);
  });

  const items = [
    'NASI LEMAK',
    'Teh Tarik',
    'Chicken Chop',
    'Cappuccino',
    'Iced Lemon Tea',
    'Service Station Snack',
    'Tapas Mix',
    'Baklava',
    'Barramundi',
    'Wiener Schnitzel',
    'Croque Monsieur',
    'Item 7 Widget',
    'Inclusive Tour Package',
  ];
  it.each(items)('"%s" is an item', (label) => {
    expect(isChargeOrPaymentLine(label.toUpperCase())).toBe(false);
  });

  it('leaves service charge, tax and rounding out of a restaurant receipt', () => {
    const text = [
      'RESTORAN SRI MELAKA',
      '12/03/2026 19:42',
      'NASI LEMAK AYAM 12.90',
      'TEH TARIK 3.50',
      'ROTI CANAI 2.00',
      'Serv. Charge (3%) 0.55',
      'Service Tax (6%) 1.10',
      'Rounding Adj. -0.05',
      'TOTAL 20.00',
      'CASH 50.00',
      'CHANGE 30.00',
    ].join('\n');
    expect(parseReceiptText(text).items.map((i) => i.name)).toEqual([
      'NASI LEMAK AYAM',
      'TEH TARIK',
      'ROTI CANAI',
    ]);
  });

  it('leaves an item count and a tax-inclusive summary line out (engine OCR of SROIE)', () => {
    const text = [
      'MR. DAKGALBI SOLARIS',
      '2018-01-05 22:55:25',
      'Fried Rice 3 Pax 1 71.00',
      '1 Item (Inclusive of GST) 71.00',
      '1oial Sales (Incl. GST (6%) 71.00',
      'Round Amt 0.00',
      'Total 71.00',
      'Cash 101.00',
      'Change 30.00',
    ].join('\n');
    expect(parseReceiptText(text).items.map((i) => i.name)).toEqual(['Fried Rice 3 Pax']);
  });

  it('reads the subtotal printed before tax and service, and none where none is printed', () => {
    const text = [
      'RESTORAN SRI MELAKA',
      'NASI LEMAK AYAM 12.90',
      'TEH TARIK 3.50',
      'SUB TOTAL 16.40',
      'SERVICE CHARGE 10% 1.64',
      'SST 6% 0.98',
      'ROUNDING -0.02',
      'TOTAL 19.00',
    ].join('\n');
    expect(parseReceiptText(text).subtotalAmount).toBe(16.4);
    expect(parseReceiptText(['CAFE', 'LATTE 5.00', 'TOTAL 5.00'].join('\n')).subtotalAmount).toBe(
      null,
    );
  });

  it('leaves Bedienung, MwSt and Trinkgeld out of a German receipt', () => {
    const text = [
      'GASTHAUS ZUR LINDE',
      'Wiener Schnitzel 18,50',
      'Apfelschorle 3,80',
      'Bedienung 10% 2,23',
      'MwSt. 19% 3,56',
      'Trinkgeld 2,00',
      'Summe 26,53',
    ].join('\n');
    expect(parseReceiptText(text).items.map((i) => i.name)).toEqual([
      'Wiener Schnitzel',
      'Apfelschorle',
    ]);
  });
});
