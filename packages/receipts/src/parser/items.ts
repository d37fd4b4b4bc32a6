/**
 * Line items: lines above the totals block that end in a price. A line with only numbers takes its
 * name from the text line above it (names and prices often wrap). Discounts are negative.
 */
import type { ReceiptLine } from './text.js';
import { centsToNumber, letterCount } from './text.js';
import { classifyLabel } from './totals.js';

export interface ReceiptItem {
  name: string;
  price: number;
}

const DISCOUNT =
  /DISC|DISCOUNT|\bLESS\b|COUPON|PROMO|VOUCHER|RABATT|REMISE|DESCUENTO|SCONTO|\bOFF\b|SAVING/;
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
    if (letterCount(name) < 2 && pendingName) name = pendingName;
    pendingName = null;
    if (letterCount(name) < 2) continue;
    // A discount line may also print the discounted line total: the negative amount is the discount.
    const negative = discount ? line.amounts.find((a) => a.cents < 0) : undefined;
    let cents = (negative ?? last).cents;
    if (cents === 0) continue;
    if (discount && cents > 0) cents = -cents;
    items.push({ name, price: centsToNumber(cents) });
  }
  return items;
}
