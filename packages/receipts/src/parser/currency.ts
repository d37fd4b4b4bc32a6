/**
 * Currency detection from symbols and ISO codes printed on the receipt. A bare `$` is read as
 * the local dollar when the receipt shows its country (Malaysian shops sometimes print `$` for RM).
 */

export interface CurrencyResult {
  currency: string | null;
}

const CODES = [
  'MYR',
  'USD',
  'EUR',
  'GBP',
  'SGD',
  'AUD',
  'CAD',
  'NZD',
  'CHF',
  'JPY',
  'CNY',
  'HKD',
  'INR',
  'IDR',
  'THB',
  'PHP',
  'VND',
  'KRW',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'MXN',
  'BRL',
  'ZAR',
  'AED',
  'TWD',
];

/** Detects the receipt currency, or null when nothing on the receipt names one. */
export function detectCurrency(text: string): CurrencyResult {
  const u = text.toUpperCase();
  const counts = new Map<string, number>();
  const add = (code: string, n: number): void => {
    if (n > 0) counts.set(code, (counts.get(code) ?? 0) + n);
  };
  const count = (re: RegExp): number => (u.match(re) ?? []).length;

  add('MYR', count(/\bRM\s?-?\d|\bRM\b(?=\s*[:)]|\s*$)|\(RM\)|\bMYR\b|\bRINGGIT\b/gm));
  add('EUR', count(/€|\bEUR\b|\bEURO\b/g));
  add('GBP', count(/£|\bGBP\b/g));
  add('SGD', count(/S\$|\bSGD\b/g));
  add('AUD', count(/A\$|\bAUD\b/g));
  add('CAD', count(/C\$|\bCAD\b/g));
  add('HKD', count(/HK\$|\bHKD\b/g));
  add('INR', count(/₹|\bINR\b|\bRS\.?\s?\d/g));
  add('IDR', count(/\bRP\.?\s?\d|\bIDR\b/g));
  add('JPY', count(/¥|\bJPY\b|円/g));
  add('CHF', count(/\bCHF\b|\bSFR\b/g));
  add('PHP', count(/₱|\bPHP\b/g));
  add('THB', count(/฿|\bTHB\b|\bBAHT\b/g));
  add('VND', count(/₫|\bVND\b/g));
  add('KRW', count(/₩|\bKRW\b/g));
  for (const code of CODES) {
    if (!counts.has(code)) add(code, count(new RegExp(String.raw`\b${code}\b`, 'g')));
  }
  const dollars =
    count(/(?<![A-Z])\$/g) -
    (counts.get('SGD') ?? 0) -
    (counts.get('AUD') ?? 0) -
    (counts.get('CAD') ?? 0) -
    (counts.get('HKD') ?? 0);

  let best: string | null = null;
  let bestCount = 0;
  for (const [code, n] of counts) {
    if (n > bestCount) {
      best = code;
      bestCount = n;
    }
  }
  if (best) return { currency: best };
  if (dollars > 0) {
    if (/SDN\.?\s?BHD|MALAYSIA|\bGST\b.*\bSR\b|\bJALAN\b|\bJLN\b/s.test(u))
      return { currency: 'MYR' };
    if (/SINGAPORE|\bPTE\.?\s?LTD/.test(u)) return { currency: 'SGD' };
    if (/AUSTRALIA|\bABN\b|\bPTY\b/.test(u)) return { currency: 'AUD' };
    if (/CANADA|\bHST\b|\bGST\/HST/.test(u)) return { currency: 'CAD' };
    return { currency: 'USD' };
  }
  // No symbol at all: the country may still be evident.
  if (/SDN\.?\s?BHD|\bS\/B\b|MALAYSIA/.test(u)) return { currency: 'MYR' };
  return { currency: null };
}
