/**
 * Phone photos made from receipts-dev (issue #35, point 3): every flat scan is turned into what a
 * hand-held phone sees: lying on a table, turned (±10°, and for half of them a quarter or half
 * turn), seen at an angle (perspective of a camera tilted 5–20°), curled paper (lines bowed
 * across the width, a slow wave along the length), uneven light (a brightness gradient, and for
 * half of them a soft shadow), saved as JPEG at quality 60. The same seed gives the same photos.
 *
 * Pure-JS warp (sharp only decodes and encodes): one inverse map per output pixel, bilinear.
 * Written to `.eval-cache/photos/<hash of this file>/` (gitignored), made on first use.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { seededRandom } from '../../src/eval/shop-groups.js';
import type { LabelledReceipt } from './datasets.js';
import { DATASETS_DIR, EVAL_CACHE_DIR, loadSet } from './datasets.js';

export const PHOTO_SEED = 20261129;
const JPEG_QUALITY = 60;
/** Longest side of a photo, px (the scanner reads at most 3000). */
const MAX_SIDE = 3000;

export interface PhotoTransform {
  quarterTurns: 0 | 1 | 2 | 3;
  rotationDeg: number;
  tiltDeg: number;
  tiltDirectionDeg: number;
  /** Bow of the lines across the width, fraction of the width. */
  curl: number;
  /** Sideways wave along the length, fraction of the width. */
  wave: number;
  /** Darkest corner of the brightness gradient, 0–1. */
  gradientLow: number;
  gradientDirectionDeg: number;
  /** Brightness inside the shadow (1 = no shadow). */
  shadow: number;
  background: [number, number, number];
}

export interface PhotoReceipt extends LabelledReceipt {
  sourceId: string;
  transform: PhotoTransform;
}

const rad = (d: number) => (d * Math.PI) / 180;

export function drawTransform(random: () => number): PhotoTransform {
  const between = (a: number, b: number) => a + (b - a) * random();
  const q = random();
  const quarterTurns = q < 0.5 ? 0 : q < 0.7 ? 1 : q < 0.85 ? 2 : 3;
  const grey = between(40, 140);
  return {
    quarterTurns,
    rotationDeg: between(-10, 10),
    tiltDeg: between(5, 20),
    tiltDirectionDeg: between(0, 360),
    curl: between(0.01, 0.04) * (random() < 0.5 ? -1 : 1),
    wave: between(0, 0.015),
    gradientLow: between(0.55, 0.85),
    gradientDirectionDeg: between(0, 360),
    shadow: random() < 0.5 ? between(0.6, 0.8) : 1,
    background: [grey * between(0.9, 1.3), grey * between(0.85, 1.05), grey * between(0.7, 0.95)],
  };
}

type Mat3 = [number, number, number, number, number, number, number, number, number];

