/**
 * Date extraction. Finds every printed date, decides day-first vs month-first from evidence on the
 * receipt itself (an unambiguous 25/12 or 12/25 elsewhere, the country the receipt comes from), and
 * returns the best one as YYYY-MM-DD.
 */
import type { ReceiptLine } from './text.js';
import { MONTH_NAMES, MONTHS, repairMonthNames } from './month-names.js';

export type DateOrder = 'DMY' | 'MDY';

export interface DateCandidate {
  year: number;
  /** For numeric dates whose order is unknown, `a` and `b` are the first two fields as printed. */
  a: number;
  b: number;
  /** True when the month is certain (text month or year-first form). */
  fixed: boolean;
  lineIndex: number;
  /** Line mentions "date" or carries a time of day. */
  labelled: boolean;
  /** Line is about an expiry or validity date, not the purchase. */
  negative: boolean;
}

export interface DateResult {
  date: string | null;
  confidence: number;
}

const SEP = String.raw`[\/\-.]`;
/** 2025-03-14, 2025/3/14, 2025.03.14 */
const YMD_RE = new RegExp(
  String.raw`(?<!\d)((?:19|20)\d{2})\s?${SEP}\s?(\d{1,2})\s?${SEP}\s?(\d{1,2})(?!\d)`,
  'g',
);
/** 14/03/2025, 3-14-25, 14.03.25 (order decided later) */
const NUM_RE = new RegExp(
  String.raw`(?<![\d\/\-.])(\d{1,2})\s?(${SEP})\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d]|[.,]\d)`,
  'g',
);
/** 14 MAR 2025, 14-MAR-25, 14MAR2025, 14. März 2025 */
const DMONY_RE = new RegExp(
  String.raw`(?<!\d)(\d{1,2})(?:ST|ND|RD|TH)?\.?[\s\-\/.]*(${MONTH_NAMES})\.?(?![A-Z])[\s\-\/.,']*((?:19|20)?\d{2})(?!\d)`,
  'g',
);
/** MAR 14, 2025 / March 14 2025 */
const MONDY_RE = new RegExp(
  String.raw`(?<![A-Z])(${MONTH_NAMES})\.?[\s\-\/.]*(\d{1,2})(?:ST|ND|RD|TH)?,?[\s\-\/.,']+((?:19|20)\d{2})(?!\d)`,
  'g',
);
/**
 * Last resort, when nothing above matched anywhere on the receipt: OCR lost the space before a
 * date ("#19536001/06/2018"), the first separator of one ("2703/2018"), or read the second as a
 * 1 ("25/0412017").
 */
const GLUED_RE = /(\d{1,2})([/-])(\d{1,2})\2((?:19|20)\d{2})(?!\d)/g;
const LOST_SEP_RE = /(?<!\d)(\d{2})(\d{2})\s?([/-])\s?((?:19|20)\d{2})(?!\d)/g;
/** A 2-digit year with the time glued on, its colons lost: "18/03/1815170605102". */
const SHORT_YEAR_GLUED_RE = /(?<!\d)(\d{1,2})([/-])(\d{1,2})\2(\d{2})(?=\d{4})/g;
/** The second separator read as a 1 or an l: "25/0412017". */
const SEP_AS_ONE_RE = /(?<!\d)(\d{1,2})([/-])(\d{2})[1IL|]((?:19|20)\d{2})(?!\d)/g;
/** 20180428 or 25032018 (only where the line shows a date or time) */
const COMPACT_RE = /(?<!\d)(\d{8})(?!\d)/g;

const DATE_LABEL = /DATE|DATUM|FECHA|DATA|TARIKH|TGL|TANGGAL|(?<!\d)\d{1,2}\s?:\s?\d{2}(?!\d)/;
const NEGATIVE_LABEL = /EXP(?:IRY|IRES|\.)?\b|VALID|BEST BEFORE|USE BY|DUE DATE|MEMBER SINCE|BIRTH/;

