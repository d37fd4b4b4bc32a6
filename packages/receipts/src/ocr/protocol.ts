import type { LineBox } from './paddle/layout.js';
import type { StageTimings } from './paddle/paddle-ocr.js';

/** Messages between the scanner (server process) and the OCR engine process. */

export interface EngineConfig {
  /** Long side of the image text lines are cut from, px. */
  maxSide: number;
  /** Largest area of the image text lines are cut from, pixels. */
  maxPixels: number;
  /** Long side of the text detector's input at most, px. */
  detMaxSide: number;
  /** Area of the text detector's input at most, pixels. */
  detMaxPixels: number;
  /** Text lines recognised per model run. */
  recBatch: number;
  /** Threads the recogniser runs on, each with its own copy of the model. */
  recThreads: number;
  /** Largest decoded image accepted, pixels. */
  maxInputPixels: number;
  /** PDF pages read at most. */
  maxPdfPages: number;
  /** ONNX Runtime intra-op threads of the detector and the direction classifier. */
  threads: number;
  /** ONNX Runtime CPU memory arena (faster with many input shapes, but keeps memory). */
  memArena: boolean;
}

export interface ScanRequest {
  type: 'scan';
  id: number;
  data: Uint8Array;
  kind: InputKind;
}

/** How the engine decodes a file: sharp, pdfjs, or libheif (then sharp). */
export type InputKind = 'image' | 'pdf' | 'heif';

export interface OcrTextLine {
  text: string;
  /** Recognition confidence 0–1. */
  confidence: number;
  /** Where the line is in the normalised image, px (absent for a PDF's text layer). */
  box?: LineBox;
}

export interface EngineTimings extends StageTimings {
  /** Decoding and normalising the image (or reading the PDF), ms. */
  decode: number;
}

export type EngineMessage =
  | { type: 'ready' }
  | {
      type: 'result';
      id: number;
      lines: OcrTextLine[];
      source: 'ocr' | 'pdf-text';
      peakRssMb: number;
      /** CPU time the engine spent on this file, ms. */
      cpuMs: number;
      /** Wall time per stage, ms (and the number of text boxes found). */
      timings: EngineTimings;
    }
  | { type: 'error'; id: number; unreadable: boolean; reason: string; peakRssMb: number }
  | { type: 'fatal'; reason: string };
