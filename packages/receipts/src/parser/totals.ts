/**
 * Total extraction. Every money amount is a candidate; labels on its line (or a label line it is
 * paired with in a two-column layout) give it a weight. Subtotals, tax lines, tendered cash and
 * change are not totals; tendered minus change confirms one; a rounding adjustment moves the total
 * to the rounded figure. Arithmetic printed on the receipt is evidence that survives unfamiliar
 * wording and lost labels: items or subtotal + tax + rounding, and partial totals, add up to it.
 */
import type { LabelKind } from './labels.js';
import { EXCL, TOTAL, classifyLabel, labelText } from './labels.js';
import type { ReceiptLine } from './text.js';
import { letterCount } from './text.js';

export type { LabelKind } from './labels.js';
export { classifyLabel } from './labels.js';

const SUMMARY = /(?:GST|TAX|VAT|SST)\s?(?:SUMMARY|ANALYSIS|DETAILS?)|TAX\s?CODE/;

const WEIGHT: Record<LabelKind, number> = {
  strong: 3,
  total: 2.2,
  card: 1,
  subtotal: 0.5,
  rounding: 0,
  tax: -2,
  cash: -0.5,
  change: -3,
  ignore: -2,
  none: 0,
};

/** Lines that are nothing but amounts (and perhaps a currency code or a tax letter). */
function isAmountOnly(line: ReceiptLine): boolean {
  if (line.amounts.length === 0) return false;
  let rest = line.upper;
  for (const a of line.amounts) rest = rest.replace(a.raw, ' ');
  rest = rest.replace(/\b(?:RM|MYR|USD|EUR|SGD|[A-Z])\b|[:$€£*()\s]/g, '');
  return rest.length === 0;
}

/**
 * A label waiting for its value on another line. One ending in a number OCR damaged
 * ("NET TOTAL 25. 0") carried its own value and takes none from elsewhere.
 */
function isBareLabel(line: ReceiptLine): boolean {
  return isLabelOnly(line) && !/\d[.,]\s?\d{0,2}\s*$/.test(line.upper);
}

/** Lines of separators only (":", "---", "*"), printed between a label column and its values. */
function isFiller(line: ReceiptLine | undefined): boolean {
  return line !== undefined && !/[\p{L}\p{N}]/u.test(line.upper);
}

function isLabelOnly(line: ReceiptLine): boolean {
  return line.amounts.length === 0 && letterCount(line.upper) >= 2;
}

interface Occurrence {
  cents: number;
  kind: LabelKind;
  lineIndex: number;
  /** Line carries several amounts (a table row such as a tax summary). */
  crowded: boolean;
}

export interface TotalResult {
  cents: number | null;
  confidence: number;
  /** Index of the line the total came from (for item extraction). */
  lineIndex: number | null;
  /** First line of the totals block (first total/subtotal-labelled line). */
  blockStart: number | null;
}

/** Pairs label lines with amount lines in receipts printed as a column of labels then a column of values. */
function pairColumns(lines: ReceiptLine[]): Map<number, LabelKind> {
  const paired = new Map<number, LabelKind>();
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line || !isLabelOnly(line)) {
      i++;
      continue;
    }
    const labels: ReceiptLine[] = [];
    while (i < lines.length && (isLabelOnly(lines[i] as ReceiptLine) || isFiller(lines[i]))) {
      if (isBareLabel(lines[i] as ReceiptLine)) labels.push(lines[i] as ReceiptLine);
      i++;
    }
    // The value column may hold a count ("TOTAL ITEM" → "22"): it takes its label's place.
    const values: (ReceiptLine | null)[] = [];
    while (i < lines.length) {
      const l = lines[i] as ReceiptLine;
      if (isAmountOnly(l)) values.push(l);
      else if (/^\d{1,4}$/.test(l.upper)) values.push(null);
      else if (!isFiller(l)) break;
      i++;
    }
    if (!values.some((v) => v !== null)) continue;
    // Align the bottom of the label column with the values when there are more labels
    // (a heading or an item name often sits above the labels).
    const meaningful = labels.filter((l) => classifyLabel(l.upper) !== 'none');
    const source = meaningful.length >= values.length ? meaningful : labels;
    const offset = Math.max(0, source.length - values.length);
    for (let k = 0; k < values.length; k++) {
      const label = source[k + (source === meaningful ? 0 : offset)];
      const value = values[k];
      if (label && value) paired.set(value.index, classifyLabel(label.upper));
    }
  }
  return paired;
}

/** A possible total with the evidence for it (exported for tests and debugging). */
export interface TotalCandidate {
  cents: number;
  score: number;
  /** Weight of the best label the amount was printed with. */
  labelScore: number;
  lineIndex: number;
  /** Tendered minus change gives this amount. */
  confirmed: boolean;
  /** Items, subtotal, tax and rounding printed on the receipt add up to this amount. */
  addsUp: boolean;
}

