import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from './money.js';
import {
  bankTransfer,
  epcPayload,
  methodFitsCurrency,
  payLinks,
  paymentNote,
} from './pay-links.js';
import { NO_PAY_METHODS } from './pay-methods.js';
import type { PayMethods } from './pay-methods.js';

const all: PayMethods = {
  bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', holder: 'Bea Costa' },
  paypal: 'beacosta',
  venmo: 'bea-costa',
  revolut: 'beacosta',
  monzo: 'beacosta',
  upi: 'bea@okaxis',
  swish: '0701234567',
};

const kinds = (currency: string) =>
  payLinks(all, cents(4500), currency, 'Evenly · Lisbon trip', 'Bea Costa').map((l) => l.kind);

describe('which methods fit a currency', () => {
  it('offers only what pays in that currency', () => {
    expect(kinds('EUR')).toEqual(['paypal', 'revolut']);
    expect(kinds('USD')).toEqual(['paypal', 'venmo', 'revolut']);
    expect(kinds('GBP')).toEqual(['paypal', 'revolut', 'monzo']);
    expect(kinds('INR')).toEqual(['upi']);
    expect(kinds('SEK')).toEqual(['paypal', 'revolut', 'swish']);
    expect(kinds('KES')).toEqual([]);
    expect(methodFitsCurrency('bank', 'EUR')).toBe(true);
    expect(methodFitsCurrency('bank', 'CHF')).toBe(false);
    expect(bankTransfer(all, cents(4500), 'USD', 'x')).toBeNull();
    expect(bankTransfer(NO_PAY_METHODS, cents(4500), 'EUR', 'x')).toBeNull();
  });
});

describe('pay links', () => {
  const link = (currency: string, kind: string, amount = 4500) =>
    payLinks(all, cents(amount), currency, 'Evenly · Lisbon trip', 'Bea Costa').find(
      (l) => l.kind === kind,
    );

  it('fill in the amount, currency and note where the service takes them', () => {
    expect(link('EUR', 'paypal')?.href).toBe('https://paypal.me/beacosta/45.00EUR');
    expect(link('JPY', 'paypal', 4500)?.href).toBe('https://paypal.me/beacosta/4500JPY');
    const venmo = link('USD', 'venmo');
    expect(venmo?.href).toBe(
      'venmo://paycharge?txn=pay&amount=45.00&note=Evenly%20%C2%B7%20Lisbon%20trip&recipients=bea-costa',
    );
    expect(venmo?.webHref).toBe(
      'https://venmo.com/bea-costa?txn=pay&amount=45.00&note=Evenly%20%C2%B7%20Lisbon%20trip',
    );
    expect(link('INR', 'upi')?.href).toBe(
      'upi://pay?pa=bea%40okaxis&pn=Bea%20Costa&am=45.00&cu=INR&tn=Evenly%20%C2%B7%20Lisbon%20trip',
    );
    expect(link('GBP', 'monzo')?.href).toBe(
      'https://monzo.me/beacosta/45.00?d=Evenly%20%C2%B7%20Lisbon%20trip',
    );
    expect(link('EUR', 'revolut')).toMatchObject({
      href: 'https://revolut.me/beacosta',
      amountFilled: false,
    });
    expect(link('SEK', 'swish')?.href).toContain('sw=0701234567&amt=45.00&cur=SEK');
  });

  it('keeps whatever the note and name hold inside the link (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme' }),
        (note, name) => {
          for (const currency of ['USD', 'GBP', 'INR', 'SEK']) {
            for (const l of payLinks(all, cents(1), currency, paymentNote(note), name)) {
              expect(l.href).toMatch(/^[A-Za-z0-9:/?&=%._~!*'()-]+$/);
            }
          }
        },
      ),
    );
  });

  it('makes the note one line', () => {
    expect(paymentNote('Lisbon\r\ntrip')).toBe('Evenly · Lisbon trip');
    expect(paymentNote(null)).toBe('Evenly');
    expect([...paymentNote('x'.repeat(300))]).toHaveLength(140);
  });
});

describe('EPC069-12 payload', () => {
  it('has the fields in the standard’s order', () => {
    const bank = { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', holder: 'Bea Costa' };
    expect(epcPayload(bank, cents(4500), 'Evenly · Lisbon trip')).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'COBADEFFXXX',
        'Bea Costa',
        'DE89370400440532013000',
        'EUR45.00',
        '',
        '',
        'Evenly · Lisbon trip',
      ].join('\n'),
    );
  });

  it('refuses amounts outside €0.01 … €999,999,999.99', () => {
    const bank = { iban: 'DE89370400440532013000', bic: null, holder: 'Bea' };
    expect(epcPayload(bank, cents(0), 'x')).toBeNull();
    expect(epcPayload(bank, cents(100_000_000_000), 'x')).toBeNull();
    expect(epcPayload(bank, cents(99_999_999_999), 'x')?.split('\n')[7]).toBe('EUR999999999.99');
  });

  it('keeps 11 lines and its limits whatever the user typed (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200, unit: 'grapheme' }),
        fc.string({ maxLength: 400, unit: 'grapheme' }),
        fc.integer({ min: 1, max: 99_999_999_999 }),
        (holder, note, amount) => {
          const payload = epcPayload(
            { iban: 'DE89370400440532013000', bic: null, holder },
            cents(amount),
            note,
          );
          const lines = payload?.split('\n') ?? [];
          expect(lines).toHaveLength(11);
          expect([...(lines[5] ?? '')].length).toBeLessThanOrEqual(70);
          expect([...(lines[10] ?? '')].length).toBeLessThanOrEqual(140);
          // UTF-8 bytes: each %XX of the URI encoding is one byte.
          const bytes = encodeURIComponent(payload ?? '').replace(/%[0-9A-F]{2}/g, 'x').length;
          expect(bytes).toBeLessThanOrEqual(331);
          expect(lines[7]).toMatch(/^EUR\d{1,9}\.\d{2}$/);
        },
      ),
    );
  });
});
