import { describe, expect, it } from 'vitest';
import { balanceMinor, minorForInput, pickPrefill, prefillOf, prefillText } from './settleUp';

describe('settle-up prefill', () => {
  it('reads API balances into exact minor units of their currency', () => {
    expect(balanceMinor(-104.57, 'USD')).toBe(-10457);
    expect(balanceMinor(0.1 + 0.2, 'USD')).toBe(0); // not a 2-decimal figure: not guessed
    expect(balanceMinor(1250, 'JPY')).toBe(1250);
    expect(balanceMinor(-1.234, 'BHD')).toBe(-1234);
    expect(balanceMinor(0, 'EUR')).toBe(0);
  });

  it('settles a debt either way', () => {
    expect(prefillOf({ currency: 'USD', amount: -104.57 })).toEqual({
      direction: 'I_PAID',
      cents: 10457,
      currency: 'USD',
    });
    expect(prefillOf({ currency: 'EUR', amount: 37.5 })).toEqual({
      direction: 'THEY_PAID',
      cents: 3750,
      currency: 'EUR',
    });
    expect(prefillOf({ currency: 'EUR', amount: 0 })).toBeNull();
  });

  it('picks the balance in the chosen currency, else the first non-zero one', () => {
    const balances = [
      { currency: 'USD', amount: 0 },
      { currency: 'JPY', amount: -2000 },
      { currency: 'EUR', amount: 12.5 },
    ];
    expect(pickPrefill(balances, null)).toMatchObject({ currency: 'JPY', direction: 'I_PAID' });
    expect(pickPrefill(balances, 'EUR')).toMatchObject({ cents: 1250, direction: 'THEY_PAID' });
    expect(pickPrefill(balances, 'USD')).toBeNull();
    expect(pickPrefill(balances, 'GBP')).toBeNull();
    expect(pickPrefill([], null)).toBeNull();
  });

  it('fills the amount only for the direction that settles', () => {
    const balances = [{ currency: 'USD', amount: -104.57 }];
    expect(prefillText(balances, 'I_PAID', 'USD')).toBe('104.57');
    expect(prefillText(balances, 'THEY_PAID', 'USD')).toBe('');
    expect(prefillText(balances, 'I_PAID', 'EUR')).toBe('');
    expect(minorForInput(1250, 'JPY')).toBe('1250');
    expect(minorForInput(5, 'USD')).toBe('0.05');
  });
});
