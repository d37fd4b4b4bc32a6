/**
 * The receipt scanner the API calls: bytes in, parsed receipt out.
 *   size check → type by magic bytes → OCR engine process (normalise, PDF text layer or render,
 *   PaddleOCR) → AI parser if configured, else rules.
 */
import os from 'node:os';
import type { AiParserOptions } from './ai/ai-parser.js';
import { parseReceipt } from './ai/ai-parser.js';
import { sniffMediaType } from './input/sniff.js';
import type { ReceiptMediaType } from './input/sniff.js';
import {
  PayloadTooLargeError,
  UnreadableReceiptError,
  UnsupportedMediaTypeError,
} from './ocr/errors.js';
import { OcrPool } from './ocr/pool.js';
import type { ParsedReceipt } from './parser/parse-receipt.js';
import type { EngineTimings, OcrTextLine } from './ocr/protocol.js';

export interface ReceiptScanResult extends ParsedReceipt {
  /** The OCR text (or PDF text layer), one line per printed line. */
  rawText: string;
}

export interface ReceiptScanDetails {
  mediaType: ReceiptMediaType;
  source: 'ocr' | 'pdf-text';
  parser: 'ai' | 'rules';
  aiError?: string;
  /** Wall-clock seconds for the whole scan. */
  seconds: number;
  /** CPU seconds the OCR engine spent on the file. */
  engineCpuSeconds: number;
  /** Wall time per stage in the engine, ms (and the number of text boxes). */
  engineTimings: EngineTimings;
  /** The OCR lines with their boxes, as the engine gave them (evaluation caches them). */
  ocrLines: OcrTextLine[];
}

export interface ReceiptScannerOptions {
  /** Largest accepted file, bytes. Default 10 MB. */
  maxFileBytes?: number;
  /**
   * Long side of the image text lines are cut from, px. Default 3000: a phone photo keeps enough
   * pixels for small print (the detector works on a smaller copy, see `detMaxSide`).
   */
  maxSide?: number;
  /** Largest area of the image text lines are cut from, px². Default 6 million. */
  maxPixels?: number;
  /**
   * Long side of the text detector's input at most, px. Default 960 (PaddleOCR's own default;
   * 1280 and larger areas measured worse on the dev set: lines split into more, shorter boxes).
   * The detector's time and memory grow with its area; lines are read from the `maxSide` image.
   */
  detMaxSide?: number;
  /** Area of the text detector's input at most, pixels. Default 960 × 960. */
  detMaxPixels?: number;
  /** Text lines recognised per model run. Default 1 (batching measured no faster on CPU). */
  recBatch?: number;
  /**
   * Threads each engine recognises text lines on, each with its own copy of the recogniser.
   * Default 1. Two worker threads read the dev set a third faster on 2 cores, for less CPU (one
   * ONNX Runtime thread each), but the engine's peak grows by about 90 MB, which takes the server
   * and its engine past 700 MB together (README, 2026-11-30).
   */
  recogniserThreads?: number;
  /** Largest decoded image, pixels (decompression-bomb guard). Default 40 million. */
  maxInputPixels?: number;
  /** PDF pages read at most. Default 3. */
  maxPdfPages?: number;
  /** Files recognised at once (engine processes). Default 1. */
  concurrency?: number;
  /** Files allowed to wait; more → BUSY. Default 4. */
  maxQueue?: number;
  /** Per-file engine time limit, ms. Default 60 000. */
  timeoutMs?: number;
  /** Longest wait for a free engine, ms → BUSY. Default 60 000. */
  queueTimeoutMs?: number;
  /** ONNX Runtime threads of the text detector per engine. Default: CPU cores / concurrency. */
  threads?: number;
  /** ONNX Runtime CPU memory arena. Default false (lower peak memory). */
  memArena?: boolean;
  /** V8 heap limit of each engine process, MB. Default 1024. */
  maxOldSpaceMb?: number;
  /** AI parser; null or absent → rules only. See `aiOptionsFromEnv`. */
  ai?: AiParserOptions | null;
  /** Called after each successful scan (logging, metrics). */
  onScanned?: (details: ReceiptScanDetails) => void;
}

export interface ReceiptScanner {
  /** Scans one upload. Rejects with a ReceiptScanError subclass (413, 415, 422, 503). */
  scan(file: Uint8Array): Promise<ReceiptScanResult>;
  /** Starts the engines and loads the models now instead of on the first scan. */
  warmUp(): Promise<void>;
  /** Highest peak RSS of an engine process so far, MB. */
  peakEngineRssMb(): number;
  /** Process ids of the running engine processes. */
  enginePids(): number[];
  /** Files waiting for a free engine (`queued`) and being recognised (`running`), now. */
  load(): ScannerLoad;
  close(): Promise<void>;
}

export interface ScannerLoad {
  queued: number;
  running: number;
}

export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

export function createReceiptScanner(options: ReceiptScannerOptions = {}): ReceiptScanner {
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const cores =
    typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const pool = new OcrPool({
    concurrency,
    maxQueue: options.maxQueue ?? 4,
    timeoutMs: options.timeoutMs ?? 60_000,
    queueTimeoutMs: options.queueTimeoutMs ?? 60_000,
    maxOldSpaceMb: options.maxOldSpaceMb ?? 1024,
    engine: {
      maxSide: options.maxSide ?? 3000,
      maxPixels: options.maxPixels ?? 6_000_000,
      detMaxSide: options.detMaxSide ?? 960,
      detMaxPixels: options.detMaxPixels ?? 960 * 960,
      recBatch: options.recBatch ?? 1,
      recThreads: Math.max(1, options.recogniserThreads ?? 1),
      maxInputPixels: options.maxInputPixels ?? 40_000_000,
      maxPdfPages: options.maxPdfPages ?? 3,
      threads: options.threads ?? Math.max(1, Math.floor(cores / concurrency)),
      memArena: options.memArena ?? false,
    },
  });
  const ai = options.ai ?? null;

  return {
    async scan(file: Uint8Array): Promise<ReceiptScanResult> {
      const t0 = performance.now();
      if (file.byteLength > maxFileBytes) throw new PayloadTooLargeError();
      const mediaType = sniffMediaType(file);
      if (!mediaType) throw new UnsupportedMediaTypeError();
      const kind =
        mediaType === 'application/pdf' ? 'pdf' : mediaType === 'image/heic' ? 'heif' : 'image';
      const out = await pool.run(file, kind);
      const rawText = out.lines.map((l) => l.text).join('\n');
      if ((rawText.match(/[\p{L}\p{N}]/gu) ?? []).length < 3)
        throw new UnreadableReceiptError('no text');
      const { parsed, parser, aiError } = await parseReceipt(rawText, ai);
      const details: ReceiptScanDetails = {
        mediaType,
        source: out.source,
        parser,
        seconds: (performance.now() - t0) / 1000,
        engineCpuSeconds: out.cpuMs / 1000,
        engineTimings: out.timings,
        ocrLines: out.lines,
      };
      if (aiError !== undefined) details.aiError = aiError;
      options.onScanned?.(details);
      return { ...parsed, rawText };
    },
    warmUp: () => pool.warmUp(),
    peakEngineRssMb: () => pool.peakEngineRssMb,
    enginePids: () => pool.enginePids,
    load: () => ({ queued: pool.queued, running: pool.running }),
    close: () => pool.close(),
  };
}
