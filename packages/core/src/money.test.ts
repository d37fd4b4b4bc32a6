import { describe, expect, it } from 'vitest';
import { inEnglish } from './message.js';
import fc from 'fast-check';
import {
  cents,
  centsToNumber,
  formatCents,
  MAX_AMOUNT_CENTS,
  parseMoney,
  parsePercentageScaled,
  parsePositiveMoney,
  parseShareCount,
  scaledPercentageToNumber,
  sumCents,
} from './money.js';

const DECIMALS = 'Amounts can have at most 2 decimal places.';
const TOO_LARGE = 'Amount must be at most 99,999,999.99.';
const INVALID = 'Please enter a valid positive amount.';

describe('cents', () => {
  it('brands safe integers and normalises -0', () => {
    expect(cents(125)).toBe(125);
    expect(Object.is(cents(-0), 0)).toBe(true);
  });
  it('throws on non-integers', () => {
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(() => cents(Number.NaN)).toThrow(RangeError);
    expect(() => cents(2 ** 53)).toThrow(RangeError);
  });
  it('sums', () => {
    expect(sumCents([1, 2, 3])).toBe(6);
    expect(sumCents([])).toBe(0);
  });
});

describe('parseMoney', () => {
  it.each([
    [12.5, 1250],
    ['12.50', 1250],
    ['12', 1200],
    [12, 1200],
    [0.1, 10],
    [0.01, 1],
    ['0.1', 10],
    [' 7.05 ', 705],
    ['.5', 50],
    ['007.50', 750],
    ['12.500', 1250],
    [0, 0],
    ['0', 0],
    [-0, 0],
    [99999999.99, 9999999999],
    ['99999999.99', 9999999999],
    [1.1, 110],
    [4.35, 435],
    [1.005e2, 10050],
  ])('parses %j as %d cents', (input, expected) => {
    expect(parseMoney(input)).toEqual({ ok: true, cents: expected });
  });

  it.each([
    [12.345, DECIMALS],
    ['12.345', DECIMALS],
    [0.001, DECIMALS],
    [1e-7, DECIMALS],
    [-1e-7, DECIMALS],
    [0.1 + 0.2, DECIMALS],
    [100000000, TOO_LARGE],
    ['100000000.00', TOO_LARGE],
    [99999999.991, DECIMALS],
    [1e21, TOO_LARGE],
    ['123456789012345678901234567890', TOO_LARGE],
    [Number.NaN, INVALID],
    [Number.POSITIVE_INFINITY, INVALID],
    [Number.NEGATIVE_INFINITY, INVALID],
    ['NaN', INVALID],
    ['Infinity', INVALID],
    ['1e3', INVALID],
    ['1E3', INVALID],
    ['1,000.00', INVALID],
    ['1 000', INVALID],
    ['$12', INVALID],
    ['12 €', INVALID],
    ['', INVALID],
    ['   ', INVALID],
    ['.', INVALID],
    ['12.', INVALID],
    ['+12', INVALID],
    ['-12', INVALID],
    [-12, INVALID],
    [-0.01, INVALID],
    ['0x10', INVALID],
    [null, INVALID],
    [undefined, INVALID],
    [true, INVALID],
    [{}, INVALID],
    [[12], INVALID],
  ])('refuses %j with %j', (input, message) => {
    expect(inEnglish(parseMoney(input))).toEqual({ ok: false, message });
  });

  it('refuses bigints', () => {
    expect(inEnglish(parseMoney(12n))).toEqual({ ok: false, message: INVALID });
  });

  it('parsePositiveMoney refuses zero', () => {
    expect(inEnglish(parsePositiveMoney(0))).toEqual({ ok: false, message: INVALID });
    expect(inEnglish(parsePositiveMoney('0.00'))).toEqual({ ok: false, message: INVALID });
    expect(parsePositiveMoney('0.01')).toEqual({ ok: true, cents: 1 });
    expect(inEnglish(parsePositiveMoney('1.234'))).toEqual({ ok: false, message: DECIMALS });
  });
});

