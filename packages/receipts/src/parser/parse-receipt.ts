/**
 * Deterministic rule-based receipt parser: OCR text in, structured fields with confidences out.
 * Pure (no I/O), so it runs anywhere and is unit-tested on transcripts.
 */
import { detectCurrency } from './currency.js';
import { extractDate } from './dates.js';
import type { ReceiptItem } from './items.js';
import { extractItems, settleItems } from './items.js';
import { merchantNameOf } from './merchant-name.js';
import { extractStoreName } from './store-name.js';
import { centsToNumber, toLines } from './text.js';
import { EXCL } from './labels.js';
import { classifyLabel, extractTotal } from './totals.js';
import type { ReceiptLine } from './text.js';

export type { ReceiptItem } from './items.js';

export interface FieldConfidence {
  storeName: number;
  date: number;
  totalAmount: number;
}

/** The parsed fields of a receipt; `null` when not found, confidence 0 for a `null` field. */
export interface ParsedReceipt {
  /** The store as printed (often the registered company name). */
  storeName: string | null;
  /** What people would write as a description: the shop's name without its legal form. */
  merchantName: string | null;
  /** `YYYY-MM-DD`. */
  date: string | null;
  /** Major units, 2 decimals. */
  totalAmount: number | null;
  /**
   * The amount before tax and service as the receipt prints it (a SUBTOTAL line, or a total
   * excluding tax), major units; null when it prints none. What the items should add up to.
   */
  subtotalAmount: number | null;
  /** ISO 4217 code. */
  currency: string | null;
  items: ReceiptItem[];
  confidence: FieldConfidence;
}

export interface ParseOptions {
  /** Reference "now" for rejecting dates in the future (tests). */
  now?: Date;
}

function clamp01(n: number): number {
  return Math.max(0, Math.min(1, Math.round(n * 100) / 100));
}

/**
 * The last amount printed on a subtotal line ("SUB TOTAL", "TOTAL EXCL. GST") that is more than
 * zero and not more than the total; null when there is none.
 */
export function extractSubtotal(lines: ReceiptLine[], totalCents: number | null): number | null {
  let found: number | null = null;
  for (const line of lines) {
    const last = line.amounts[line.amounts.length - 1];
    if (!last || last.cents <= 0 || (totalCents !== null && last.cents > totalCents)) continue;
    const kind = classifyLabel(line.upper);
    if (kind === 'subtotal' || (kind === 'ignore' && EXCL.test(line.upper))) found = last.cents;
  }
  return found;
}

/** Parses OCR text of a receipt with rules only. */
export function parseReceiptText(rawText: string, options: ParseOptions = {}): ParsedReceipt {
  const lines = toLines(rawText);
  const store = extractStoreName(lines);
  const date = extractDate(lines, options.now);
  const total = extractTotal(lines);
  const { currency } = detectCurrency(rawText);
  const subtotal = extractSubtotal(lines, total.cents);
  // Items start after the header: the first line with a price below the first few lines.
  const headerEnd = Math.min(
    lines.findIndex((l) => l.amounts.length > 0) === -1
      ? lines.length
      : lines.findIndex((l) => l.amounts.length > 0),
    lines.length,
  );
  const items = settleItems(
    extractItems(lines, total.blockStart, Math.max(0, headerEnd - 3)),
    total.cents,
  );
  return {
    storeName: store.storeName,
    merchantName: merchantNameOf(store.storeName),
    date: date.date,
    totalAmount: total.cents === null ? null : centsToNumber(total.cents),
    subtotalAmount: subtotal === null ? null : centsToNumber(subtotal),
    currency,
    items,
    confidence: {
      storeName: store.storeName === null ? 0 : clamp01(store.confidence),
      date: date.date === null ? 0 : clamp01(date.confidence),
      totalAmount: total.cents === null ? 0 : clamp01(total.confidence),
    },
  };
}
