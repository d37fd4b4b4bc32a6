/**
 * Cross-validation by shop (issue #35): `npm run eval:receipts -- --cv [--photos]`.
 * receipts-train ∪ receipts-dev in the 5 folds of eval/shop-groups.json (every receipt of a shop
 * in one fold); for each fold the parser is trained on the other four and scored on it. Prints
 * per-fold and mean accuracy of total, date and store name. The engine's OCR of every image is
 * cached (scripts/eval/ocr-cache.ts), so only the first run recognises images.
 *   --photos       also the phone-photo set made from receipts-dev (scripts/make-photo-set.ts),
 *                  each photo parsed by the model of the fold that holds its flat receipt
 *   --transcripts  parse the human transcripts (*.ocr.txt) instead of the engine's OCR
 *   --verbose      print every miss
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dateMatches, storeNameMatches, totalMatches } from '../src/eval/metrics.js';
import type { LabelledReceipt } from './eval/datasets.js';
import { loadCvReceipts, loadShopGroups, SHOP_GROUPS_FILE } from './eval/datasets.js';
import { buildShopGroups, shopGroupsText } from './eval/shop-groups-file.js';
import type { OcrDocument, ReceiptParser, Trainer } from './eval/cv-parser.js';
import { rulesTrainer } from './eval/cv-parser.js';
import { openOcrCache } from './eval/ocr-cache.js';
import type { OcrCache } from './eval/ocr-cache.js';
import { ensurePhotoSet } from './eval/photo-set.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const transcripts = args.includes('--transcripts');
const photos = args.includes('--photos');
const cv = args.includes('--cv');

/** Targets of issue #35 for the cross-validated mean, percent. */
const TARGETS = { total: 96, date: 98, store: 93 };

interface Score {
  n: number;
  total: number;
  date: number;
  store: number;
}

const empty = (): Score => ({ n: 0, total: 0, date: 0, store: 0 });
const pct = (k: number, n: number): number => (n === 0 ? 0 : (100 * k) / n);
const fmt = (x: number): string => `${x.toFixed(1).padStart(5)} %`;

interface Verdict {
  total: boolean;
  date: boolean;
  store: boolean;
}

/** Parses one receipt and says which fields are right (printing the misses with --verbose). */
function judge(receipt: LabelledReceipt, parser: ReceiptParser, doc: OcrDocument): Verdict {
  const r = parser(doc);
  const ok = {
    total: totalMatches(r.totalAmount, receipt.total),
    date: dateMatches(r.date, receipt.date, receipt.dateAlternatives),
    store: storeNameMatches(r.storeName, receipt.storeName),
  };
  if (verbose && (!ok.total || !ok.date || !ok.store)) {
    const miss: string[] = [];
    if (!ok.store) miss.push(`store "${r.storeName}" ≠ "${receipt.storeName}"`);
    if (!ok.date) miss.push(`date ${r.date} ≠ ${receipt.date}`);
    if (!ok.total) miss.push(`total ${r.totalAmount} ≠ ${receipt.total}`);
    console.log(`  ${receipt.id}: ${miss.join('; ')}`);
  }
  return ok;
}

function add(s: Score, v: Verdict): void {
  s.n++;
  if (v.total) s.total++;
  if (v.date) s.date++;
  if (v.store) s.store++;
}

async function documentOf(receipt: LabelledReceipt, cache: OcrCache | null): Promise<OcrDocument> {
  if (transcripts || !cache) {
    if (!receipt.ocrFile) throw new Error(`${receipt.id} has no transcript`);
    const text = await readFile(
      path.join(path.dirname(receipt.imagePath), receipt.ocrFile),
      'utf8',
    );
    return { text, lines: text.split('\n').map((t) => ({ text: t, confidence: 1 })) };
  }
  const ocr = await cache.get(receipt.imagePath);
  return { text: ocr.lines.map((l) => l.text).join('\n'), lines: ocr.lines };
}

function row(label: string, s: Score, extra = ''): string {
  return `${label.padEnd(26)} ${String(s.n).padStart(4)}  ${fmt(pct(s.total, s.n))}  ${fmt(pct(s.date, s.n))}  ${fmt(pct(s.store, s.n))}${extra}`;
}

