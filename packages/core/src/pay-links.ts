// Pay buttons at settle-up (issue #33 point 2): for what the user owes someone in one currency,
// the ways that person can be paid in it (PayMethods, pay-methods.ts) as links that open the
// service with the amount, currency and a note filled in where the service takes them, and the
// SEPA credit transfer QR code (EPC069-12) for a bank account in euros. Amounts come in as
// integer minor units; the decimal text is made here, at the edge, by formatMinor.
import { formatMinor } from './money.js';
import type { Cents } from './money.js';
import { oneLine } from './pay-methods.js';
import type { BankAccount, PayMethods } from './pay-methods.js';

export type PayLinkKind = 'paypal' | 'venmo' | 'revolut' | 'monzo' | 'upi' | 'swish';

/** One pay button: the service's name, the link, and whether it carries the amount. */
export interface PayLink {
  kind: PayLinkKind;
  /** "PayPal", "Venmo", … for "Pay €45.00 with PayPal". */
  service: string;
  href: string;
  /** Venmo: the web page for phones without the app (href opens the app). */
  webHref: string | null;
  /** False when the service's link cannot carry the amount: the person types it there. */
  amountFilled: boolean;
}

/** What the bank transfer needs: the account, and the EPC QR payload when it is in euros. */
export interface BankTransfer {
  account: BankAccount;
  /** The EPC069-12 payload for the QR code; null when the amount is out of its range. */
  epcPayload: string | null;
}

/**
 * Currencies PayPal accepts for payments (its list of supported currencies); a PayPal.me link
 * carries the amount and the currency code, e.g. paypal.me/name/45.00EUR.
 */
// prettier-ignore
export const PAYPAL_CURRENCIES: readonly string[] = [
  'AUD', 'BRL', 'CAD', 'CHF', 'CNY', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'HUF', 'ILS', 'JPY',
  'MXN', 'MYR', 'NOK', 'NZD', 'PHP', 'PLN', 'SEK', 'SGD', 'THB', 'TWD', 'USD',
];

/**
 * Currencies a Revolut account holds and sends between Revolut users. A revolut.me link opens
 * the person's page without an amount (its links take none), so the button says the amount and
 * the payer types it there.
 */
// prettier-ignore
export const REVOLUT_CURRENCIES: readonly string[] = [
  'AED', 'AUD', 'BGN', 'CAD', 'CHF', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'HUF', 'ILS', 'ISK',
  'JPY', 'MXN', 'NOK', 'NZD', 'PLN', 'QAR', 'RON', 'RSD', 'SAR', 'SEK', 'SGD', 'THB', 'TRY',
  'USD', 'ZAR',
];

/**
 * Which services pay in `currency`: a bank account only in EUR (SEPA), Venmo only in USD, Monzo
 * only in GBP (monzo.me takes pounds), UPI only in INR, Swish only in SEK; PayPal and Revolut in
 * the currencies above.
 */
export function methodFitsCurrency(kind: PayLinkKind | 'bank', currency: string): boolean {
  switch (kind) {
    case 'bank':
      return currency === 'EUR';
    case 'venmo':
      return currency === 'USD';
    case 'monzo':
      return currency === 'GBP';
    case 'upi':
      return currency === 'INR';
    case 'swish':
      return currency === 'SEK';
    case 'paypal':
      return PAYPAL_CURRENCIES.includes(currency);
    case 'revolut':
      return REVOLUT_CURRENCIES.includes(currency);
  }
}

/** The note every link carries where it can: "Evenly · Lisbon trip", one line, ≤ 140. */
export function paymentNote(context: string | null): string {
  const text = context === null ? '' : oneLine(context);
  const note = text === '' ? 'Evenly' : `Evenly · ${text}`;
  return [...note].slice(0, 140).join('');
}

const enc = encodeURIComponent;

/**
 * The pay links that fit `currency`, in a fixed order, for paying `amount` (minor units, > 0)
 * to someone with `methods`; `payeeName` names them where the service shows it (UPI).
 */
