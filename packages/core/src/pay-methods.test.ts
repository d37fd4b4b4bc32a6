import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inEnglish } from './message.js';
import {
  formatIban,
  IBAN_LENGTHS,
  ibanCheckDigits,
  PAY_METHOD_MESSAGES,
  readBic,
  readIban,
  readPaypal,
  readSwish,
  readUpi,
  readVenmo,
  validatePayMethods,
} from './pay-methods.js';

describe('readIban', () => {
  it('accepts real IBANs written with spaces and lower case, and normalises them', () => {
    expect(readIban('de89 3704 0044 0532 0130 00')).toEqual({
      ok: true,
      value: 'DE89370400440532013000',
    });
    expect(readIban('GB29 NWBK 6016 1331 9268 19').ok).toBe(true);
    expect(readIban('FR14 2004 1010 0505 0001 3M02 606').ok).toBe(true);
    expect(readIban('NO93 8601 1117 947').ok).toBe(true);
  });

  it('says what is wrong: shape, country, length, checksum', () => {
    expect(readIban('hello')).toEqual({ ok: false, message: PAY_METHOD_MESSAGES.ibanShape });
    expect(readIban(42)).toEqual({ ok: false, message: PAY_METHOD_MESSAGES.ibanShape });
    expect(inEnglish(readIban('ZZ89370400440532013000'))).toEqual({
      ok: false,
      message: 'ZZ is not a country that uses IBANs.',
    });
    expect(inEnglish(readIban('DE8937040044053201300'))).toEqual({
      ok: false,
      message: 'An IBAN from DE has 22 characters; this one has 21.',
    });
    expect(readIban('DE89370400440532013001')).toEqual({
      ok: false,
      message: PAY_METHOD_MESSAGES.ibanChecksum,
    });
  });

  it('groups by four for display', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});

const countries = Object.keys(IBAN_LENGTHS);
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A valid IBAN of a registry country: random BBAN characters, correct check digits. */
const validIban = fc.constantFrom(...countries).chain((cc) =>
  fc
    .array(fc.constantFrom(...ALNUM), {
      minLength: (IBAN_LENGTHS[cc] ?? 0) - 4,
      maxLength: (IBAN_LENGTHS[cc] ?? 0) - 4,
    })
    .map((chars) => {
      const bban = chars.join('');
      return `${cc}${ibanCheckDigits(cc, bban)}${bban}`;
    }),
);

describe('IBAN checksum (properties)', () => {
  it('every IBAN with correct check digits passes', () => {
    fc.assert(
      fc.property(validIban, (iban) => {
        expect(readIban(iban)).toEqual({ ok: true, value: iban });
        expect(readIban(formatIban(iban).toLowerCase())).toEqual({ ok: true, value: iban });
      }),
    );
  });

  it('changing any one digit makes it fail', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, shift) => {
        const digitPlaces = [...iban].flatMap((ch, i) => (i >= 2 && /\d/.test(ch) ? [i] : []));
        const place = digitPlaces[at % digitPlaces.length] ?? 2;
        const changed = String((Number(iban[place]) + shift) % 10);
        const wrong = iban.slice(0, place) + changed + iban.slice(place + 1);
        expect(readIban(wrong).ok).toBe(false);
      }),
    );
  });
});

describe('handles and numbers', () => {
  it('reads a BIC of 8 or 11 characters; blank is none', () => {
    expect(readBic('cobadeffxxx')).toEqual({ ok: true, value: 'COBADEFFXXX' });
    expect(readBic('COBADEFF')).toEqual({ ok: true, value: 'COBADEFF' });
    expect(readBic('  ')).toEqual({ ok: true, value: null });
    expect(readBic('COBADE').ok).toBe(false);
    expect(readBic('1OBADEFF').ok).toBe(false);
  });

  it('takes a PayPal.me name as a name, @name or link', () => {
    for (const input of [
      'beacosta',
      '@beacosta',
      'https://paypal.me/beacosta',
      'paypal.me/beacosta/',
    ])
      expect(readPaypal(input)).toEqual({ ok: true, value: 'beacosta' });
    expect(readPaypal('bea costa')).toEqual({ ok: false, message: PAY_METHOD_MESSAGES.paypal });
    expect(readVenmo('@Bea-Costa')).toEqual({ ok: true, value: 'Bea-Costa' });
    expect(readVenmo('bea').ok).toBe(false);
  });

  it('reads a UPI address and a Swish number', () => {
    expect(readUpi('priya@okaxis')).toEqual({ ok: true, value: 'priya@okaxis' });
    expect(readUpi('priya').ok).toBe(false);
    expect(readUpi('priya@ok axis').ok).toBe(false);
    expect(readSwish('+46 70-123 45 67')).toEqual({ ok: true, value: '0701234567' });
    expect(readSwish('070 123 45 67')).toEqual({ ok: true, value: '0701234567' });
    expect(readSwish('123 456 78 90')).toEqual({ ok: true, value: '1234567890' });
    expect(readSwish('08 123 456').ok).toBe(false);
  });
});

describe('validatePayMethods', () => {
  it('normalises a full set; blanks are not offered', () => {
    const r = validatePayMethods({
      bank: { iban: 'de89 3704 0044 0532 0130 00', bic: '', holder: ' Bea\nCosta ' },
      paypal: '@beacosta',
      venmo: '',
      upi: null,
    });
    expect(r).toEqual({
      ok: true,
      value: {
        bank: { iban: 'DE89370400440532013000', bic: null, holder: 'Bea Costa' },
        paypal: 'beacosta',
        venmo: null,
        revolut: null,
        monzo: null,
        upi: null,
        swish: null,
      },
    });
  });

  it('reports every problem at its field, in order', () => {
    const r = validatePayMethods({
      bank: { iban: 'DE00370400440532013000', holder: '' },
      paypal: 'a b',
      swish: '12',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual([
      { path: ['bank', 'iban'], message: PAY_METHOD_MESSAGES.ibanChecksum },
      { path: ['bank', 'holder'], message: PAY_METHOD_MESSAGES.holderEmpty },
      { path: ['paypal'], message: PAY_METHOD_MESSAGES.paypal },
      { path: ['swish'], message: PAY_METHOD_MESSAGES.swish },
    ]);
  });

  it('wants an object, and the bank account as one', () => {
    for (const input of [[], 'x', null, 3]) {
      const r = validatePayMethods(input);
      expect(r.ok ? [] : r.issues).toEqual([{ path: [], message: PAY_METHOD_MESSAGES.notObject }]);
    }
    const r = validatePayMethods({ bank: 'DE89370400440532013000' });
    expect(r.ok ? [] : r.issues).toEqual([
      { path: ['bank'], message: PAY_METHOD_MESSAGES.bankNotObject },
    ]);
  });

  it('an empty bank section is no bank account; a holder alone is a mistake', () => {
    expect(validatePayMethods({ bank: { iban: '', holder: '' } }).ok).toBe(true);
    const r = validatePayMethods({ bank: { iban: ' ', holder: 'Bea' } });
    expect(r.ok ? [] : r.issues).toEqual([
      { path: ['bank', 'iban'], message: PAY_METHOD_MESSAGES.holderWithoutIban },
    ]);
  });
});