/** Kinds of line that belong to the totals block (everything above it is header or items). */
const BLOCK_KINDS = new Set<LabelKind>([
  'strong',
  'total',
  'subtotal',
  'rounding',
  'tax',
  'cash',
  'card',
  'change',
]);

/**
 * Sum of the item prices: the last amount of every unlabelled line between the first priced line
 * and the first line of the totals block. Returns null when fewer than two lines are priced (one
 * item proves nothing: its price is every total's subtotal too).
 */
function itemsSum(lines: ReceiptLine[], kinds: Map<number, LabelKind>): number | null {
  const first = lines.findIndex((l) => l.amounts.length > 0);
  if (first < 0) return null;
  let sum = 0;
  let count = 0;
  for (let i = first; i < lines.length; i++) {
    const line = lines[i] as ReceiptLine;
    const kind = kinds.get(line.index) ?? classifyLabel(line.upper);
    if (BLOCK_KINDS.has(kind)) break;
    const last = line.amounts[line.amounts.length - 1];
    if (kind !== 'none' || !last) continue;
    sum += last.cents;
    count++;
  }
  return count >= 2 ? sum : null;
}

/** The last `n` distinct values of a list, in order. */
function lastDistinct(values: number[], n = 24): number[] {
  return [...new Set([...values].reverse())].slice(0, n).reverse();
}