async function main(trainer: Trainer): Promise<void> {
  const t0 = performance.now();
  const loadAtStart = os.loadavg();
  const groupsFile = await loadShopGroups();
  if (shopGroupsText(await buildShopGroups()) !== shopGroupsText(groupsFile))
    throw new Error(
      `${SHOP_GROUPS_FILE} does not match the labels: run npm run receipts:shop-groups`,
    );
  const receipts = await loadCvReceipts();
  const foldOf = new Map<string, number>();
  for (const g of groupsFile.groups) for (const id of g.receipts) foldOf.set(id, g.fold);

  const cache = transcripts ? null : await openOcrCache((l) => console.log(l));
  const docs = new Map<string, OcrDocument>();
  for (const r of receipts) docs.set(r.id, await documentOf(r, cache));

  // One parser per fold, trained on the other folds (with --cv), or the same parser for all.
  const folds = cv ? groupsFile.folds : 1;
  const parsers: ReceiptParser[] = [];
  for (let k = 0; k < folds; k++) {
    const training = receipts
      .filter((r) => cv && foldOf.get(r.id) !== k)
      .map((r) => ({ receipt: r, doc: docs.get(r.id) as OcrDocument }));
    parsers.push(trainer.train(training));
  }
  const parserFor = (id: string): ReceiptParser =>
    parsers[cv ? (foldOf.get(id) ?? 0) : 0] as ReceiptParser;

  console.log(`\nparser: ${trainer.name}`);
  console.log(
    `text: ${transcripts ? 'human transcripts (*.ocr.txt)' : "the OCR engine's (cached)"}`,
  );
  console.log(
    `${'fold'.padEnd(26)} ${'n'.padStart(4)}  ${'total'.padStart(7)}  ${'date'.padStart(7)}  ${'store'.padStart(7)}`,
  );
  const perFold: Score[] = [];
  const pooled = empty();
  const flatDev = empty();
  for (let k = 0; k < folds; k++) {
    const s = empty();
    if (verbose) console.log(`fold ${k}:`);
    for (const r of receipts.filter((x) => !cv || foldOf.get(x.id) === k)) {
      const v = judge(r, parserFor(r.id), docs.get(r.id) as OcrDocument);
      add(s, v);
      add(pooled, v);
      if (r.set === 'receipts-dev') add(flatDev, v);
    }
    perFold.push(s);
    const shops = groupsFile.groups.filter((g) => g.fold === k).length;
    if (cv) console.log(row(`fold ${k} (${shops} shops)`, s));
  }
  const mean = (f: keyof Omit<Score, 'n'>): number =>
    perFold.reduce((sum, s) => sum + pct(s[f], s.n), 0) / perFold.length;
  if (cv) {
    console.log(
      `${'mean of the folds'.padEnd(26)} ${''.padStart(4)}  ${fmt(mean('total'))}  ${fmt(mean('date'))}  ${fmt(mean('store'))}`,
    );
    console.log(
      `${'target for the mean'.padEnd(26)} ${''.padStart(4)}  ${fmt(TARGETS.total)}  ${fmt(TARGETS.date)}  ${fmt(TARGETS.store)}`,
    );
  }
  console.log(row(cv ? 'all receipts (pooled)' : 'train ∪ dev', pooled));

  if (photos) {
    if (transcripts) throw new Error('--photos needs the OCR engine (no transcripts for photos)');
    const photoSet = await ensurePhotoSet((l) => console.log(l));
    const byKind = new Map<string, Score>();
    const all = empty();
    if (verbose) console.log('photos:');
    for (const p of photoSet) {
      const v = judge(p, parserFor(p.sourceId), await documentOf(p, cache));
      add(all, v);
      const kind = `quarter turn ${p.transform.quarterTurns * 90}°`;
      if (!byKind.has(kind)) byKind.set(kind, empty());
      add(byKind.get(kind) as Score, v);
    }
    const gap = (f: keyof Omit<Score, 'n'>) => pct(flatDev[f], flatDev.n) - pct(all[f], all.n);
    console.log(`\nphone photos of receipts-dev (scripts/make-photo-set.ts):`);
    console.log(row('flat dev scans', flatDev));
    console.log(
      row(
        'photos',
        all,
        `   gap ${gap('total').toFixed(1)} / ${gap('date').toFixed(1)} / ${gap('store').toFixed(1)} points (target ≤ 3)`,
      ),
    );
    for (const [kind, s] of [...byKind].sort()) console.log(row(`  ${kind}`, s));
  }
  await cache?.close();
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(
    `\n${((performance.now() - t0) / 1000).toFixed(1)} s, ${cache?.misses ?? 0} images OCR'd (the rest from the cache); load average at start ${load(loadAtStart)}, at end ${load(os.loadavg())} (${os.cpus().length} cores)`,
  );
}

await main(rulesTrainer);
