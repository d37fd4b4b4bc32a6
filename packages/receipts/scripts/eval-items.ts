/**
 * Line-item evaluation (issue #35 point 4) on the 40 hand-labelled receipts of receipts-train
 * (eval/item-labels.json): item recall and precision, receipts whose items are all exactly right,
 * and non-item lines (service charge, tax, rounding, total, cash, change) taken for items.
 *   npm run eval:receipts -- --items            # parser on the human transcripts (*.ocr.txt)
 *   npm run eval:receipts -- --items --engine   # parser on the engine's OCR (cached, CPU heavy)
 *   … --verbose                                 # every missed and extra item
 * Run from eval-receipts.ts; the match rule is in src/eval/item-metrics.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ItemLabelEntry, ReceiptItemScore } from '../src/eval/item-metrics.js';
import { scoreReceiptItems, summariseItems } from '../src/eval/item-metrics.js';
import { parseReceiptText } from '../src/parser/parse-receipt.js';
import { DATASETS_DIR, PACKAGE_DIR } from './eval/datasets.js';
import type { OcrCache } from './eval/ocr-cache.js';

const args = process.argv.slice(2);
const engine = args.includes('--engine');
const verbose = args.includes('--verbose');

const ITEM_LABELS_FILE = path.join(PACKAGE_DIR, 'eval/item-labels.json');
const SET_DIR = path.join(DATASETS_DIR, 'receipts-train');

async function textOf(file: string, cache: OcrCache | null): Promise<string> {
  if (!cache) return readFile(path.join(SET_DIR, file.replace(/\.jpg$/, '.ocr.txt')), 'utf8');
  const ocr = await cache.get(path.join(SET_DIR, file));
  return ocr.lines.map((l) => l.text).join('\n');
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

function printMisses(s: ReceiptItemScore): void {
  if (s.exact) return;
  console.log(`${s.file}: ${s.matched}/${s.labelled} matched, ${s.predicted} predicted`);
  for (const m of s.missed) console.log(`  missed ${m.quantity} × "${m.name}" ${m.price}`);
  for (const e of s.extra)
    console.log(`  extra  ${e.quantity} × "${e.name}" ${e.price.toFixed(2)}`);
}

async function main(): Promise<void> {
  const labels = JSON.parse(await readFile(ITEM_LABELS_FILE, 'utf8')) as ItemLabelEntry[];
  let cache: OcrCache | null = null;
  if (engine) {
    const { openOcrCache } = await import('./eval/ocr-cache.js');
    cache = await openOcrCache((l) => console.log(l));
  }
  const scores: ReceiptItemScore[] = [];
  try {
    for (const entry of labels) {
      const parsed = parseReceiptText(await textOf(entry.file, cache));
      const score = scoreReceiptItems(entry.file, parsed.items, entry.items);
      scores.push(score);
      if (verbose) printMisses(score);
    }
  } finally {
    await cache?.close();
  }
  const s = summariseItems(scores);
  console.log(
    `\nitems: ${engine ? "parser on the engine's OCR" : 'parser on the human transcripts'}, ` +
      `${s.receipts} receipts of receipts-train (${path.relative(PACKAGE_DIR, ITEM_LABELS_FILE)})`,
  );
  console.log(`labelled ${s.labelled}, predicted ${s.predicted}, matched ${s.matched}`);
  console.log(`item recall     ${pct(s.recall)}   (price alone: ${pct(s.recallOnPrice)})`);
  console.log(`item precision  ${pct(s.precision)}   (price alone: ${pct(s.precisionOnPrice)})`);
  console.log(`receipts with all items exactly right: ${s.exactReceipts}/${s.receipts}`);
  console.log(
    `non-item lines (charge, tax, rounding, total, cash, change) taken as items: ${s.nonItems}`,
  );
  for (const r of scores)
    for (const n of r.nonItems) console.log(`  ${r.file}: "${n.name}" ${n.price.toFixed(2)}`);
}

await main();
