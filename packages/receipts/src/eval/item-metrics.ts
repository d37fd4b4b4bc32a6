/**
 * Scoring of line items (issue #35 point 4): predicted items are matched one-to-one to the
 * hand-labelled items of the same receipt (eval/item-labels.json), and recall and precision are
 * counted over all items (micro-average).
 *
 * Match rule: a predicted item matches a labelled one when their prices are equal in minor units
 * (sen) AND their names are similar: `itemNameSimilarity` ≥ `NAME_MATCH_THRESHOLD` (0.5). Names
 * are compared after normalisation (upper case, only letters and digits, words kept apart); the
 * similarity is the higher of 1 − edit distance / longer length and the share of the shorter
 * name's letters and digits that lie in words found whole in the other, so "GREEN TEA" matches
 * "B1 GREEN TEA" (1.0), "TEH (B)" does not match "CHAM (B)" (0.25), and "HC03-7 - 15" (a stock
 * code taken for the name) does not match "AIR PRESSURE SPRAYER". Pairs are taken greedily,
 * most similar first, each item used once. Quantities do not decide a match; they count only for
 * "receipt exactly right".
 */
import { levenshtein } from './metrics.js';

/** One labelled item, as in item-labels.json: price the line total, a 2-decimal string (MYR). */
export interface LabelledItem {
  name: string;
  quantity: number;
  price: string;
}

/** One item as the parser returns it: price in major units (a number with 2 decimals). */
export interface PredictedItem {
  name: string;
  quantity: number;
  price: number;
}

export interface ItemLabelEntry {
  file: string;
  items: LabelledItem[];
}

/** Names at least this similar (0–1) can match when their prices are equal. */
export const NAME_MATCH_THRESHOLD = 0.5;

const DECIMAL_PRICE = /^-?\d+\.\d{2}$/;

/** "12.50" → 1250, "-11.60" → -1160 (integer sen; no float arithmetic). */
export function priceToCents(price: string): number {
  if (!DECIMAL_PRICE.test(price)) throw new Error(`not a 2-decimal price: "${price}"`);
  const negative = price.startsWith('-');
  const [whole = '0', fraction = '00'] = price.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction);
  return negative ? -cents : cents;
}

/** A parser price (major units, at most 2 decimals) in sen. */
export function numberToCents(price: number): number {
  return Math.round(price * 100);
}

