/**
 * Entry point of the OCR engine child process. Loads the models once, then answers scan requests
 * one at a time. Every failure on a file is reported as an error message; the process only exits
 * on its own when the parent goes away.
 */
import { decodeHeic } from '../input/heic.js';
import { normaliseImage } from '../input/normalise.js';
import { isAvif } from '../input/sniff.js';
import { readPdf } from '../input/pdf.js';
import { loadOcrEngine } from './engine.js';
import type { OcrEngine } from './engine.js';
import { UnreadableReceiptError } from './errors.js';
import type { RgbImage } from './paddle/crop.js';
import type {
  EngineConfig,
  EngineMessage,
  EngineTimings,
  OcrTextLine,
  ScanRequest,
} from './protocol.js';

function send(msg: EngineMessage): void {
  process.send?.(msg);
}

function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** `global.gc`, present because the pool starts engines with --expose-gc. */
const collectGarbage = (globalThis as { gc?: () => void }).gc;
const config = JSON.parse(process.env['EVENLY_OCR_CONFIG'] ?? '{}') as EngineConfig;
let engine: OcrEngine;

function addTimings(into: EngineTimings, from: Partial<EngineTimings>): void {
  for (const key of Object.keys(from) as (keyof EngineTimings)[]) into[key] += from[key] ?? 0;
}

async function handle(req: ScanRequest): Promise<EngineMessage> {
  const cpu0 = process.cpuUsage();
  const timings: EngineTimings = {
    decode: 0,
    detPrep: 0,
    detModel: 0,
    detPost: 0,
    recPrep: 0,
    recModel: 0,
    recDecode: 0,
    boxes: 0,
  };
  const recognise = async (image: Promise<RgbImage>) => {
    const t0 = performance.now();
    const img = await image;
    timings.decode += performance.now() - t0;
    const run = await engine.recognise(img);
    addTimings(timings, run.timings);
    return run.lines;
  };
  try {
    const lines: OcrTextLine[] = [];
    let source: 'ocr' | 'pdf-text' = 'ocr';
    if (req.kind === 'pdf') {
      const t0 = performance.now();
      const pdf = await readPdf(req.data, {
        maxPages: config.maxPdfPages,
        maxSide: config.maxSide,
      });
      timings.decode += performance.now() - t0;
      if (pdf.kind === 'text') {
        source = 'pdf-text';
        for (const text of pdf.text.split('\n')) lines.push({ text, confidence: 1 });
      } else {
        for (const page of pdf.pages)
          lines.push(...(await recognise(normaliseImage(page, config))));
      }
    } else if (req.kind === 'heif' && !isAvif(req.data)) {
      // HEVC-coded HEIC: libheif (WebAssembly) decodes, sharp normalises the pixels.
      const decode = async () =>
        normaliseImage(await decodeHeic(req.data, config.maxInputPixels), config);
      lines.push(...(await recognise(decode())));
    } else {
      lines.push(...(await recognise(normaliseImage(req.data, config))));
    }
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    return { type: 'result', id: req.id, lines, source, peakRssMb: peakRssMb(), cpuMs, timings };
  } catch (err) {
    const unreadable = err instanceof UnreadableReceiptError;
    const reason = unreadable ? err.reason : err instanceof Error ? err.message : String(err);
    return { type: 'error', id: req.id, unreadable, reason, peakRssMb: peakRssMb() };
  }
}

async function main(): Promise<void> {
  try {
    engine = await loadOcrEngine(config);
  } catch (err) {
    send({ type: 'fatal', reason: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
  let chain = Promise.resolve();
  process.on('message', (msg: ScanRequest) => {
    if (msg?.type !== 'scan') return;
    chain = chain.then(async () => {
      send(await handle(msg));
      // The file's pixel buffers and model inputs (tens of MB, outside the JS heap) are garbage
      // now: collect them before the next file instead of whenever V8 gets round to it, so
      // they do not add to the next file's peak.
      collectGarbage?.();
    });
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

void main();
