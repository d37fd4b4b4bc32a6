/**
 * Where a second detector pass looks: a receipt photographed on a table or a slip scanned on an
 * A4 page fills a clearly smaller part of the image, which pass 2 sees at a higher scale.
 */
import type { DetectedBox } from './db-postprocess.js';

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A second detector pass is worth it only if it sees the text at least this much larger. */
export const MIN_ZOOM = 1.3;

/**
 * The part of the image worth a closer look: the boxes found, with a margin of two median box
 * heights (and 2 % of the image) around them, when that part is at most half the image.
 */
export function zoomRegion(
  boxes: readonly DetectedBox[],
  width: number,
  height: number,
): Region | null {
  if (boxes.length === 0) return null;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const heights: number[] = [];
  for (const b of boxes) {
    for (const p of b.quad) {
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x);
      y1 = Math.max(y1, p.y);
    }
    heights.push(Math.hypot(b.quad[0].x - b.quad[3].x, b.quad[0].y - b.quad[3].y));
  }
  heights.sort((a, b) => a - b);
  const margin = 2 * (heights[heights.length >> 1] ?? 0);
  const left = Math.max(0, Math.floor(x0 - margin - 0.02 * width));
  const top = Math.max(0, Math.floor(y0 - margin - 0.02 * height));
  const right = Math.min(width, Math.ceil(x1 + margin + 0.02 * width));
  const bottom = Math.min(height, Math.ceil(y1 + margin + 0.02 * height));
  const region = { x: left, y: top, width: right - left, height: bottom - top };
  if (region.width < 32 || region.height < 32) return null;
  return region.width * region.height <= 0.5 * width * height ? region : null;
}
