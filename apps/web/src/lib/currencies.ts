// Currencies for pickers: ISO 4217 codes with their names and symbols in the page's language
// (appLocale), the recently used first (kept in localStorage).
import { ISO_4217_CODES } from '@evenly/core';
import { appLocale } from '../i18n/pageLocale';

export interface CurrencyOption {
  code: string;
  /** The name in the page's language ("US-Dollar" on a German page); the code if Intl has none. */
  name: string;
  /** The English name, also matched by the search (people often know "dollar" or "euro"). */
  englishName: string;
  symbol: string;
}

const RECENT_KEY = 'evenly.recentCurrencies';
/** Funds and metals nobody splits a dinner in. */
const HIDDEN = new Set(
  'BOV CHE CHW CLF COU MXV USN UYI UYW XAG XAU XBA XBB XBC XBD XDR XPD XPT XSU XTS XUA'.split(' '),
);

let cached: { locale: string; options: CurrencyOption[] } | null = null;

function currencyNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' });
  } catch {
    return null;
  }
}

export function currencyOptions(): CurrencyOption[] {
  const locale = appLocale();
  if (cached?.locale === locale) return cached.options;
  const names = currencyNames(locale);
  const english = currencyNames('en');
  const options = [...ISO_4217_CODES]
    .filter((c) => !HIDDEN.has(c))
    .sort()
    .map((code) => {
      let symbol = code;
      try {
        symbol =
          new Intl.NumberFormat(locale, { style: 'currency', currency: code })
            .formatToParts(0)
            .find((p) => p.type === 'currency')?.value ?? code;
      } catch {
        // keep the code
      }
      const englishName = english?.of(code) ?? code;
      return { code, name: names?.of(code) ?? englishName, englishName, symbol };
    });
  cached = { locale, options };
  return options;
}

/** Lower case without accents, so "zloty" finds "Złoty" and "real" finds "Réal". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ł/g, 'l');
}

/** Whether a typed search finds a currency: by code, name (either language) or exact symbol. */
export function currencyMatches(option: CurrencyOption, query: string): boolean {
  const q = folded(query.trim());
  if (q === '') return true;
  return (
    option.code.toLowerCase().includes(q) ||
    folded(option.name).includes(q) ||
    folded(option.englishName).includes(q) ||
    option.symbol.toLowerCase() === q
  );
}

export function recentCurrencies(): string[] {
  try {
    const raw = localStorage.getItem(RECENT_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberCurrency(code: string): void {
  try {
    const next = [code, ...recentCurrencies().filter((c) => c !== code)].slice(0, 5);
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // storage unavailable: nothing to remember
  }
}

/** Options in picker order: `first` (e.g. the group's), the recent ones, then the rest. */
export function orderedOptions(first: readonly string[]): CurrencyOption[] {
  const all = currencyOptions();
  const front = [...new Set([...first, ...recentCurrencies()])];
  const byCode = new Map(all.map((o) => [o.code, o]));
  const head = front.flatMap((c) => {
    const o = byCode.get(c);
    return o ? [o] : [];
  });
  return [...head, ...all.filter((o) => !front.includes(o.code))];
}
