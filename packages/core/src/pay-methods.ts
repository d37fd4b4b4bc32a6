// "How to pay me" (issue #33 point 1): the ways a person can be paid outside Evenly, read and
// checked the same way by the API (PUT /auth/me/pay-methods) and the web form, with sentences a
// person understands. Every value is stored normalised (upper-case IBAN without spaces, handles
// without their "@" or link prefix) so the link builders (pay-links.ts) can use it as it is.
import type { Message } from './message.js';
import { charLength, isBlank } from './validation/fields.js';
import { asRecord, IssueCollector, schemaFromValidator } from './validation/issues.js';
import type { FieldRead, ValidationResult } from './validation/issues.js';
import { fieldError, fieldOk } from './validation/issues.js';

/** A bank account for SEPA credit transfers: IBAN, the optional BIC and the account holder. */
export interface BankAccount {
  /** Upper-case, no spaces; its mod-97 checksum holds. */
  iban: string;
  /** Upper-case, 8 or 11 characters; null = not given (optional inside the EEA). */
  bic: string | null;
  /** The account holder's name as the bank knows it; 1–70 characters (EPC069-12). */
  holder: string;
}

/** The ways to pay one person; null = not offered. */
export interface PayMethods {
  bank: BankAccount | null;
  /** PayPal.me name (paypal.me/<name>). */
  paypal: string | null;
  /** Venmo username, without "@". */
  venmo: string | null;
  /** Revolut tag (revolut.me/<tag>), without "@". */
  revolut: string | null;
  /** Monzo.me name (monzo.me/<name>). */
  monzo: string | null;
  /** UPI address (VPA), e.g. "priya@okaxis". */
  upi: string | null;
  /** Swish number: a Swedish mobile number "07XXXXXXXX" or a business number "123XXXXXXX". */
  swish: string | null;
}

export const NO_PAY_METHODS: PayMethods = {
  bank: null,
  paypal: null,
  venmo: null,
  revolut: null,
  monzo: null,
  upi: null,
  swish: null,
};

/** The EPC069-12 limit on the beneficiary name, which the SEPA QR code carries. */
export const HOLDER_MAX_LENGTH = 70;

export const PAY_METHOD_MESSAGES = {
  ibanShape: /*i18n*/ {
    id: 'payMethods.ibanShape',
    message: 'Enter the IBAN starting with its country code, e.g. DE89 3704 0044 0532 0130 00.',
  },
  ibanCountry: (cc: string): Message => /*i18n*/ ({
    id: 'payMethods.ibanCountry',
    message: '{cc} is not a country that uses IBANs.',
    values: { cc },
  }),
  ibanLength: (cc: string, want: number, got: number): Message => /*i18n*/ ({
    id: 'payMethods.ibanLength',
    message: 'An IBAN from {cc} has {want} characters; this one has {got}.',
    values: { cc, want, got },
  }),
  ibanChecksum: /*i18n*/ {
    id: 'payMethods.ibanChecksum',
    message: 'This IBAN is not valid: a character is probably mistyped.',
  },
  bic: /*i18n*/ {
    id: 'payMethods.bic',
    message: 'Enter the BIC as 8 or 11 letters and digits, e.g. COBADEFFXXX, or leave it empty.',
  },
  holderEmpty: /*i18n*/ {
    id: 'payMethods.holderEmpty',
    message: 'Enter the account holder’s name.',
  },
  holderTooLong: /*i18n*/ {
    id: 'payMethods.holderTooLong',
    message: 'The account holder’s name can have at most {HOLDER_MAX_LENGTH} characters.',
    values: { HOLDER_MAX_LENGTH },
  },
  holderWithoutIban: /*i18n*/ {
    id: 'payMethods.holderWithoutIban',
    message: 'Enter the IBAN too, or clear the account holder.',
  },
  paypal: /*i18n*/ {
    id: 'payMethods.paypal',
    message: 'A PayPal.me name has 1–20 letters and digits.',
  },
  venmo: /*i18n*/ {
    id: 'payMethods.venmo',
    message: 'A Venmo username has 5–30 letters, digits, hyphens and underscores.',
  },
  revolut: /*i18n*/ {
    id: 'payMethods.revolut',
    message: 'A Revolut tag has 3–32 letters, digits and underscores.',
  },
  monzo: /*i18n*/ {
    id: 'payMethods.monzo',
    message: 'A Monzo.me name has 2–40 letters, digits, dots, hyphens and underscores.',
  },
  upi: /*i18n*/ {
    id: 'payMethods.upi',
    message: 'Enter the UPI address as name@bank, e.g. priya@okaxis.',
  },
  swish: /*i18n*/ {
    id: 'payMethods.swish',
    message: 'Enter a Swedish mobile number (07…) or a Swish business number (123…).',
  },
  notObject: /*i18n*/ {
    id: 'payMethods.notObject',
    message: 'Send the pay methods as a JSON object.',
  },
  bankNotObject: /*i18n*/ {
    id: 'payMethods.bankNotObject',
    message: 'Send the bank account as {shape}, or null.',
    values: { shape: '{ iban, bic, holder }' },
  },
} as const;

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

