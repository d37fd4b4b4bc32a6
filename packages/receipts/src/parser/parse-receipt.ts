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
import { extractTotal } from './totals.js';

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

/** Parses OCR text of a receipt with rules only. */
export function parseReceiptText(rawText: string, options: ParseOptions = {}): ParsedReceipt {
  const lines = toLines(rawText);
  const store = extractStoreName(lines);
  const date = extractDate(lines, options.now);
  const total = extractTotal(lines);
  const { currency } = detectCurrency(rawText);
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
    currency,
    items,
    confidence: {
      storeName: store.storeName === null ? 0 : clamp01(store.confidence),
      date: date.date === null ? 0 : clamp01(date.confidence),
      totalAmount: total.cents === null ? 0 : clamp01(total.confidence),
    },
  };
}