describe('formatCents and centsToNumber', () => {
  it.each([
    [0, '0.00', 0],
    [1, '0.01', 0.01],
    [10, '0.10', 0.1],
    [1250, '12.50', 12.5],
    [123450, '1234.50', 1234.5],
    [-5, '-0.05', -0.05],
    [-1250, '-12.50', -12.5],
    [9999999999, '99999999.99', 99999999.99],
  ])('%d → %s / %d', (c, text, n) => {
    expect(formatCents(c)).toBe(text);
    expect(centsToNumber(c)).toBe(n);
  });
  it('never produces -0', () => {
    expect(Object.is(centsToNumber(-0), 0)).toBe(true);
  });
  it('throws on fractional cents', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});

const amountCents = fc.integer({ min: 0, max: MAX_AMOUNT_CENTS });

describe('money round-trips (properties)', () => {
  it('parseMoney(formatCents(c)) = c', () => {
    fc.assert(
      fc.property(amountCents, (c) => {
        expect(parseMoney(formatCents(c))).toEqual({ ok: true, cents: c });
      }),
    );
  });
  it('parseMoney(centsToNumber(c)) = c (JSON numbers)', () => {
    fc.assert(
      fc.property(amountCents, (c) => {
        expect(parseMoney(centsToNumber(c))).toEqual({ ok: true, cents: c });
        expect(parseMoney(JSON.parse(JSON.stringify(centsToNumber(c))))).toEqual({
          ok: true,
          cents: c,
        });
      }),
    );
  });
  it('centsToNumber(c) × 100 rounds back to c, and formatCents is sign-symmetric', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS }), (c) => {
        expect(Math.round(centsToNumber(c) * 100)).toBe(c);
        if (c !== 0)
          expect(formatCents(-c)).toBe(c > 0 ? `-${formatCents(c)}` : formatCents(c).slice(1));
      }),
    );
  });
  it('numbers with 3+ significant decimals are refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 1, max: 9 }),
        (whole, d) => {
          expect(inEnglish(parseMoney(`${whole}.12${d}`))).toEqual({
            ok: false,
            message: DECIMALS,
          });
        },
      ),
    );
  });
});

describe('percentages', () => {
  it.each([
    [0, 0],
    [100, 1_000_000],
    ['100', 1_000_000],
    [33.3333, 333_333],
    ['33.3333', 333_333],
    [12.5, 125_000],
    ['0.0001', 1],
    ['50.00000', 500_000],
  ])('parses %j as %d (×10^4)', (input, scaled) => {
    expect(parsePercentageScaled(input)).toEqual({ ok: true, value: scaled });
  });
  it.each([
    [100.0001],
    [101],
    [-1],
    ['33.33333'],
    [33.33333],
    ['abc'],
    [null],
    [''],
    ['1e2'],
    [1e-7],
  ])('refuses %j', (input) => {
    expect(parsePercentageScaled(input)).toEqual({ ok: false });
  });
  it('round-trips through scaledPercentageToNumber', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (scaled) => {
        expect(parsePercentageScaled(scaledPercentageToNumber(scaled))).toEqual({
          ok: true,
          value: scaled,
        });
      }),
    );
    expect(scaledPercentageToNumber(333_333)).toBe(33.3333);
  });
});

describe('shares', () => {
  it.each([
    [0, 0],
    [1, 1],
    ['2', 2],
    ['3.0', 3],
    [1_000_000, 1_000_000],
  ])('parses %j as %d', (input, n) => {
    expect(parseShareCount(input)).toEqual({ ok: true, value: n });
  });
  it.each([[1.5], ['2.5'], [1_000_001], [-1], ['x'], [null], [undefined], ['1e3']])(
    'refuses %j',
    (input) => {
      expect(parseShareCount(input)).toEqual({ ok: false });
    },
  );
});
