/**
 * Line items: lines above the totals block that end in a price. A line with only numbers (or only a
 * stock code) takes its name from the text line above it (names and prices often wrap), skipping a
 * shelf-code line printed between them; on a receipt whose first item line follows the column
 * header with no name, names are printed below their price lines, and every such line takes the
 * text lines under it. A unit price marked `@` is multiplied by the quantity printed, and a line
 * that only repeats the line above's price as a unit price ("SUSHI 1.80" / "4 X 1.80 7.20") gives
 * that item its quantity and total. Discounts are negative.
 * Each item carries its quantity (when the line prints one) and a confidence: misread lines
 * ("7 217…", "IRA DA") score low and are left out, so a form never shows them as items.
 */
import type { MoneyToken, ReceiptLine } from './text.js';
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

/** "2 X", "2 @", "2 PCS", "QTY 2", "2x", "*2": a quantity printed on the line (1–999). */
const QUANTITY =
  /(?:^|[\s*])(\d{1,3})\s?(?:X|@|PC|PCS|EA|UNITS?)(?![A-Z])|\bQTY\s*[:.]?\s*(\d{1,3})\b|(?:^|\s)\*(\d{1,3})(?=\s|$)/i;

/** The quantity the line prints, and whether quantity × unit price = line total. */
function readQuantity(line: ReceiptLine): { quantity: number; agrees: boolean } {
  const m = QUANTITY.exec(line.text);
  const printed = m ? Number(m[1] ?? m[2] ?? m[3]) : null;
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
    .replace(/\s\*[A-Z]{1,2}\s*$/i, '')
    .replace(/\s+\d+(?:\.\d+)?\s*$/, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.:;*-]+|[\s,.:;*(-]+$/g, '')
    .trim();
}

/** A word of a column header: "ITEM", "QTY", "S/PRICE", "U/P(RM)", "AMT(RM)", "(RM)", "(GST)". */
const COLUMN_WORD =
  /^(?:ITEMS?|QTY|QUANTITY|PRICE|S\/PRICE|U\/P|U\.?PRICE|UNIT|AMOUNT|AMT|DESC(?:RIPTION)?|TOTAL|TAX|DISC|DISG|RM|UOM|GST)(?:\((?:RM|%)\))?$|^\((?:RM|GST)\)$/;

/** A line of column titles ("ITEM QTY S/PRICE AMOUNT TAX", "(RM) (RM)"): it names no item. */
function isColumnHeader(upper: string): boolean {
  const words = upper.split(/\s+/).filter((w) => w !== '');
  const titles = words.filter((w) => COLUMN_WORD.test(w)).length;
  return titles >= 2 && titles >= words.length - 1;
}

/**
 * A stock or shelf code rather than a name ("EZ10HD05 - 24", "WA03 - 24/240", "BEN02",
 * "TS02 KAT"): a digit and no word of four letters.
 */
function isCodeLike(s: string): boolean {
  return /\d/.test(s) && !/\p{L}{4,}/u.test(s);
}

/** A text line that may be (part of) an item's name; `header` when the caller already knows. */
function nameLine(line: ReceiptLine, header = isColumnHeader(line.upper)): string | null {
  if (line.amounts.length > 0 || header) return null;
  const name = cleanItemName(line.text);
  return letterCount(name) >= 2 &&
    classifyLabel(line.upper) === 'none' &&
    !NOT_ITEM.test(line.upper)
    ? name
    : null;
}

/** The line's last amount when it is a unit price marked `@` ("4@ 3.10", "@63.00"). */
function unitPriceAt(line: ReceiptLine): MoneyToken | null {
  const last = line.amounts[line.amounts.length - 1];
  return last && /@\s?$/.test(line.text.slice(0, last.index)) ? last : null;
}

