/**
 * Evaluates the receipt scanner on the dev set.
 *   npm run eval:receipts                  # full pipeline on the images (OCR + parser)
 *   npm run eval:receipts -- --parser-only # parser only, on the human OCR transcripts
 * Options: --dir <dataset dir>, --limit <n>, --verbose (print every miss).
 * Prints per-field accuracy, p50/p95 seconds per receipt and peak memory.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseReceiptText } from '../src/parser/parse-receipt.js';
import type { ParsedReceipt } from '../src/parser/parse-receipt.js';
import type { ReceiptScanner } from '../src/scan.js';
import { dateMatches, percentile, storeNameMatches, totalMatches } from '../src/eval/metrics.js';

interface Label {
  file: string;
  storeName: string;
  date: string;
  dateAlternatives: string[];
  total: number;
  ocrFile: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string): boolean => args.includes(name);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const dir = path.resolve(
  option('--dir') ??
    process.env['RECEIPTS_DEV_DIR'] ??
    path.join(here, '../../../../shared/datasets/receipts-dev'),
);
const parserOnly = flag('--parser-only');
const verbose = flag('--verbose');
const limit = Number(option('--limit') ?? Infinity);
const dumpDir = option('--dump');
const maxSide = option('--max-side');
const threads = option('--threads');
const memArena = flag('--mem-arena');
const cpuSeconds: number[] = [];

function peakRssMb(): number {
  // Peak resident set size of this process (the OCR engine runs in its own child process).
  return process.resourceUsage().maxRSS / 1024;
}

async function main(): Promise<void> {
  const labels = (
    JSON.parse(await readFile(path.join(dir, 'labels.json'), 'utf8')) as Label[]
  ).slice(0, limit);
  const seconds: number[] = [];
  let store = 0;
  let date = 0;
  let dateAltOnly = 0;
  let total = 0;
  let failures = 0;

  let scanner: ReceiptScanner | null = null;
  if (!parserOnly) {
    const { createReceiptScanner } = await import('../src/scan.js');
    const t = performance.now();
    scanner = createReceiptScanner({
      concurrency: 1,
      memArena,
      onScanned: (d) => cpuSeconds.push(d.engineCpuSeconds),
      ...(threads ? { threads: Number(threads) } : {}),
      ...(maxSide ? { maxSide: Number(maxSide) } : {}),
    });
    if (dumpDir) await mkdir(dumpDir, { recursive: true });
    // Warm up: models load once, outside the timed runs.
    await scanner.warmUp();
    console.log(`models loaded in ${((performance.now() - t) / 1000).toFixed(2)} s`);
  }

  for (const label of labels) {
    let result: ParsedReceipt & { rawText?: string };
    const t0 = performance.now();
    try {
      if (parserOnly) {
        result = parseReceiptText(await readFile(path.join(dir, label.ocrFile), 'utf8'));
      } else {
        const buffer = await readFile(path.join(dir, label.file));
        result = await (scanner as NonNullable<typeof scanner>).scan(buffer);
        if (dumpDir) await writeFile(path.join(dumpDir, label.ocrFile), result.rawText ?? '');
        if (verbose)
          console.log(`${label.file}: ${((performance.now() - t0) / 1000).toFixed(2)} s`);
      }
    } catch (err) {
      failures++;
      console.log(`${label.file}: ERROR ${(err as Error).message}`);
      continue;
    } finally {
      seconds.push((performance.now() - t0) / 1000);
    }
    const okStore = storeNameMatches(result.storeName, label.storeName);
    const okDate = dateMatches(result.date, label.date, label.dateAlternatives);
    const okTotal = totalMatches(result.totalAmount, label.total);
    if (okStore) store++;
    if (okDate) date++;
    if (okDate && result.date !== label.date) dateAltOnly++;
    if (okTotal) total++;
    if (verbose && (!okStore || !okDate || !okTotal)) {
      const miss: string[] = [];
      if (!okStore) miss.push(`store "${result.storeName}" ≠ "${label.storeName}"`);
      if (!okDate) miss.push(`date ${result.date} ≠ ${label.date}`);
      if (!okTotal) miss.push(`total ${result.totalAmount} ≠ ${label.total}`);
      console.log(`${label.file}: ${miss.join('; ')}`);
    }
  }
  const enginePeak = scanner?.peakEngineRssMb() ?? 0;
  await scanner?.close();

  const n = labels.length;
  const pct = (k: number): string => `${((100 * k) / n).toFixed(1)}% (${k}/${n})`;
  console.log(
    `\nmode: ${parserOnly ? 'parser only (human transcripts)' : 'full pipeline (images → OCR → parser)'}`,
  );
  console.log(`receipts: ${n}${failures ? `, errors: ${failures}` : ''}`);
  console.log(`total      ${pct(total)}   target ≥ 90%`);
  console.log(`date       ${pct(date)}   target ≥ 90%  (${dateAltOnly} only via dateAlternatives)`);
  console.log(`store name ${pct(store)}   target ≥ 85%`);
  console.log(
    `seconds per receipt: p50 ${percentile(seconds, 50).toFixed(2)}  p95 ${percentile(seconds, 95).toFixed(2)}  max ${Math.max(...seconds).toFixed(2)}`,
  );
  if (!parserOnly) {
    console.log(
      `OCR engine CPU seconds per receipt: p50 ${percentile(cpuSeconds, 50).toFixed(2)}  p95 ${percentile(cpuSeconds, 95).toFixed(2)}`,
    );
    console.log(
      `machine load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} cores)`,
    );
  }
  console.log(`peak memory: server process ${peakRssMb().toFixed(0)} MB (RSS high-water mark)`);
  if (!parserOnly) {
    console.log(
      `            OCR engine process ${enginePeak.toFixed(0)} MB; both together ≤ ${(peakRssMb() + enginePeak).toFixed(0)} MB`,
    );
  }
}

await main();
