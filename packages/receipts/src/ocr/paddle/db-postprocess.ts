/**
 * DB (differentiable binarisation) post-processing of the text detector's probability map, as in
 * PaddleOCR's `DBPostProcess`: threshold → connected text regions → minimum-area rectangle → box
 * score filter → "unclip" (grow) → rectangle in the caller's image coordinates.
 *
 * Regions are found with a run-length union-find (8-connected, like OpenCV's outer contours), in
 * typed arrays: no OpenCV, no copies of the image.
 */
import type { Point, Quad } from './geometry.js';
import { distance, minAreaRect, rectCorners, unclipRect } from './geometry.js';

export interface DbOptions {
  /** Probability above which a pixel is text. */
  thresh: number;
  /** Mean probability a region needs to be kept. */
  boxThresh: number;
  /** How much a text kernel is grown (DB's unclip ratio). */
  unclipRatio: number;
  /** Most regions kept (largest first). */
  maxCandidates: number;
}

export interface DetectedBox {
  /** Corners in the target coordinates: top-left, top-right, bottom-right, bottom-left. */
  quad: Quad;
  /** Mean text probability of the region. */
  score: number;
}

function find(parent: Int32Array, i: number): number {
  let r = i;
  while (parent[r] !== r) r = parent[r] ?? r;
  let j = i;
  while (parent[j] !== r) {
    const next = parent[j] ?? r;
    parent[j] = r;
    j = next;
  }
  return r;
}

/**
 * Finds text boxes in a probability map of `width` × `height` and maps them to a target image of
 * `targetWidth` × `targetHeight` (the map is a resized copy of it).
 */
export function boxesFromProbabilityMap(
  prob: Float32Array,
  width: number,
  height: number,
  targetWidth: number,
  targetHeight: number,
  options: DbOptions,
): DetectedBox[] {
  // 1. Runs of text pixels per row (struct of arrays: row, first and last column).
  const runY: number[] = [];
  const runX0: number[] = [];
  const runX1: number[] = [];
  const rowStart = new Int32Array(height + 1);
  for (let y = 0; y < height; y++) {
    rowStart[y] = runY.length;
    const base = y * width;
    let x = 0;
    while (x < width) {
      if ((prob[base + x] ?? 0) > options.thresh) {
        const x0 = x;
        while (x < width && (prob[base + x] ?? 0) > options.thresh) x++;
        runY.push(y);
        runX0.push(x0);
        runX1.push(x - 1);
      } else x++;
    }
  }
  rowStart[height] = runY.length;
  const runs = runY.length;

  // 2. Union runs that touch a run of the row above (8-connected).
  const parent = new Int32Array(runs);
  for (let i = 0; i < runs; i++) parent[i] = i;
  for (let y = 1; y < height; y++) {
    let j = rowStart[y - 1] ?? 0;
    const jEnd = rowStart[y] ?? 0;
    const iEnd = rowStart[y + 1] ?? 0;
    for (let i = jEnd; i < iEnd; i++) {
      const x0 = runX0[i] ?? 0;
      const x1 = runX1[i] ?? 0;
      while (j < jEnd && (runX1[j] ?? 0) < x0 - 1) j++;
      for (let k = j; k < jEnd && (runX0[k] ?? 0) <= x1 + 1; k++) {
        const a = find(parent, i);
        const b = find(parent, k);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  }

  // 3. Gather each region's run ends (enough for its hull), pixel count and probability sum.
  const regions = new Map<number, { points: Point[]; pixels: number; sum: number }>();
  for (let i = 0; i < runs; i++) {
    const y = runY[i] ?? 0;
    const x0 = runX0[i] ?? 0;
    const x1 = runX1[i] ?? 0;
    const root = find(parent, i);
    let region = regions.get(root);
    if (!region) {
      region = { points: [], pixels: 0, sum: 0 };
      regions.set(root, region);
    }
    region.points.push({ x: x0, y }, { x: x1, y });
    region.pixels += x1 - x0 + 1;
    const base = y * width;
    for (let x = x0; x <= x1; x++) region.sum += prob[base + x] ?? 0;
  }

  const candidates = [...regions.values()]
    .sort((a, b) => b.pixels - a.pixels)
    .slice(0, options.maxCandidates);
  const rx = targetWidth / width;
  const ry = targetHeight / height;
  const minSize = 3;
  const boxes: DetectedBox[] = [];
  for (const region of candidates) {
    const rect = minAreaRect(region.points);
    if (Math.min(rect.width, rect.height) < minSize) continue;
    const score = region.sum / region.pixels;
    if (score < options.boxThresh) continue;
    const grown = unclipRect(rect, options.unclipRatio);
    if (Math.min(grown.width, grown.height) < minSize + 2) continue;
    const clip = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));
    const quad = rectCorners(grown).map((p) => ({
      x: clip(p.x * rx, targetWidth),
      y: clip(p.y * ry, targetHeight),
    })) as Quad;
    if (distance(quad[0], quad[1]) <= 3 || distance(quad[0], quad[3]) <= 3) continue;
    boxes.push({ quad, score });
  }
  return boxes;
}