/** IBAN length per country (SWIFT IBAN registry). */
// prettier-ignore
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29,
  BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29,
  ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28,
  HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28,
  LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20,
  MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25,
  QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27,
  SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** The IBAN as digits (letters A=10 … Z=35, country and check digits moved to the end) mod 97. */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    // Two-digit values shift by 100, one-digit ones by 10; the remainder stays below 97.
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest;
}

/** The two check digits that make `country` + digits + `bban` a valid IBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const check = 98 - ibanMod97(`${country}00${bban}`);
  return String(check).padStart(2, '0');
}

/** "de89 3704 0044…" → "DE8937040044…": spaces and hyphens go, letters are upper-cased. */
function compact(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** An IBAN: country code, check digits, the country's length, and the mod-97 checksum. */
export function readIban(input: unknown): FieldRead<string> {
  if (typeof input !== 'string') return fieldError(PAY_METHOD_MESSAGES.ibanShape);
  const iban = compact(input);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(iban)) {
    return fieldError(PAY_METHOD_MESSAGES.ibanShape);
  }
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length === undefined) return fieldError(PAY_METHOD_MESSAGES.ibanCountry(country));
  if (iban.length !== length) {
    return fieldError(PAY_METHOD_MESSAGES.ibanLength(country, length, iban.length));
  }
  if (ibanMod97(iban) !== 1) return fieldError(PAY_METHOD_MESSAGES.ibanChecksum);
  return fieldOk(iban);
}

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00": groups of four, for reading. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A BIC (ISO 9362): bank code, country, location, optional branch; blank = none. */
export function readBic(input: unknown): FieldRead<string | null> {
  if (isBlank(input)) return fieldOk(null);
  if (typeof input !== 'string') return fieldError(PAY_METHOD_MESSAGES.bic);
  const bic = compact(input);
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) {
    return fieldError(PAY_METHOD_MESSAGES.bic);
  }
  return fieldOk(bic);
}

/** The account holder: trimmed, inner whitespace (newlines, tabs) as single spaces, ≤ 70. */
export function readHolder(input: unknown): FieldRead<string> {
  if (typeof input !== 'string') return fieldError(PAY_METHOD_MESSAGES.holderEmpty);
  const name = oneLine(input);
  if (name === '') return fieldError(PAY_METHOD_MESSAGES.holderEmpty);
  if (charLength(name) > HOLDER_MAX_LENGTH) return fieldError(PAY_METHOD_MESSAGES.holderTooLong);
  return fieldOk(name);
}

/** Control characters (line breaks included) and runs of whitespace become one space; trimmed. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
}

/**
 * A handle typed as "@name", "name" or a link to it ("https://paypal.me/name"): the bare name
 * when it matches `pattern`.
 */
function readHandle(
  input: unknown,
  linkHosts: readonly string[],
  pattern: RegExp,
  message: Message,
): FieldRead<string | null> {
  if (isBlank(input)) return fieldOk(null);
  if (typeof input !== 'string') return fieldError(message);
  let text = input.trim();
  for (const host of linkHosts) {
    const at = text
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '');
    if (at.startsWith(`${host}/`)) {
      text = at.slice(host.length + 1).replace(/\/+$/, '');
      break;
    }
  }
  text = text.replace(/^@/, '');
  return pattern.test(text) ? fieldOk(text) : fieldError(message);
}

export function readPaypal(input: unknown): FieldRead<string | null> {
  return readHandle(
    input,
    ['paypal.me', 'paypal.com/paypalme'],
    /^[A-Za-z0-9]{1,20}$/,
    PAY_METHOD_MESSAGES.paypal,
  );
}

