/**
 * Month names as receipts print them, in the languages the parser reads, and the repair of month
 * names OCR damaged (dates.ts).
 */
import { editDistance } from './text.js';

/** Month number (1–12) by printed name or abbreviation, upper case. */
export const MONTHS: Record<string, number> = {
  JAN: 1,
  JANUARY: 1,
  JANUARI: 1,
  JANV: 1,
  JANVIER: 1,
  JANUAR: 1,
  ENE: 1,
  ENERO: 1,
  GEN: 1,
  FEB: 2,
  FEBRUARY: 2,
  FEBRUARI: 2,
  FEV: 2,
  FÉV: 2,
  FEVRIER: 2,
  FÉVRIER: 2,
  FEBRUAR: 2,
  FEBRERO: 2,
  MAR: 3,
  MARCH: 3,
  MAC: 3,
  MARS: 3,
  MÄR: 3,
  MÄRZ: 3,
  MARZ: 3,
  MARZO: 3,
  MRT: 3,
  APR: 4,
  APRIL: 4,
  AVR: 4,
  AVRIL: 4,
  ABR: 4,
  ABRIL: 4,
  MAY: 5,
  MEI: 5,
  MAI: 5,
  MAYO: 5,
  MAG: 5,
  JUN: 6,
  JUNE: 6,
  JUNI: 6,
  JUIN: 6,
  JUNIO: 6,
  GIU: 6,
  JUL: 7,
  JULY: 7,
  JULAI: 7,
  JULI: 7,
  JUIL: 7,
  JUILLET: 7,
  JULIO: 7,
  LUG: 7,
  AUG: 8,
  AUGUST: 8,
  OGOS: 8,
  AOUT: 8,
  AOÛT: 8,
  AGO: 8,
  AGOSTO: 8,
  AGS: 8,
  SEP: 9,
  SEPT: 9,
  SEPTEMBER: 9,
  SEPTEMBRE: 9,
  SEPTIEMBRE: 9,
  SET: 9,
  OCT: 10,
  OCTOBER: 10,
  OKT: 10,
  OKTOBER: 10,
  OCTOBRE: 10,
  OCTUBRE: 10,
  OTT: 10,
  NOV: 11,
  NOVEMBER: 11,
  NOVEMBRE: 11,
  NOVIEMBRE: 11,
  DEC: 12,
  DECEMBER: 12,
  DIS: 12,
  DISEMBER: 12,
  DEZ: 12,
  DEZEMBER: 12,
  DÉC: 12,
  DECEMBRE: 12,
  DÉCEMBRE: 12,
  DIC: 12,
  DICIEMBRE: 12,
  DES: 12,
  DESEMBER: 12,
};

export const MONTH_NAMES = Object.keys(MONTHS)
  .sort((x, y) => y.length - x.length)
  .join('|');

/**
 * Month names for repairing OCR damage: English and Malay abbreviations and English full names
 * (the exact-match table above covers more languages).
 */
const FUZZY_MONTHS = [
  ...['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  ...['MAC', 'MEI', 'OGOS', 'OKT', 'DIS'],
  ...['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER'],
  ...['OCTOBER', 'NOVEMBER', 'DECEMBER'],
];
const DIGIT_AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };

/** The month a damaged word was meant to be: one edit from exactly one month name, else null. */
function fuzzyMonth(word: string): string | null {
  const w = word.replace(/[0158]/g, (d) => DIGIT_AS_LETTER[d] ?? d);
  if (MONTHS[w] !== undefined) return w;
  const near = FUZZY_MONTHS.filter((m) => editDistance(w, m, 1) <= 1);
  const months = new Set(near.map((m) => MONTHS[m]));
  return months.size === 1 ? (near[0] ?? null) : null;
}

/** A damaged word read as a month: the whole word, else without a stray first letter ("AMAY"). */
function tryMonth(word: string): string | null {
  if (word.length < 3 || word.length > 9 || (word.match(/[A-Z]/g) ?? []).length < 2) return null;
  return fuzzyMonth(word) ?? (word.length >= 4 ? fuzzyMonth(word.slice(1)) : null);
}

/**
 * Repairs month names OCR damaged between a day and a year: "05 3AN 2017", "02/JA0/2017",
 * "0CT 3, 2016", "27MAROH,2018", "14AMAY/2017" (a stray letter before the month).
 */
export function repairMonthNames(u: string): string {
  return u.replace(
    /(?<![A-Z0-9])(\d{1,2}[\s\-/.]*)?([A-Z0-9]*[A-Z][A-Z0-9]*)(?=[\s\-/.,']*(?:\d{1,2}\W{1,3})?(?:19|20)?\d{2}(?!\d))/g,
    (whole: string, day: string | undefined, word: string) => {
      if (MONTHS[word] !== undefined) return whole;
      // A digit glued before the word may belong to it ("0CT 3") rather than be the day.
      if (day && /\d$/.test(day)) {
        const month = word.length >= 2 ? fuzzyMonth(day.slice(-1) + word) : null;
        if (month) return `${day.slice(0, -1)}${month} `;
      }
      const month = tryMonth(word);
      return month ? `${day ?? ''}${day && !/\s$/.test(day) ? ' ' : ''}${month} ` : whole;
    },
  );
}