/** Scores every amount on the receipt as the total; best first. */
export function scoreTotalCandidates(lines: ReceiptLine[]): {
  candidates: TotalCandidate[];
  kinds: Map<number, LabelKind>;
} {
  const paired = pairColumns(lines);
  const occurrences: Occurrence[] = [];
  let roundingCents: number[] = [];
  const cashValues: number[] = [];
  const changeValues: number[] = [];
  const taxValues: number[] = [];
  const subtotalValues: number[] = [];
  /** The label kind each line ended up with (its own label, or the one it was paired with). */
  const kinds = new Map<number, LabelKind>();

  // Below a "GST SUMMARY" heading, rows such as "TOTAL : 234.00 14.04" are a tax table (net
  // amount, tax), not the total payable.
  let inSummary = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as ReceiptLine;
    let kind = classifyLabel(line.upper);
    if (line.amounts.length === 0) {
      if (SUMMARY.test(line.upper)) inSummary = true;
      kinds.set(line.index, kind);
      continue;
    }
    if (kind === 'none' && isAmountOnly(line)) {
      kind = paired.get(line.index) ?? 'none';
      // A lone label line ("TOTAL:") right above.
      const prev = lines[i - 1];
      if (kind === 'none' && prev && isBareLabel(prev) && !paired.has(line.index)) {
        kind = classifyLabel(prev.upper);
      }
      // Else a lone label line right below that no value follows: on a tilted photo a row can
      // split with its amount first ("343.95" / "NET TOTAL").
      const next = lines[i + 1];
      const after = lines[i + 2];
      if (
        kind === 'none' &&
        !paired.has(line.index) &&
        (!prev || !isBareLabel(prev)) &&
        next &&
        isBareLabel(next) &&
        !(after && isAmountOnly(after))
      ) {
        kind = classifyLabel(next.upper);
      }
    }
    kinds.set(line.index, kind);
    const nonZero = line.amounts.filter((a) => a.cents !== 0).length;
    const crowded = nonZero >= 3 || (inSummary && nonZero >= 2);
    const last = line.amounts[line.amounts.length - 1];
    if (!last) continue;
    if (kind === 'rounding') {
      for (const a of line.amounts) {
        if (Math.abs(a.cents) < 10) roundingCents.push(a.cents);
        else occurrences.push({ cents: a.cents, kind: 'total', lineIndex: line.index, crowded });
      }
      continue;
    }
    // Change is sometimes printed negative ("CHANGE 20.00-"): it is still money handed back.
    if (kind === 'cash' || kind === 'card') cashValues.push(Math.abs(last.cents));
    if (kind === 'change') changeValues.push(Math.abs(last.cents));
    if (kind === 'tax' && last.cents > 0) taxValues.push(last.cents);
    // Amounts before tax ("TOTAL EXCL. GST") are subtotals for the arithmetic, not totals.
    if (
      (kind === 'subtotal' || (kind === 'ignore' && EXCL.test(labelText(line.upper)))) &&
      last.cents > 0
    )
      subtotalValues.push(last.cents);
    occurrences.push({ cents: last.cents, kind, lineIndex: line.index, crowded });
    // Other amounts on the line count as unlabelled occurrences.
    for (const a of line.amounts.slice(0, -1)) {
      occurrences.push({ cents: a.cents, kind: 'none', lineIndex: line.index, crowded: true });
    }
  }
  roundingCents = roundingCents.filter((c) => c !== 0);

  const byValue = new Map<number, Occurrence[]>();
  for (const o of occurrences) {
    if (o.cents <= 0) continue;
    const list = byValue.get(o.cents) ?? [];
    list.push(o);
    byValue.set(o.cents, list);
  }

  const confirmed = new Set<number>();
  for (const cash of cashValues) {
    for (const change of changeValues) {
      if (cash - change > 0) confirmed.add(cash - change);
    }
  }
  // Arithmetic: (items or subtotal) + tax + rounding = total. A bare subtotal proves nothing (it
  // always "adds up" to itself); the bare sum of the items is kept apart, as it is also the sum
  // of every partial total ("TOTAL 0% SUPPLIES") and only settles amounts without a total label.
  const addsUp = new Set<number>();
  const items = itemsSum(lines, kinds);
  // The last few values of each kind only (the totals block is at the end): a long PDF with
  // hundreds of labelled lines must not make this quadratic.
  const taxes = [0, ...lastDistinct(taxValues)];
  const roundings = [0, ...lastDistinct(roundingCents)];
  for (const base of lastDistinct([...subtotalValues, ...(items === null ? [] : [items])])) {
    for (const tax of taxes) {
      for (const r of roundings) {
        if (tax !== 0 || r !== 0) addsUp.add(base + tax + r);
      }
    }
  }
  // Partial totals (one per tax rate, per department) add up to the grand total.
  const partials = lastDistinct(
    occurrences
      .filter((o) => o.cents > 0 && (o.kind === 'total' || o.kind === 'strong'))
      .map((o) => o.cents),
  );
  for (const a of partials) for (const b of partials) if (a < b) addsUp.add(a + b);

  const labelledValues = new Set(
    occurrences.filter((o) => WEIGHT[o.kind] >= 2 || o.kind === 'subtotal').map((o) => o.cents),
  );
  const maxValue = Math.max(0, ...byValue.keys());

  const candidates: TotalCandidate[] = [];
  for (const [cents, occ] of byValue) {
    let labelScore = -Infinity;
    let lineIndex = occ[0]?.lineIndex ?? 0;
    for (const o of occ) {
      let w = WEIGHT[o.kind];
      // "TOTAL SALES (INCLUSIVE OF GST)" misread so that it looks like a tax line: a tax line
      // that names a total and carries subtotal + tax is the total.
      if (
        o.kind === 'tax' &&
        addsUp.has(cents) &&
        TOTAL.test(labelText(lines[o.lineIndex]?.upper ?? ''))
      )
        w = WEIGHT.total;
      if (o.crowded && w > 0) w -= 1;
      if (w > labelScore || (w === labelScore && o.lineIndex > lineIndex)) {
        labelScore = w;
        lineIndex = o.lineIndex;
      }
    }
    let score = labelScore;
    const positive = occ.filter((o) => WEIGHT[o.kind] > -1).length;
    score += 0.3 * Math.min(positive - 1, 3);
    if (confirmed.has(cents)) score += 3;
    if (addsUp.has(cents)) score += 1.5;
    else if (cents === items && labelScore < 2) score += 0.8;
    for (const r of roundingCents) {
      if (labelledValues.has(cents - r)) score += 1.2;
      if (labelledValues.has(cents + r)) score -= 0.6;
    }
    if (cents === maxValue) score += 0.3;
    // Later totals on the receipt are usually the final ones.
    score += (lineIndex / Math.max(lines.length, 1)) * 0.4;
    candidates.push({
      cents,
      score,
      labelScore,
      lineIndex,
      confirmed: confirmed.has(cents),
      addsUp: addsUp.has(cents) || cents === items,
    });
  }
  candidates.sort((x, y) => y.score - x.score);
  return { candidates, kinds };
}

/** Extracts the total payable. */
export function extractTotal(lines: ReceiptLine[]): TotalResult {
  const { candidates } = scoreTotalCandidates(lines);
  const best = candidates[0];
  if (!best) return { cents: null, confidence: 0, lineIndex: null, blockStart: null };

  let confidence: number;
  if (best.confirmed && best.labelScore >= 2) confidence = 0.97;
  else if (best.labelScore >= 3) confidence = 0.92;
  else if (best.confirmed) confidence = 0.85;
  else if (best.labelScore >= 2) confidence = 0.8;
  else if (best.labelScore > 0 || best.addsUp) confidence = 0.6;
  else confidence = 0.35;

  // The totals block starts at the first total-like line that carries an amount (column headers
  // such as "QTY PRICE AMOUNT" carry none).
  const firstTotalLine = lines.find((l) => {
    const k = classifyLabel(l.upper);
    return (k === 'strong' || k === 'total' || k === 'subtotal') && l.amounts.length > 0;
  });
  const blockStart = Math.min(firstTotalLine?.index ?? best.lineIndex, best.lineIndex);
  return { cents: best.cents, confidence, lineIndex: best.lineIndex, blockStart };
}