export function payLinks(
  methods: PayMethods,
  amount: Cents,
  currency: string,
  note: string,
  payeeName: string,
): PayLink[] {
  const text = formatMinor(amount, currency);
  const out: PayLink[] = [];
  const add = (kind: PayLinkKind, service: string, href: string, filled: boolean, web?: string) => {
    if (methodFitsCurrency(kind, currency)) {
      out.push({ kind, service, href, webHref: web ?? null, amountFilled: filled });
    }
  };
  if (methods.paypal !== null) {
    add('paypal', 'PayPal', `https://paypal.me/${enc(methods.paypal)}/${text}${currency}`, true);
  }
  if (methods.venmo !== null) {
    const query = `txn=pay&amount=${text}&note=${enc(note)}`;
    add(
      'venmo',
      'Venmo',
      `venmo://paycharge?${query}&recipients=${enc(methods.venmo)}`,
      true,
      `https://venmo.com/${enc(methods.venmo)}?${query}`,
    );
  }
  if (methods.revolut !== null) {
    add('revolut', 'Revolut', `https://revolut.me/${enc(methods.revolut)}`, false);
  }
  if (methods.monzo !== null) {
    add('monzo', 'Monzo', `https://monzo.me/${enc(methods.monzo)}/${text}?d=${enc(note)}`, true);
  }
  if (methods.upi !== null) {
    const payee = enc(oneLine(payeeName));
    const href = `upi://pay?pa=${enc(methods.upi)}&pn=${payee}&am=${text}&cu=INR&tn=${enc(note)}`;
    add('upi', 'UPI', href, true);
  }
  if (methods.swish !== null) {
    // Swish's link for a prefilled payment (the one its QR codes carry).
    // Swish messages hold 50 characters.
    const msg = enc([...note].slice(0, 50).join(''));
    const href = `https://app.swish.nu/1/p/sw/?sw=${enc(methods.swish)}&amt=${text}&cur=SEK&msg=${msg}&src=qr`;
    add('swish', 'Swish', href, true);
  }
  return out;
}

/** EPC069-12 limits: 2 decimals, €0.01 to €999,999,999.99; the whole payload ≤ 331 bytes. */
export const EPC_MAX_CENTS = 99_999_999_999;
const EPC_MAX_BYTES = 331;
const EPC_REMITTANCE_MAX = 140;

/** Bytes of `s` in UTF-8: 1 to 4 per code point. */
function utf8Length(s: string): number {
  let bytes = 0;
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * The SEPA credit transfer QR payload (EPC069-12 "BCD", version 002, UTF-8), lines joined by LF:
 * service tag, version, character set, identification, BIC (may be empty in version 002),
 * beneficiary name (≤ 70), IBAN, amount "EUR45.00", purpose (empty), structured reference
 * (empty), unstructured remittance (≤ 140). User text is made one line (no line break can shift
 * a field) and cut to its limits. Null when the amount is outside the standard's range.
 */
export function epcPayload(account: BankAccount, amount: Cents, remittance: string): string | null {
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > EPC_MAX_CENTS) return null;
  let name = [...oneLine(account.holder)].slice(0, 70);
  let text = [...oneLine(remittance)].slice(0, EPC_REMITTANCE_MAX);
  const payload = () =>
    [
      'BCD',
      '002',
      '1',
      'SCT',
      account.bic ?? '',
      name.join('').trim(),
      account.iban,
      `EUR${formatMinor(amount, 'EUR')}`,
      '',
      '',
      text.join('').trim(),
    ].join('\n');
  // Multi-byte characters could pass the byte limit: the remittance text gives way, then the name.
  while (utf8Length(payload()) > EPC_MAX_BYTES) {
    if (text.length > 0) text = text.slice(0, -1);
    else name = name.slice(0, -1);
  }
  return payload();
}

/** The bank transfer for paying `amount` in `currency`: only a bank account in euros. */
export function bankTransfer(
  methods: PayMethods,
  amount: Cents,
  currency: string,
  note: string,
): BankTransfer | null {
  if (methods.bank === null || !methodFitsCurrency('bank', currency)) return null;
  return { account: methods.bank, epcPayload: epcPayload(methods.bank, amount, note) };
}
