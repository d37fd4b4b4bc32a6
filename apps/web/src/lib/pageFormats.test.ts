// Amounts, numbers, percentages, lists and currency names follow the page's language, not the
// browser's (issue #32): a German page writes "1.234,57 €" in an American browser.
import { afterEach, describe, expect, it } from 'vitest';
import { currencyMatches, currencyOptions } from './currencies';
import { formatDate } from './dates';
import { appLocale } from '../i18n/pageLocale';
import { amountForInput, browserLocale, formatMoney, parseAmount } from './money';
import { formatList, formatNumber, formatPercent } from './numberFormats';
import { resetPageLocale, showPageIn } from './pageLocaleForTests';

afterEach(resetPageLocale);

/** Intl's spaces (narrow no-break, no-break) and direction marks as plain spaces or nothing. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/[\u200e\u200f]/g, '');

describe('amounts in the page’s language', () => {
  it('writes a German page’s amounts the German way in an American browser', () => {
    showPageIn('de', 'en-US');
    expect(plain(formatMoney(1234.567, 'EUR'))).toBe('1.234,57 €');
    expect(amountForInput(12.5, 'EUR')).toBe('12,50');
    expect(parseAmount('1.234,50', 'EUR')).toBe(1234.5);
    // Where the reader lives still comes from the browser (a new group's currency).
    expect(browserLocale()).toBe('en-US');
  });

  it('writes an English page’s amounts the English way in a German browser', () => {
    showPageIn('en', 'de-DE');
    expect(formatMoney(1234.567, 'EUR')).toBe('€1,234.57');
    expect(amountForInput(12.5, 'EUR')).toBe('12.50');
  });

  it('keeps the reader’s region when the browser speaks the page’s language', () => {
    showPageIn('en', 'en-IN');
    expect(appLocale()).toBe('en-IN');
    expect(formatMoney(123456, 'INR')).toBe('₹1,23,456.00');
  });

  it('writes Latin digits on an Arabic page, in every Arabic region, as its dates do', () => {
    showPageIn('ar', 'ar-EG');
    expect(appLocale()).toBe('ar-EG-u-nu-latn');
    expect(plain(formatMoney(1234.5, 'EUR'))).toBe('1,234.50 €');
    expect(parseAmount('1234.50', 'EUR')).toBe(1234.5);
    expect(plain(formatPercent(25))).toBe('25%');
    expect(formatDate('2026-11-30')).toMatch(/^30 .+ 2026$/);
  });
});

describe('numbers, percentages and lists', () => {
  it('place the decimal mark, the percent sign and the conjunction as the language does', () => {
    showPageIn('fr', 'en-US');
    expect(plain(formatPercent(12.5))).toBe('12,5 %');
    expect(formatNumber(33.3333)).toBe('33,3333');
    expect(formatList(['Ann', 'Bea', 'Cy'])).toBe('Ann, Bea et Cy');
    showPageIn('tr', 'en-US');
    expect(formatPercent(82)).toBe('%82');
    showPageIn('de', 'en-US');
    expect(formatList(['Ann', 'Bea', 'Cy'])).toBe('Ann, Bea und Cy');
    expect(formatList(['USD', 'JPY'], 'items')).toBe('USD, JPY');
  });
});

describe('currency names in the picker', () => {
  it('names currencies in the page’s language and finds them by that name, the English one or the code', () => {
    showPageIn('de', 'en-US');
    const usd = currencyOptions().find((o) => o.code === 'USD');
    expect(usd?.name).toBe('US-Dollar');
    expect(usd && currencyMatches(usd, 'us-dollar')).toBe(true);
    expect(usd && currencyMatches(usd, 'dollar')).toBe(true);
    expect(usd && currencyMatches(usd, 'usd')).toBe(true);
    expect(usd && currencyMatches(usd, 'yen')).toBe(false);

    showPageIn('ja', 'en-US');
    const eur = currencyOptions().find((o) => o.code === 'EUR');
    expect(eur?.name).toBe('ユーロ');
    expect(eur && currencyMatches(eur, 'ユーロ')).toBe(true);
    expect(eur && currencyMatches(eur, 'Euro')).toBe(true);

    showPageIn('pl', 'en-US');
    const pln = currencyOptions().find((o) => o.code === 'PLN');
    expect(pln && currencyMatches(pln, 'zloty')).toBe(true);
  });
});
