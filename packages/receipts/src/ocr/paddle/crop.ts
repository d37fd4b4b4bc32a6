/**
 * Cuts a (possibly rotated) text line out of the full-resolution image and writes it straight
 * into the recogniser's input tensor at its input height: one pass, bilinear samples averaged over
 * the source area when shrinking, BGR channel order and the model's normalisation. A line standing
 * upright (height ≥ 1.5 × width) is turned a quarter to lie flat, as PaddleOCR does.
 */
import type { Point, Quad } from './geometry.js';
import { distance } from './geometry.js';

export interface RgbImage {
  /** Interleaved 8-bit pixels, `channels` per pixel (3: RGB). */
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

export interface LineCrop {
  /** Where output (0,0) maps in the source. */
  origin: Point;
  /** Source vector along one output row (its full width). */
  across: Point;
  /** Source vector down one output column (its full height). */
  down: Point;
  /** Width at the recogniser's height, px. */
  width: number;
  /** Source pixels per output pixel (≥ 1 means shrinking). */
  scale: number;
}

/** How a box is cut: orientation, and its width when scaled to `outHeight`. */
export function planCrop(quad: Quad, outHeight: number, maxWidth: number): LineCrop {
  const [tl, tr, br, bl] = quad;
  const w = Math.max(distance(tl, tr), distance(bl, br), 1);
  const h = Math.max(distance(tl, bl), distance(tr, br), 1);
  const vec = (a: Point, b: Point): Point => ({ x: b.x - a.x, y: b.y - a.y });
  if (h / w >= 1.5) {
    // Quarter turn anticlockwise: output rows run down the source box, starting at its right side.
    const width = Math.min(maxWidth, Math.max(1, Math.round((outHeight * h) / w)));
    return { origin: tr, across: vec(tl, bl), down: vec(tr, tl), width, scale: w / outHeight };
  }
  const width = Math.min(maxWidth, Math.max(1, Math.round((outHeight * w) / h)));
  return { origin: tl, across: vec(tl, tr), down: vec(tl, bl), width, scale: h / outHeight };
}

/**
 * Samples the crop into `out` (layout [3, outHeight, stride] at `offset`): value = pixel × `mul` +
 * `add`, channels in B, G, R order.
 */
export function sampleCrop(
  img: RgbImage,
  crop: LineCrop,
  outHeight: number,
  out: Float32Array,
  offset: number,
  stride: number,
  mul: number,
  add: number,
): void {
  const { data, width: W, height: H, channels: C } = img;
  const n = Math.max(1, Math.min(4, Math.ceil(crop.scale - 0.01)));
  const plane = outHeight * stride;
  const inv = 1 / (n * n);
  const outW = crop.width;
  for (let j = 0; j < outHeight; j++) {
    for (let i = 0; i < outW; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sj = 0; sj < n; sj++) {
        const t = (j + (sj + 0.5) / n) / outHeight;
        for (let si = 0; si < n; si++) {
          const s = (i + (si + 0.5) / n) / outW;
          const x = crop.origin.x + s * crop.across.x + t * crop.down.x - 0.5;
          const y = crop.origin.y + s * crop.across.y + t * crop.down.y - 0.5;
          // Bilinear, edges replicated.
          const xc = x < 0 ? 0 : x > W - 1 ? W - 1 : x;
          const yc = y < 0 ? 0 : y > H - 1 ? H - 1 : y;
          const x0 = Math.floor(xc);
          const y0 = Math.floor(yc);
          const x1 = x0 + 1 < W ? x0 + 1 : x0;
          const y1 = y0 + 1 < H ? y0 + 1 : y0;
          const fx = xc - x0;
          const fy = yc - y0;
          const w00 = (1 - fx) * (1 - fy);
          const w10 = fx * (1 - fy);
          const w01 = (1 - fx) * fy;
          const w11 = fx * fy;
          const p00 = (y0 * W + x0) * C;
          const p10 = (y0 * W + x1) * C;
          const p01 = (y1 * W + x0) * C;
          const p11 = (y1 * W + x1) * C;
          r +=
            (data[p00] ?? 0) * w00 +
            (data[p10] ?? 0) * w10 +
            (data[p01] ?? 0) * w01 +
            (data[p11] ?? 0) * w11;
          g +=
            (data[p00 + 1] ?? 0) * w00 +
            (data[p10 + 1] ?? 0) * w10 +
            (data[p01 + 1] ?? 0) * w01 +
            (data[p11 + 1] ?? 0) * w11;
          b +=
            (data[p00 + 2] ?? 0) * w00 +
            (data[p10 + 2] ?? 0) * w10 +
            (data[p01 + 2] ?? 0) * w01 +
            (data[p11 + 2] ?? 0) * w11;
        }
      }
      const o = offset + j * stride + i;
      out[o] = b * inv * mul + add;
      out[o + plane] = g * inv * mul + add;
      out[o + 2 * plane] = r * inv * mul + add;
    }
  }
}