function invert(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

/**
 * The homography from paper pixels (centred) to the image plane: the paper turned in its plane,
 * tilted in 3-D away from the camera, and projected by a camera whose focal length is the
 * paper's diagonal (a phone's wide lens held close enough to fill the frame).
 */
function paperToImage(t: PhotoTransform, w: number, h: number): Mat3 {
  const f = Math.hypot(w, h);
  const z = rad(t.quarterTurns * 90 + t.rotationDeg);
  const ax = rad(t.tiltDeg) * Math.cos(rad(t.tiltDirectionDeg));
  const ay = rad(t.tiltDeg) * Math.sin(rad(t.tiltDirectionDeg));
  const [cz, sz, cx, sx, cy, sy] = [
    Math.cos(z),
    Math.sin(z),
    Math.cos(ax),
    Math.sin(ax),
    Math.cos(ay),
    Math.sin(ay),
  ];
  // Columns 1 and 2 of Ry · Rx · Rz (the paper's axes in camera space).
  const rz1 = [cz, sz, 0];
  const rz2 = [-sz, cz, 0];
  const rot = (v: number[]): number[] => {
    const [x = 0, y = 0, zz = 0] = v;
    const y1 = cx * y - sx * zz;
    const z1 = sx * y + cx * zz;
    return [cy * x + sy * z1, y1, -sy * x + cy * z1];
  };
  const m1 = rot(rz1);
  const m2 = rot(rz2);
  // K · [m1 m2 t], t = (0, 0, f): the paper's centre straight ahead at distance f.
  return [
    f * (m1[0] ?? 0),
    f * (m2[0] ?? 0),
    0,
    f * (m1[1] ?? 0),
    f * (m2[1] ?? 0),
    0,
    m1[2] ?? 0,
    m2[2] ?? 0,
    f,
  ];
}

function apply(m: Mat3, x: number, y: number): [number, number] {
  const wz = m[6] * x + m[7] * y + m[8];
  return [(m[0] * x + m[1] * y + m[2]) / wz, (m[3] * x + m[4] * y + m[5]) / wz];
}

/** Warps one RGB image into a photo (raw RGB out). */
export function warpToPhoto(
  src: Uint8Array,
  w: number,
  h: number,
  t: PhotoTransform,
): { data: Uint8Array; width: number; height: number } {
  const H = paperToImage(t, w, h);
  const corners = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x = 0, y = 0]) => apply(H, x, y));
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const margin = 0.08 * Math.max(maxX - minX, maxY - minY);
  const scale = Math.min(1, MAX_SIDE / (Math.max(maxX - minX, maxY - minY) + 2 * margin));
  const width = Math.round((maxX - minX + 2 * margin) * scale);
  const height = Math.round((maxY - minY + 2 * margin) * scale);
  const inv = invert(H);
  const out = new Uint8Array(width * height * 3);
  const gx = Math.cos(rad(t.gradientDirectionDeg));
  const gy = Math.sin(rad(t.gradientDirectionDeg));
  const span = Math.abs(gx) * width + Math.abs(gy) * height;
  const g0 = Math.min(0, gx * width) + Math.min(0, gy * height);
  // The shadow: a half-plane through a point in the middle third, soft over 4 % of the width.
  const sAngle = rad(t.gradientDirectionDeg + 100);
  const [sx, sy] = [Math.cos(sAngle), Math.sin(sAngle)];
  const sOffset = sx * width * 0.5 + sy * height * 0.5 + (t.gradientLow - 0.7) * width;
  const soft = 0.04 * width;
  for (let Y = 0; Y < height; Y++) {
    for (let X = 0; X < width; X++) {
      const px = X / scale + minX - margin;
      const py = Y / scale + minY - margin;
      let [u, v] = apply(inv, px, py);
      // Curled paper, as an inverse map: rows bow across the width, columns wave along the length.
      const un = u / w + 0.5;
      const vn = v / h + 0.5;
      v -= t.curl * w * Math.sin(Math.PI * un);
      u -= t.wave * w * Math.sin(2 * Math.PI * vn * 1.5);
      u += w / 2;
      v += h / 2;
      const light =
        (1 - (1 - t.gradientLow) * ((gx * X + gy * Y - g0) / span)) *
        (t.shadow === 1
          ? 1
          : 1 -
            (1 - t.shadow) * Math.min(1, Math.max(0, (sx * X + sy * Y - sOffset) / soft + 0.5)));
      const o = (Y * width + X) * 3;
      if (u < 0 || v < 0 || u > w - 1 || v > h - 1) {
        for (let c = 0; c < 3; c++) out[o + c] = (t.background[c] ?? 0) * light;
        continue;
      }
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      const fx = u - x0;
      const fy = v - y0;
      const x1 = Math.min(x0 + 1, w - 1);
      const y1 = Math.min(y0 + 1, h - 1);
      for (let c = 0; c < 3; c++) {
        const a = src[(y0 * w + x0) * 3 + c] ?? 0;
        const b = src[(y0 * w + x1) * 3 + c] ?? 0;
        const d = src[(y1 * w + x0) * 3 + c] ?? 0;
        const e = src[(y1 * w + x1) * 3 + c] ?? 0;
        const value = (a * (1 - fx) + b * fx) * (1 - fy) + (d * (1 - fx) + e * fx) * fy;
        out[o + c] = value * light;
      }
    }
  }
  return { data: out, width, height };
}

async function photoDir(): Promise<string> {
  const self = await readFile(fileURLToPath(import.meta.url));
  const hash = createHash('sha256').update(self).update(String(PHOTO_SEED)).digest('hex');
  return path.join(EVAL_CACHE_DIR, 'photos', hash.slice(0, 12));
}

/** The photo set's labels, making the photos first when this version has not made them yet. */
export async function ensurePhotoSet(
  log: (line: string) => void = () => {},
): Promise<PhotoReceipt[]> {
  const dir = await photoDir();
  const labelsFile = path.join(dir, 'labels.json');
  try {
    return JSON.parse(await readFile(labelsFile, 'utf8')) as PhotoReceipt[];
  } catch {
    // not made yet
  }
  const flat = await loadSet(path.join(DATASETS_DIR, 'receipts-dev'));
  const random = seededRandom(PHOTO_SEED);
  const tmp = `${dir}.partial`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  log(`making ${flat.length} phone photos into ${path.relative(process.cwd(), dir)} …`);
  const photos: PhotoReceipt[] = [];
  for (const r of [...flat].sort((a, b) => a.file.localeCompare(b.file))) {
    const t = drawTransform(random);
    const { data, info } = await sharp(r.imagePath)
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const photo = warpToPhoto(data, info.width, info.height, t);
    const file = `photo-${r.file}`;
    await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .jpeg({ quality: JPEG_QUALITY })
      .toFile(path.join(tmp, file));
    const { ocrFile: _ocrFile, ...label } = r;
    photos.push({
      ...label,
      file,
      id: `photos/${file}`,
      set: 'photos',
      imagePath: path.join(dir, file),
      sourceId: r.id,
      transform: t,
    });
  }
  await writeFile(path.join(tmp, 'labels.json'), JSON.stringify(photos, null, 1));
  await rm(dir, { recursive: true, force: true });
  await rename(tmp, dir);
  return photos;
}
