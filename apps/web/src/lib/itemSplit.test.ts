import { afterEach, describe, expect, it, vi } from 'vitest';
import { inEnglish } from '@evenly/core';
import { itemsForRequest, newItemRow, rowsFromSaved, rowsFromScan, splitRows } from './itemSplit';
import { resetPageLocale, showPageIn } from './pageLocaleForTests';

afterEach(resetPageLocale);

describe('splitRows', () => {
  it('turns items and their people into an EXACT split that sums to the total', () => {
    showPageIn('de', 'de-DE');
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
    expect(inEnglish(splitRows('', 'USD', [newItemRow('Tea', '1', [1])]))).toEqual({
      ok: false,
      message: 'Please enter the expense amount first.',
    });
    expect(inEnglish(splitRows('5', 'USD', [newItemRow('Tea', '', [1])]))).toEqual({
      ok: false,
      message: 'Please enter a price for "Tea".',
    });
    expect(inEnglish(splitRows('5', 'USD', [newItemRow('Tea', '5', [])]))).toEqual({
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

describe('items saved with the expense (issue #31 point 2)', () => {
  it('gives the items as the API takes them, and no shortfall when they cover the bill', () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    const r = splitRows('66.00', 'USD', [
      newItemRow('Soup', '10.00', [1]),
      newItemRow(' ', '-1.00', [2]),
      newItemRow('Steak', '51.00', [2, 2]),
    ]);
    expect(r.ok && r.items).toEqual([
      { description: 'Soup', amount: '10.00', userIds: [1] },
      { description: 'Item 2', amount: '-1.00', userIds: [2] },
      { description: 'Steak', amount: '51.00', userIds: [2] },
    ]);
    expect(r.ok && r.shortfall).toBeNull();
  });

  it('says what 3 of 5 items leave out of the bill', () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    // The report: MYR 34.47 of a 53.90 bill would have been spread as "tax".
    const r = splitRows('53.90', 'MYR', [
      newItemRow('Nasi Lemak', '12.90', [1]),
      newItemRow('Teh Tarik', '3.50', [2]),
      newItemRow('Roti Canai', '3.03', [1]),
    ]);
    expect(r.ok && [r.itemsSum, r.extra, r.shortfall]).toEqual([1943, 3447, 3447]);
  });

  it('measures the items against the subtotal the receipt prints, before tax and service', () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    // 10% service and 6% tax on 49.00: items of 45.00 cover 92% of the subtotal (only 79% of
    // the total), so nothing seems missing; 40.00 of them do not.
    const rows = (steak: string) => [
      newItemRow('Soup', '10.00', [1]),
      newItemRow('Steak', steak, [2]),
    ];
    const covered = splitRows('57.00', 'MYR', rows('35.00'), 49);
    expect(covered.ok && [covered.base, covered.baseIsSubtotal, covered.shortfall]).toEqual([
      4900,
      true,
      null,
    ]);
    const short = splitRows('57.00', 'MYR', rows('30.00'), 49);
    expect(short.ok && [short.shortfall, short.extra]).toEqual([900, 1700]);
    // Without a printed subtotal the total is all there is.
    expect(splitRows('57.00', 'MYR', rows('35.00')).ok).toBe(true);
    const byTotal = splitRows('57.00', 'MYR', rows('35.00'), null);
    expect(byTotal.ok && [byTotal.base, byTotal.baseIsSubtotal, byTotal.shortfall]).toEqual([
      5700,
      false,
      1200,
    ]);
  });

  it('reopens saved items as rows with who had each', () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    const rows = rowsFromSaved(
      [
        { description: 'Wine', amount: 20, users: [{ id: 1, name: 'Ann', email: null }] },
        { description: 'Coupon', amount: -2.5, users: [{ id: 2, name: 'Bea', email: null }] },
      ],
      'USD',
    );
    expect(rows.map((r) => [r.name, r.price, r.people])).toEqual([
      ['Wine', '20.00', [1]],
      ['Coupon', '-2.50', [2]],
    ]);
  });

  it('sends the items only while the split is still the one they give', () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    const rows = [newItemRow('Soup', '10.00', [1]), newItemRow('Steak', '30.00', [2])];
    const form = { amount: '44.00', currency: 'USD', splitType: 'EXACT', included: [1, 2] };
    const r = splitRows('44.00', 'USD', rows);
    if (!r.ok) throw new Error(r.message.id);
    expect(itemsForRequest(form, r.values, rows, false)).toEqual(r.items);
    // Changed by hand afterwards: saved items are removed, a new expense sends none.
    const byHand = { 1: '22.00', 2: '22.00' };
    expect(itemsForRequest(form, byHand, rows, true)).toEqual([]);
    expect(itemsForRequest(form, byHand, rows, false)).toBeUndefined();
    expect(itemsForRequest({ ...form, splitType: 'EQUAL' }, r.values, rows, true)).toEqual([]);
    expect(itemsForRequest(form, r.values, [], false)).toBeUndefined();
  });
});
