// Numbers, percentages and lists shown to people, in the page's language (issue #32): "12,5 %"
// on a French page, "%12,5" on a Turkish one, "Ann, Bea und Cy" on a German one. Amounts are in
// money.ts; both format with appLocale().
import { appLocale } from '../i18n/pageLocale';

/** A plain number with up to `maxDigits` decimals ("33,3333" on a German page). */
export function formatNumber(value: number, maxDigits = 4): string {
  return new Intl.NumberFormat(appLocale(), { maximumFractionDigits: maxDigits }).format(value);
}

/** A percentage given in whole percent (82 → "82%", "82 %", "%82"), up to `maxDigits` decimals. */
export function formatPercent(percent: number, maxDigits = 4): string {
  return new Intl.NumberFormat(appLocale(), {
    style: 'percent',
    maximumFractionDigits: maxDigits,
  }).format(percent / 100);
}

/**
 * Names or items as the page's language lists them: `and` joins people ("Ann, Bea and Cy",
 * "Ann、Bea、Cy"), `items` lists things without a conjunction ("USD, JPY").
 */
export function formatList(items: readonly string[], kind: 'and' | 'items' = 'and'): string {
  return new Intl.ListFormat(appLocale(), {
    style: 'long',
    type: kind === 'and' ? 'conjunction' : 'unit',
  }).format(items);
}