function isValid(year: number, month: number, day: number): boolean {
  if (year < 1990 || year > 2099 || month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

/**
 * OCR often glues the time to the year: "25/12/20188:13:39PM", "13 MAY201818:26", also a time
 * it damaged ("30-04-201815:5/"); or the time to the date, before it ("16:1404/03/18"), or lost
 * the time's first colon ("25/FEB/20170743:54"). A space is put back between them.
 */
function splitGluedTimes(upper: string): string {
  return upper
    .replace(/(?<!\d)(\d{1,2}:\d{2})(?=\d{1,2}[/\-.]\d{1,2}[/\-.]\d{2,4}(?!\d))/g, '$1 ')
    .replace(/([/\-.]\s?\d{1,2}\s?[/\-.]\s?)((?:19|20)\d{2}|\d{2})(?=\d{1,2}:\d{2})/g, '$1$2 ')
    .replace(/([/\-.]\s?)((?:19|20)\d{2})(?=\d{1,2}:\d)/g, '$1$2 ')
    .replace(/([A-Z]\.?[\s/\-.]?)((?:19|20)\d{2})(?=\d{1,4}:\d{2})/g, '$1$2 ');
}

/** A compact date ("25032018", "20180325"), or null; years before 2000 are numbers, not dates. */
function compactDate(s: string): { year: number; a: number; b: number; fixed: boolean } | null {
  const y1 = Number(s.slice(0, 4));
  const m1 = Number(s.slice(4, 6));
  const d1 = Number(s.slice(6, 8));
  const d2 = Number(s.slice(0, 2));
  const m2 = Number(s.slice(2, 4));
  const y2 = Number(s.slice(4, 8));
  if (isValid(y1, m1, d1) && y1 >= 2000) return { year: y1, a: d1, b: m1, fixed: true };
  if (isValid(y2, m2, d2) && y2 >= 2000) return { year: y2, a: d2, b: m2, fixed: false };
  return null;
}

/** Finds every date-looking string on the receipt. */
export function findDateCandidates(lines: ReceiptLine[]): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const line of lines) {
    // Month names OCR damaged are repaired ("3AN", "0CT", "MAROH").
    const u = repairMonthNames(splitGluedTimes(line.upper));
    const labelled = DATE_LABEL.test(u);
    const negative = NEGATIVE_LABEL.test(u);
    const base = { lineIndex: line.index, labelled, negative };
    const taken: [number, number][] = [];
    const overlaps = (start: number, len: number): boolean =>
      taken.some(([s, e]) => start < e && start + len > s);
    const take = (start: number, len: number): void => {
      taken.push([start, start + len]);
    };

    for (const m of u.matchAll(YMD_RE)) {
      const year = Number(m[1]);
      const month = Number(m[2]);
      const day = Number(m[3]);
      if (isValid(year, month, day)) {
        out.push({ year, a: day, b: month, fixed: true, ...base });
        take(m.index, m[0].length);
      }
    }
    for (const m of u.matchAll(DMONY_RE)) {
      if (overlaps(m.index, m[0].length)) continue;
      const day = Number(m[1]);
      const month = MONTHS[m[2] ?? ''] ?? 0;
      const year = fullYear(m[3] ?? '');
      if (isValid(year, month, day)) {
        out.push({ year, a: day, b: month, fixed: true, ...base });
        take(m.index, m[0].length);
      }
    }
    for (const m of u.matchAll(MONDY_RE)) {
      if (overlaps(m.index, m[0].length)) continue;
      const month = MONTHS[m[1] ?? ''] ?? 0;
      const day = Number(m[2]);
      const year = fullYear(m[3] ?? '');
      if (isValid(year, month, day)) {
        out.push({ year, a: day, b: month, fixed: true, ...base });
        take(m.index, m[0].length);
      }
    }
    for (const m of u.matchAll(NUM_RE)) {
      if (overlaps(m.index, m[0].length)) continue;
      const a = Number(m[1]);
      const b = Number(m[3]);
      const year = fullYear(m[4] ?? '');
      // A two-digit year with "." separators is often a price or version, keep only when labelled.
      if ((m[4] ?? '').length === 2 && m[2] === '.' && !labelled) continue;
      if (isValid(year, b, a) || isValid(year, a, b)) {
        out.push({ year, a, b, fixed: false, ...base });
        take(m.index, m[0].length);
      }
    }
    if (labelled) {
      for (const m of u.matchAll(COMPACT_RE)) {
        if (overlaps(m.index, m[0].length)) continue;
        const c = compactDate(m[1] ?? '');
        if (c) out.push({ ...c, ...base });
      }
    }
  }
  return out;
}

/** Month-first countries, recognised from currency and wording on the receipt. */
const MDY_HINTS =
  /\bUSD\b|US\$|SALES TAX|\bSTATE TAX|\bZIP\b|\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)\s\d{5}(?:-\d{4})?\b|THANK YOU FOR SHOPPING AT|\bPHILIPPINES\b|\bTIN\b/;
const DMY_HINTS =
  /\bRM\s?\d|\bMYR\b|SDN\.?\s?BHD|\bGST\b|MALAYSIA|SINGAPORE|\bVAT\b|\bMWST\b|\bUST\b|\bTVA\b|\bIVA\b|€|£|\bEUR\b|\bGBP\b|\bAUD\b|\bNZD\b|\bINR\b|\bABN\b|\bGMBH\b|\bLTD\b/;

