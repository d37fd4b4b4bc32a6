/** Messages between the scanner (server process) and the OCR engine process. */

export interface EngineConfig {
  /** Long side of the image given to the text detector, px. */
  maxSide: number;
  /** Largest area of the image given to the text detector, pixels. */
  maxPixels: number;
  /** Largest decoded image accepted, pixels. */
  maxInputPixels: number;
  /** PDF pages read at most. */
  maxPdfPages: number;
  /** ONNX Runtime intra-op threads. */
  threads: number;
  /** ONNX Runtime CPU memory arena (faster with many input shapes, but keeps memory). */
  memArena: boolean;
}

export interface ScanRequest {
  type: 'scan';
  id: number;
  data: Uint8Array;
  pdf: boolean;
}

export interface OcrTextLine {
  text: string;
  /** Recognition confidence 0–1. */
  confidence: number;
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
    }
  | { type: 'error'; id: number; unreadable: boolean; reason: string; peakRssMb: number }
  | { type: 'fatal'; reason: string };