export function readVenmo(input: unknown): FieldRead<string | null> {
  return readHandle(
    input,
    ['venmo.com/u', 'venmo.com'],
    /^[A-Za-z0-9_-]{5,30}$/,
    PAY_METHOD_MESSAGES.venmo,
  );
}

export function readRevolut(input: unknown): FieldRead<string | null> {
  return readHandle(input, ['revolut.me'], /^[A-Za-z0-9_]{3,32}$/, PAY_METHOD_MESSAGES.revolut);
}

export function readMonzo(input: unknown): FieldRead<string | null> {
  return readHandle(input, ['monzo.me'], /^[A-Za-z0-9._-]{2,40}$/, PAY_METHOD_MESSAGES.monzo);
}

/** A UPI virtual payment address: name@handle (the handle names the bank or app). */
export function readUpi(input: unknown): FieldRead<string | null> {
  if (isBlank(input)) return fieldOk(null);
  if (typeof input !== 'string') return fieldError(PAY_METHOD_MESSAGES.upi);
  const vpa = input.trim();
  return /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/.test(vpa)
    ? fieldOk(vpa)
    : fieldError(PAY_METHOD_MESSAGES.upi);
}

/**
 * A Swish number: a Swedish mobile number (07X XXX XX XX, or +46 7X… / 0046 7X…), kept as
 * "07XXXXXXXX", or a business number 123 XXX XX XX.
 */
export function readSwish(input: unknown): FieldRead<string | null> {
  if (isBlank(input)) return fieldOk(null);
  if (typeof input !== 'string') return fieldError(PAY_METHOD_MESSAGES.swish);
  let digits = input.replace(/[\s().-]+/g, '');
  if (digits.startsWith('+46')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('0046')) digits = `0${digits.slice(4)}`;
  return /^07\d{8}$/.test(digits) || /^123\d{7}$/.test(digits)
    ? fieldOk(digits)
    : fieldError(PAY_METHOD_MESSAGES.swish);
}

/**
 * The whole "How to pay me" set (PUT replaces it): `{ bank: {iban, bic?, holder} | null,
 * paypal?, venmo?, revolut?, monzo?, upi?, swish? }`; a blank or absent field is "not offered".
 */
export function validatePayMethods(input: unknown): ValidationResult<PayMethods> {
  const body = asRecord(input);
  const c = new IssueCollector();
  if (!isObject(input)) c.add([], PAY_METHOD_MESSAGES.notObject);
  let bank: BankAccount | null = null;
  if (body.bank !== undefined && body.bank !== null && !isObject(body.bank)) {
    c.add(['bank'], PAY_METHOD_MESSAGES.bankNotObject);
  } else if (body.bank !== undefined && body.bank !== null) {
    const b = asRecord(body.bank);
    if (isBlank(b.iban)) {
      // An empty bank section is "no bank account"; a holder without an IBAN is a mistake.
      if (!isBlank(b.holder) || !isBlank(b.bic)) {
        c.add(['bank', 'iban'], PAY_METHOD_MESSAGES.holderWithoutIban);
      }
    } else {
      const iban = c.take(['bank', 'iban'], readIban(b.iban));
      const bic = c.take(['bank', 'bic'], readBic(b.bic));
      const holder = c.take(['bank', 'holder'], readHolder(b.holder));
      if (iban !== undefined && bic !== undefined && holder !== undefined) {
        bank = { iban, bic, holder };
      }
    }
  }
  const paypal = c.take(['paypal'], readPaypal(body.paypal));
  const venmo = c.take(['venmo'], readVenmo(body.venmo));
  const revolut = c.take(['revolut'], readRevolut(body.revolut));
  const monzo = c.take(['monzo'], readMonzo(body.monzo));
  const upi = c.take(['upi'], readUpi(body.upi));
  const swish = c.take(['swish'], readSwish(body.swish));
  return c.result(() => ({
    bank,
    paypal: paypal ?? null,
    venmo: venmo ?? null,
    revolut: revolut ?? null,
    monzo: monzo ?? null,
    upi: upi ?? null,
    swish: swish ?? null,
  }));
}

export const payMethodsSchema = schemaFromValidator(validatePayMethods);

/** True when the person offers no way to be paid. */
export function hasNoPayMethods(m: PayMethods): boolean {
  return Object.values(m).every((v) => v === null);
}
