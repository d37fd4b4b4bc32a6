import { describe, expect, it } from 'vitest';
import { inEnglish } from './message.js';
import { currencyDigits, maxMinorUnits } from './currency-units.js';
import { formatMinor, minorToNumber, parseMoney, parsePositiveMoney } from './money.js';
import { validateExpenseInput } from './validation/expense.js';
import { validatePaymentInput } from './validation/payment.js';

describe('minor units per currency (ISO 4217)', () => {
  it('knows the decimals of each currency', () => {
    expect(['JPY', 'KRW', 'VND', 'ISK', 'CLP'].map(currencyDigits)).toEqual([0, 0, 0, 0, 0]);
    expect(['BHD', 'KWD', 'OMR', 'JOD', 'TND'].map(currencyDigits)).toEqual([3, 3, 3, 3, 3]);
    expect(['USD', 'EUR', 'GBP', 'MYR', 'INR'].map(currencyDigits)).toEqual([2, 2, 2, 2, 2]);
    expect(currencyDigits('CLF')).toBe(4);
  });

  it('parses amounts into minor units of their currency', () => {
    expect(parseMoney('1250', 'JPY')).toEqual({ ok: true, cents: 1250 });
    expect(parseMoney(12.5, 'USD')).toEqual({ ok: true, cents: 1250 });
    expect(parseMoney('1.005', 'BHD')).toEqual({ ok: true, cents: 1005 });
    // Trailing zeros do not add decimals: 12.000 yen is 12 yen.
    expect(parseMoney('12.000', 'JPY')).toEqual({ ok: true, cents: 12 });
  });

  it('refuses more decimals than the currency has, naming it', () => {
    expect(inEnglish(parseMoney('12.5', 'JPY'))).toEqual({
      ok: false,
      message: 'Amounts in JPY can have at most 0 decimal places.',
    });
    expect(inEnglish(parseMoney('1.0005', 'KWD'))).toEqual({
      ok: false,
      message: 'Amounts in KWD can have at most 3 decimal places.',
    });
    // 2-decimal currencies keep the contract's sentence.
    expect(inEnglish(parseMoney('1.005', 'EUR'))).toEqual({
      ok: false,
      message: 'Amounts can have at most 2 decimal places.',
    });
  });

  it('caps every currency at 99,999,999 major units and a bit', () => {
    expect(maxMinorUnits('JPY')).toBe(99_999_999);
    expect(parsePositiveMoney('99999999', 'JPY')).toEqual({ ok: true, cents: 99_999_999 });
    expect(inEnglish(parsePositiveMoney('100000000', 'JPY'))).toEqual({
      ok: false,
      message: 'Amount must be at most 99,999,999.',
    });
    expect(inEnglish(parsePositiveMoney('100000000', 'BHD'))).toEqual({
      ok: false,
      message: 'Amount must be at most 99,999,999.999.',
    });
  });

  it('formats minor units with the currency decimals', () => {
    expect(formatMinor(1250, 'JPY')).toBe('1250');
    expect(formatMinor(-5, 'BHD')).toBe('-0.005');
    expect(formatMinor(123450, 'USD')).toBe('1234.50');
    expect(minorToNumber(1250, 'JPY')).toBe(1250);
    expect(minorToNumber(1005, 'KWD')).toBe(1.005);
    expect(minorToNumber(-0, 'JPY')).toBe(0);
  });

  it('reads an expense in the currency it names, else in the default given', () => {
    const body = {
      description: 'Sushi',
      amount: 3000,
      currency: 'jpy',
      splitType: 'EXACT',
      payers: [{ userId: 1, amountPaid: 3000 }],
      splits: [
        { userId: 1, value: '1000' },
        { userId: 2, value: 2000 },
      ],
    };
    const r = validateExpenseInput(body);
    expect(r.ok && r.value.amount).toBe(3000);
    expect(r.ok && r.value.amountCurrency).toBe('JPY');
    const noCurrency = validateExpenseInput({ ...body, currency: undefined, amount: 30.5 }, 'JPY');
    expect(noCurrency.ok).toBe(false);
    if (!noCurrency.ok) {
      expect(inEnglish(noCurrency.issues[0])).toEqual({
        path: ['amount'],
        message: 'Amounts in JPY can have at most 0 decimal places.',
      });
    }
    const exact = validateExpenseInput({
      ...body,
      splits: [
        { userId: 1, value: '1000' },
        { userId: 2, value: 1999 },
      ],
    });
    expect(inEnglish(!exact.ok && exact.issues[0]?.message)).toBe(
      'Sum of exact split amounts (2999) must equal the expense amount (3000).',
    );
  });

  it('reads a payment in its currency', () => {
    const r = validatePaymentInput({ paidToUserId: 2, amount: '1.234', currency: 'BHD' });
    expect(r.ok && r.value.amount).toBe(1234);
  });
});