/**
 * Decides whether ambiguous numeric dates are day-first or month-first: first from dates on the
 * same receipt that can only be read one way, then from the receipt's country, else day-first
 * (most of the world).
 */
export function decideOrder(
  candidates: DateCandidate[],
  fullText: string,
): { order: DateOrder; evidence: number } {
  let dmy = 0;
  let mdy = 0;
  for (const c of candidates) {
    if (c.fixed) continue;
    if (c.a > 12 && c.b <= 12) dmy++;
    if (c.b > 12 && c.a <= 12) mdy++;
  }
  if (dmy !== mdy) return { order: dmy > mdy ? 'DMY' : 'MDY', evidence: 1 };
  const u = fullText.toUpperCase();
  const mdyHint = MDY_HINTS.test(u) || (/\$\s?\d/.test(u) && !DMY_HINTS.test(u));
  const dmyHint = DMY_HINTS.test(u);
  if (mdyHint && !dmyHint) return { order: 'MDY', evidence: 0.6 };
  if (dmyHint && !mdyHint) return { order: 'DMY', evidence: 0.6 };
  return { order: 'DMY', evidence: 0.3 };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function resolve(c: DateCandidate, order: DateOrder): { y: number; m: number; d: number } | null {
  if (c.fixed) return isValid(c.year, c.b, c.a) ? { y: c.year, m: c.b, d: c.a } : null;
  const dmyOk = isValid(c.year, c.b, c.a);
  const mdyOk = isValid(c.year, c.a, c.b);
  if (order === 'DMY') {
    if (dmyOk) return { y: c.year, m: c.b, d: c.a };
    if (mdyOk) return { y: c.year, m: c.a, d: c.b };
  } else {
    if (mdyOk) return { y: c.year, m: c.a, d: c.b };
    if (dmyOk) return { y: c.year, m: c.b, d: c.a };
  }
  return null;
}

/**
 * Dates OCR damaged (see GLUED_RE), and a compact date on a line whose label OCR lost
 * ("27032018"); only looked for when no clean date was found.
 */
export function findDamagedDateCandidates(lines: ReceiptLine[]): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const line of lines) {
    const u = splitGluedTimes(line.upper);
    const base = {
      lineIndex: line.index,
      labelled: DATE_LABEL.test(line.upper),
      negative: NEGATIVE_LABEL.test(line.upper),
      fixed: false,
    };
    for (const m of u.matchAll(COMPACT_RE)) {
      const compact = compactDate(m[1] ?? '');
      if (compact) out.push({ ...base, ...compact });
    }
    for (const re of [GLUED_RE, LOST_SEP_RE, SEP_AS_ONE_RE, SHORT_YEAR_GLUED_RE]) {
      for (const m of u.matchAll(re)) {
        const a = Number(m[1]);
        const b = Number(re === LOST_SEP_RE ? m[2] : m[3]);
        const year = fullYear(m[4] ?? '');
        if (isValid(year, b, a) || isValid(year, a, b)) out.push({ year, a, b, ...base });
      }
    }
  }
  return out;
}

/** Extracts the purchase date of a receipt. */
export function extractDate(lines: ReceiptLine[], now: Date = new Date()): DateResult {
  let candidates = findDateCandidates(lines);
  let damaged = false;
  if (candidates.length === 0) {
    candidates = findDamagedDateCandidates(lines);
    damaged = true;
  }
  if (candidates.length === 0) return { date: null, confidence: 0 };
  const { order, evidence } = decideOrder(candidates, lines.map((l) => l.upper).join('\n'));
  const maxYear = now.getUTCFullYear() + 1;

  let best: { score: number; iso: string; c: DateCandidate } | null = null;
  for (const c of candidates) {
    const r = resolve(c, order);
    if (!r) continue;
    let score = 0;
    if (c.labelled) score += 2;
    if (c.negative) score -= 3;
    if (r.y > maxYear) score -= 2;
    if (r.y < 2000) score -= 1;
    // Earlier lines are more often the purchase date.
    score -= c.lineIndex * 0.01;
    const iso = `${r.y}-${pad(r.m)}-${pad(r.d)}`;
    if (!best || score > best.score) best = { score, iso, c };
  }
  if (!best) return { date: null, confidence: 0 };
  const ambiguous = !best.c.fixed && best.c.a <= 12 && best.c.b <= 12 && best.c.a !== best.c.b;
  let confidence = best.c.labelled ? 0.95 : 0.8;
  if (ambiguous) confidence *= evidence >= 1 ? 0.95 : 0.6 + 0.3 * evidence;
  if (best.c.negative) confidence *= 0.5;
  if (damaged) confidence *= 0.6;
  return { date: best.iso, confidence: Math.round(confidence * 100) / 100 };
}