/** The words of a name: upper case, letters and digits only. */
export function itemNameWords(name: string): string[] {
  return name
    .toUpperCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** 0–1: how alike two item names are (see the file comment). */
export function itemNameSimilarity(a: string, b: string): number {
  const wa = itemNameWords(a);
  const wb = itemNameWords(b);
  const x = wa.join('');
  const y = wb.join('');
  if (x.length === 0 || y.length === 0) return x === y ? 1 : 0;
  const edit = 1 - levenshtein(x, y) / Math.max(x.length, y.length);
  const [shorter, longer] = x.length <= y.length ? [wa, wb] : [wb, wa];
  // Weighted by word length, so a shared one-letter word ("(B)", "S") counts for little.
  const pool = [...longer];
  let shared = 0;
  for (const w of shorter) {
    const i = pool.indexOf(w);
    if (i >= 0) {
      shared += w.length;
      pool.splice(i, 1);
    }
  }
  return Math.max(edit, shared / shorter.join('').length);
}

export interface ItemMatch {
  /** Index into the predicted items. */
  predicted: number;
  /** Index into the labelled items. */
  labelled: number;
  similarity: number;
}

/**
 * Matches predicted to labelled items one-to-one: equal price in sen, and names similar (or any
 * names when `priceOnly`, a diagnostic of how many misses are names rather than prices).
 */
export function matchItems(
  predicted: readonly PredictedItem[],
  labelled: readonly LabelledItem[],
  priceOnly = false,
): ItemMatch[] {
  const candidates: ItemMatch[] = [];
  predicted.forEach((p, pi) => {
    labelled.forEach((l, li) => {
      if (numberToCents(p.price) !== priceToCents(l.price)) return;
      const similarity = itemNameSimilarity(p.name, l.name);
      if (priceOnly || similarity >= NAME_MATCH_THRESHOLD)
        candidates.push({ predicted: pi, labelled: li, similarity });
    });
  });
  // Most similar first; ties in input order, so the result does not depend on sort stability.
  candidates.sort(
    (m, n) => n.similarity - m.similarity || m.labelled - n.labelled || m.predicted - n.predicted,
  );
  const usedP = new Set<number>();
  const usedL = new Set<number>();
  const matches: ItemMatch[] = [];
  for (const m of candidates) {
    if (usedP.has(m.predicted) || usedL.has(m.labelled)) continue;
    usedP.add(m.predicted);
    usedL.add(m.labelled);
    matches.push(m);
  }
  return matches.sort((m, n) => m.labelled - n.labelled);
}

/**
 * Words that name a service charge, tax, rounding, total, or how the bill was paid: a predicted
 * item named so is a non-item that got through. Independent of the parser's own rules
 * (src/parser/non-items.ts) on purpose, so that the check can catch them missing something.
 */
const NON_ITEM_NAME =
  /\bSERV(?:ICE)?\.?\s*(?:CHA?R?GE?|CHG|CHRG|CRG|TAX|\d)|\bSVC\b|\bGST\b|\bSST\b|\bTAX\b|ROUNDING|\bROUND(?:ED)?\b|\bADJ\b|TOTAL|\bCASH\b|\bCHANGE\b|TENDER|\bVISA\b|MASTERCARD|\bPAYMENT\b|\bBALANCE\b/;

/** Whether an item's name says it is a charge, tax, rounding, total, cash or change line. */
export function isNonItemName(name: string): boolean {
  return NON_ITEM_NAME.test(name.toUpperCase());
}

export interface ReceiptItemScore {
  file: string;
  labelled: number;
  predicted: number;
  /** Matched on price and name. */
  matched: number;
  /** Matched on price alone (diagnostic). */
  matchedOnPrice: number;
  /** Every labelled item matched, nothing extra, and every matched quantity right. */
  exact: boolean;
  /** Predicted items whose names say they are a charge, tax, total or payment line. */
  nonItems: PredictedItem[];
  missed: LabelledItem[];
  extra: PredictedItem[];
}

export function scoreReceiptItems(
  file: string,
  predicted: readonly PredictedItem[],
  labelled: readonly LabelledItem[],
): ReceiptItemScore {
  const matches = matchItems(predicted, labelled);
  const matchedP = new Set(matches.map((m) => m.predicted));
  const matchedL = new Set(matches.map((m) => m.labelled));
  const quantitiesRight = matches.every(
    (m) => predicted[m.predicted]?.quantity === labelled[m.labelled]?.quantity,
  );
  return {
    file,
    labelled: labelled.length,
    predicted: predicted.length,
    matched: matches.length,
    matchedOnPrice: matchItems(predicted, labelled, true).length,
    exact:
      matches.length === labelled.length && matches.length === predicted.length && quantitiesRight,
    nonItems: predicted.filter((p, i) => !matchedP.has(i) && isNonItemName(p.name)),
    missed: labelled.filter((_, i) => !matchedL.has(i)),
    extra: predicted.filter((_, i) => !matchedP.has(i)),
  };
}

export interface ItemSummary {
  receipts: number;
  labelled: number;
  predicted: number;
  matched: number;
  /** matched / labelled (micro-average over all items); 0 when nothing is labelled. */
  recall: number;
  /** matched / predicted; 1 when nothing was predicted (no wrong item was shown). */
  precision: number;
  recallOnPrice: number;
  precisionOnPrice: number;
  /** Receipts whose items are all exactly right. */
  exactReceipts: number;
  /** Predicted items that are charge, tax, rounding, total, cash or change lines. */
  nonItems: number;
}

export function summariseItems(scores: readonly ReceiptItemScore[]): ItemSummary {
  const sum = (f: (s: ReceiptItemScore) => number): number => scores.reduce((t, s) => t + f(s), 0);
  const labelled = sum((s) => s.labelled);
  const predicted = sum((s) => s.predicted);
  const matched = sum((s) => s.matched);
  const onPrice = sum((s) => s.matchedOnPrice);
  return {
    receipts: scores.length,
    labelled,
    predicted,
    matched,
    recall: labelled === 0 ? 0 : matched / labelled,
    precision: predicted === 0 ? 1 : matched / predicted,
    recallOnPrice: labelled === 0 ? 0 : onPrice / labelled,
    precisionOnPrice: predicted === 0 ? 1 : onPrice / predicted,
    exactReceipts: scores.filter((s) => s.exact).length,
    nonItems: sum((s) => s.nonItems.length),
  };
}
