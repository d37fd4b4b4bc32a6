/**
 * Entry point of the OCR engine child process. Loads the models once, then answers scan requests
 * one at a time. Every failure on a file is reported as an error message; the process only exits
 * on its own when the parent goes away.
 */
import { normaliseImage } from '../input/normalise.js';
import { readPdf } from '../input/pdf.js';
import { loadOcrEngine } from './engine.js';
import type { OcrEngine } from './engine.js';
import { UnreadableReceiptError } from './errors.js';
import type { EngineConfig, EngineMessage, OcrTextLine, ScanRequest } from './protocol.js';

function send(msg: EngineMessage): void {
  process.send?.(msg);
}

function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

const config = JSON.parse(process.env['EVENLY_OCR_CONFIG'] ?? '{}') as EngineConfig;
let engine: OcrEngine;

async function handle(req: ScanRequest): Promise<EngineMessage> {
  const cpu0 = process.cpuUsage();
  try {
    const lines: OcrTextLine[] = [];
    let source: 'ocr' | 'pdf-text' = 'ocr';
    if (req.pdf) {
      const pdf = await readPdf(req.data, {
        maxPages: config.maxPdfPages,
        maxSide: config.maxSide,
      });
      if (pdf.kind === 'text') {
        source = 'pdf-text';
        for (const text of pdf.text.split('\n')) lines.push({ text, confidence: 1 });
      } else {
        for (const page of pdf.pages) {
          const img = await normaliseImage(page, config);
          lines.push(...(await engine.recognise(img.png)));
        }
      }
    } else {
      const img = await normaliseImage(req.data, config);
      lines.push(...(await engine.recognise(img.png)));
    }
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    return { type: 'result', id: req.id, lines, source, peakRssMb: peakRssMb(), cpuMs };
  } catch (err) {
    const unreadable = err instanceof UnreadableReceiptError;
    const reason = unreadable ? err.reason : err instanceof Error ? err.message : String(err);
    return { type: 'error', id: req.id, unreadable, reason, peakRssMb: peakRssMb() };
  }
}

async function main(): Promise<void> {
  try {
    engine = await loadOcrEngine(config.threads, config.memArena);
  } catch (err) {
    send({ type: 'fatal', reason: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
  let chain = Promise.resolve();
  process.on('message', (msg: ScanRequest) => {
    if (msg?.type !== 'scan') return;
    chain = chain.then(async () => send(await handle(msg)));
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

void main();