/** Names printed under a price line: the text lines from `from` up to the next price line. */
function namesBelow(lines: ReceiptLine[], from: number, end: number): string[] {
  const below: string[] = [];
  for (let k = from; k < end; k++) {
    const text = nameLine(lines[k] as ReceiptLine);
    if (text === null) break;
    below.push(text);
  }
  return below;
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
  // The line just read was a column header; then, names printed below their price lines.
  let afterHeader = false;
  let belowLayout = false;
  // The item read from the line just above, which a bare quantity line may complete.
  let previous: { item: ReceiptItem; line: number; cents: number } | null = null;
  for (let i = headerEnd; i < end; i++) {
    const line = lines[i] as ReceiptLine;
    const header = isColumnHeader(line.upper);
    const wasAfterHeader = afterHeader;
    afterHeader = header;
    if (line.amounts.length === 0) {
      const name = nameLine(line, header);
      // A shelf code printed between a name and its price line leaves the name waiting.
      const waiting = pendingName !== null && !isCodeLike(pendingName);
      if (!(waiting && name !== null && isCodeLike(name))) pendingName = name;
      continue;
    }
    const kind = classifyLabel(line.upper);
    const discount = DISCOUNT.test(line.upper);
    if (header || (kind !== 'none' && !discount) || NOT_ITEM.test(line.upper)) {
      pendingName = null;
      continue;
    }
    const first = line.amounts[0];
    const last = line.amounts[line.amounts.length - 1];
    if (!first || !last) continue;
    let name = cleanItemName(line.text.slice(0, first.index));
    // "(S) @15.90" above a name and its price line: a note of the unit price, not an item line
    // (with a count, "4@ 3.10", it is one).
    const note =
      line.amounts.length === 1 && unitPriceAt(line) !== null && !QUANTITY.test(line.text);
    if (note && letterCount(name) < 2) continue;
    let sameLine = true;
    const { quantity, agrees } = readQuantity(line);
    if (letterCount(name) < 2 || (pendingName !== null && isCodeLike(name))) {
      const above = previous?.line === i - 1 ? previous : null;
      const unit = line.amounts[line.amounts.length - 2]?.cents;
      if (above && pendingName === null && completes(above.cents, unit, last.cents, quantity)) {
        // "SUSHI 1.80" / "4 X 1.80 7.20": the line above was the name with its unit price.
        above.item.price = centsToNumber(last.cents);
        above.item.quantity = last.cents / above.cents;
        above.item.confidence += 0.15;
        previous = null;
        continue;
      }
      if (pendingName === null && (belowLayout || wasAfterHeader)) {
        const below = namesBelow(lines, i + 1, end);
        if (below.length > 0) {
          belowLayout = true;
          pendingName = below.join(' ');
          i += below.length;
        }
      }
      if (pendingName !== null) {
        name = pendingName;
        sameLine = false;
      }
    }
    pendingName = null;
    previous = null;
    if (letterCount(name) < 2) continue;
    // "Serv. Charge (3%) 4.50": a charge is never an item, whatever its amount.
    if (isChargeOrPaymentLine(name.toUpperCase())) continue;
    // A discount line may also print the discounted line total: the negative amount is the discount.
    const negative = discount ? line.amounts.find((a) => a.cents < 0) : undefined;
    let cents = (negative ?? last).cents;
    if (cents === 0) continue;
    if (discount && cents > 0) cents = -cents;
    // "4@ 3.10": the amount is each one's price.
    const each = !discount && unitPriceAt(line) !== null && quantity > 1;
    if (each) cents *= quantity;
    const confidence = 0.55 + (sameLine ? 0.1 : 0) + nameScore(name) + (agrees || each ? 0.15 : 0);
    const item = { name, quantity, price: centsToNumber(cents), confidence };
    items.push(item);
    previous = { item, line: i, cents };
  }
  return items;
}

/**
 * Whether a line of numbers only completes the item above, whose line printed `aboveCents`: that
 * price is this line's unit price, and quantity × unit = the line's total.
 */
function completes(
  aboveCents: number,
  unitCents: number | undefined,
  totalCents: number,
  quantity: number,
): boolean {
  if (aboveCents <= 0 || totalCents % aboveCents !== 0) return false;
  const n = totalCents / aboveCents;
  return n >= 1 && n <= 999 && (unitCents === aboveCents || n === quantity);
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
