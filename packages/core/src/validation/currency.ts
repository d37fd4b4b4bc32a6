// ISO 4217 currency codes (active codes, including funds and precious-metal codes).
import type { Message } from '../message.js';
import { fieldError, fieldOk } from './issues.js';
import type { FieldRead } from './issues.js';

export const ISO_4217_CODES: ReadonlySet<string> = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD ' +
    'BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP ' +
    'DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS ' +
    'INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD ' +
    'MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR ' +
    'PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS ' +
    'SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW ' +
    'UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS ' +
    'XUA YER ZAR ZMW ZWG ZWL'
  ).split(' '),
);

export const MSG_INVALID_CURRENCY: Message = /*i18n*/ {
  id: 'currency.invalidCurrency',
  message: 'Currency must be a 3-letter ISO 4217 code.',
};

export function isIsoCurrencyCode(code: string): boolean {
  return ISO_4217_CODES.has(code);
}

/** Normalises a currency code (trimmed, upper case); refuses unknown codes. */
export function readCurrencyCode(input: unknown): FieldRead<string> {
  if (typeof input !== 'string') return fieldError(MSG_INVALID_CURRENCY);
  const code = input.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) && ISO_4217_CODES.has(code)
    ? fieldOk(code)
    : fieldError(MSG_INVALID_CURRENCY);
}

/** Optional currency: absent, null or blank → null. */
export function readOptionalCurrency(input: unknown): FieldRead<string | null> {
  if (input === undefined || input === null) return fieldOk(null);
  if (typeof input === 'string' && input.trim() === '') return fieldOk(null);
  return readCurrencyCode(input);
}
