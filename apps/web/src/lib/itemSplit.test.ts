import { afterEach, describe, expect, it, vi } from 'vitest';
import { newItemRow, rowsFromScan, splitRows } from './itemSplit';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('splitRows', () => {
  it('turns items and their people into an EXACT split that sums to the total', () => {
    vi.stubGlobal('navigator', { language: 'de-DE' });
    // 66,00 €: soup 10 (Ann), steak 30 (Bea), wine 20 (both); 6,00 of tax and service.
    const r = splitRows('66,00', 'EUR', [
      newItemRow('Soup', '10,00', [1]),
      newItemRow('Steak', '30,00', [2]),
      newItemRow('Wine', '20,00', [1, 2]),
    ]);
    expect(r).toMatchObject({ ok: true, included: [1, 2], values: { 1: '22,00', 2: '44,00' } });
    expect(r.ok && r.extra).toBe(600);
  });

  it('takes a discount typed with a minus and says what is missing', () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    expect(
      splitRows('9.00', 'USD', [
        newItemRow('Tea', '10.00', [1]),
        newItemRow('Promo', '-1.00', [1]),
      ]),
    ).toMatchObject({ ok: true, values: { 1: '9.00' }, extra: 0 });
    expect(splitRows('', 'USD', [newItemRow('Tea', '1', [1])])).toEqual({
      ok: false,
      message: 'Please enter the expense amount first.',
    });
    expect(splitRows('5', 'USD', [newItemRow('Tea', '', [1])])).toEqual({
      ok: false,
      message: 'Please enter a price for "Tea".',
    });
    expect(splitRows('5', 'USD', [newItemRow('Tea', '5', [])])).toEqual({
      ok: false,
      message: 'Please assign "Tea" to at least one person.',
    });
    expect(splitRows('1000', 'JPY', [newItemRow('Ramen', '1000', [1])])).toMatchObject({
      ok: true,
      values: { 1: '1000' },
    });
  });

  it('makes rows from scanned items, quantity in the name', () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    const rows = rowsFromScan(
      [
        { name: 'Wantan Mee', quantity: 2, price: 13, confidence: 0.9 },
        { name: 'Teh', quantity: 1, price: 2.5, confidence: 0.8 },
      ],
      'MYR',
    );
    expect(rows.map((r) => [r.name, r.price, r.people])).toEqual([
      ['2 × Wantan Mee', '13.00', []],
      ['Teh', '2.50', []],
    ]);
  });
});
