/**
 * Line items: lines above the totals block that end in a price. A line with only numbers takes its
 * name from the text line above it (names and prices often wrap). Discounts are negative.
 * Each item carries its quantity (when the line prints one) and a confidence: misread lines
 * ("7 217…", "IRA DA") score low and are left out, so a form never shows them as items.
 */
import type { ReceiptLine } from './text.js';
import { centsToNumber, letterCount } from './text.js';
import { DISCOUNT, isChargeOrPaymentLine } from './non-items.js';
import { classifyLabel } from './totals.js';

export interface ReceiptItem {
  name: string;
  /** How many were bought (1 when the line does not say). */
  quantity: number;
  /** The line's total in major units, 2 decimals (negative for a discount). */
  price: number;
  /** 0–1: how surely the line is an item read cleanly (name, price, arithmetic). */
  confidence: number;
}

/** Items under this confidence are not returned. */
export const MIN_ITEM_CONFIDENCE = 0.6;

/** "2 X", "2 @", "2 PCS", "QTY 2", "2x": a quantity printed on the line (1–999). */
const QUANTITY =
  /(?:^|[\s*])(\d{1,3})\s?(?:X|@|PC|PCS|EA|UNITS?)(?![A-Z])|\bQTY\s*[:.]?\s*(\d{1,3})\b/i;

/** The quantity the line prints, and whether quantity × unit price = line total. */
function readQuantity(line: ReceiptLine): { quantity: number; agrees: boolean } {
  const m = QUANTITY.exec(line.text);
  const printed = m ? Number(m[1] ?? m[2]) : null;
  const amounts = line.amounts.filter((a) => a.cents > 0);
  const total = amounts[amounts.length - 1]?.cents;
  const unit = amounts[amounts.length - 2]?.cents;
  if (total !== undefined && unit !== undefined && unit > 0 && total % unit === 0) {
    const n = total / unit;
    // "LATTE 2 5.00 10.00": the count between name and prices, matching the arithmetic.
    const counted =
      printed ??
      (new RegExp(String.raw`(?:^|\s)${String(n)}(?:\s|$)`).test(
        line.text.slice(0, amounts[amounts.length - 2]?.index),
      )
        ? n
        : null);
    if (counted === n && n >= 1 && n <= 999) return { quantity: n, agrees: true };
  }
  return { quantity: printed !== null && printed >= 1 ? printed : 1, agrees: false };
}

/** How cleanly a name reads: letters rather than digits, a real word, not a fragment. */
function nameScore(name: string): number {
  const letters = letterCount(name);
  const digits = (name.match(/\d/g) ?? []).length;
  let score = 0;
  score += letters / Math.max(1, letters + digits) >= 0.75 ? 0.1 : -0.15;
  // A word of three or more letters with a vowel ("LATTE", "Brot"), not only scraps ("IRA DA").
  score += /\p{L}*[AEIOUYÄÖÜÀ-ÿ]\p{L}*/iu.test(name) && /\p{L}{4,}/u.test(name) ? 0.1 : -0.2;
  if (letters < 3) score -= 0.3;
  return score;
}

const NOT_ITEM =
  /\bDATE\b|\bTIME\b|\bTEL\b|\bFAX\b|\bGST\s?(?:ID|NO|REG)|\bINVOICE\b|\bCASHIER\b|\bTABLE\b|BALANCE|\bPOINTS?\b|\bRATE\b|\bSUMMARY\b|%\s*$/;

function cleanItemName(s: string): string {
  return s
    .replace(/^\s*\d+\)\s*/, '')
    .replace(/^\s*[\dA-Z]*\d{5,}[A-Z]?\s+/i, '')
    .replace(/\b\d+(?:\.\d+)?\s?(?:X|@|PC|PCS|EA|UNIT)\b\s*\*?/gi, ' ')
    .replace(/[@*]\s*$/g, '')
    .replace(/\s(?:SR|ZR|[SZTEN])\s*$/i, '')
    .replace(/\s+\d+(?:\.\d+)?\s*$/, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.:;*-]+|[\s,.:;*(-]+$/g, '')
    .trim();
}

/** Extracts line items above the totals block. */
export function extractItems(
  lines: ReceiptLine[],
  blockStart: number | null,
  headerEnd: number,
): ReceiptItem[] {
  const end = blockStart ?? lines.length;
  const items: ReceiptItem[] = [];
  let pendingName: string | null = null;
  for (let i = headerEnd; i < end; i++) {
    const line = lines[i] as ReceiptLine;
    if (line.amounts.length === 0) {
      const name = cleanItemName(line.text);
      const kind = classifyLabel(line.upper);
      pendingName =
        letterCount(name) >= 2 && kind === 'none' && !NOT_ITEM.test(line.upper) ? name : null;
      continue;
    }
    const kind = classifyLabel(line.upper);
    const discount = DISCOUNT.test(line.upper);
    if (kind !== 'none' && !discount) {
      pendingName = null;
      continue;
    }
    if (NOT_ITEM.test(line.upper)) {
      pendingName = null;
      continue;
    }
    const first = line.amounts[0];
    const last = line.amounts[line.amounts.length - 1];
    if (!first || !last) continue;
    let name = cleanItemName(line.text.slice(0, first.index));
    let sameLine = true;
    if (letterCount(name) < 2 && pendingName) {
      name = pendingName;
      sameLine = false;
    }
    pendingName = null;
    if (letterCount(name) < 2) continue;
    // "Serv. Charge (3%) 4.50": a charge is never an item, whatever its amount.
    if (isChargeOrPaymentLine(name.toUpperCase())) continue;
    // A discount line may also print the discounted line total: the negative amount is the discount.
    const negative = discount ? line.amounts.find((a) => a.cents < 0) : undefined;
    let cents = (negative ?? last).cents;
    if (cents === 0) continue;
    if (discount && cents > 0) cents = -cents;
    const { quantity, agrees } = readQuantity(line);
    const confidence = 0.55 + (sameLine ? 0.1 : 0) + nameScore(name) + (agrees ? 0.15 : 0);
    items.push({ name, quantity, price: centsToNumber(cents), confidence });
  }
  return items;
}

/**
 * Adjusts item confidences by whether they add up: items summing to the total (or to a bit
 * less: tax and service come on top) were read whole; far more than the total means misreads.
 * Then keeps the confident ones, confidence rounded to 2 decimals.
 */
export function settleItems(items: ReceiptItem[], totalCents: number | null): ReceiptItem[] {
  const sum = items.reduce((s, i) => s + Math.round(i.price * 100), 0);
  let shift = 0;
  if (totalCents !== null && totalCents > 0 && items.length > 0) {
    if (sum === totalCents) shift = 0.15;
    else if (sum <= totalCents && sum >= totalCents * 0.8) shift = 0.05;
    else if (sum > totalCents * 1.2) shift = -0.2;
  }
  return items
    .map((i) => ({
      ...i,
      confidence: Math.max(0, Math.min(1, Math.round((i.confidence + shift) * 100) / 100)),
    }))
    .filter((i) => i.confidence >= MIN_ITEM_CONFIDENCE);
}
