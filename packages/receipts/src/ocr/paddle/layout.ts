/**
 * Reading order: recognised boxes that share a printed row (their mid-lines closer than half the
 * average box height) become one line, left to right, joined by a space; rows top to bottom.
 * A receipt's "TOTAL" and its amount are usually separate boxes on one row, so this matters.
 */
import type { Quad } from './geometry.js';
import { distance } from './geometry.js';

export interface RecognisedBox {
  quad: Quad;
  text: string;
  confidence: number;
}

/** Where a printed line sits in the normalised image, px: its boxes' extent and median height. */
export interface LineBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Median height of the line's text boxes (print size; bold totals are often larger). */
  height: number;
}

export interface LayoutLine {
  text: string;
  confidence: number;
  /** Absent for text that had no picture (a PDF's text layer). */
  box?: LineBox;
}

/** The extent of a row of boxes, rounded to whole pixels. */
function lineBoxOf(boxes: readonly RecognisedBox[]): LineBox {
  const xs = boxes.flatMap((b) => b.quad.map((p) => p.x));
  const ys = boxes.flatMap((b) => b.quad.map((p) => p.y));
  const heights = boxes
    .map((b) => (distance(b.quad[0], b.quad[3]) + distance(b.quad[1], b.quad[2])) / 2)
    .sort((a, b) => a - b);
  return {
    left: Math.round(Math.min(...xs)),
    top: Math.round(Math.min(...ys)),
    right: Math.round(Math.max(...xs)),
    bottom: Math.round(Math.max(...ys)),
    height: Math.round(heights[Math.floor(heights.length / 2)] ?? 0),
  };
}

export function groupIntoLines(boxes: readonly RecognisedBox[]): LayoutLine[] {
  if (boxes.length === 0) return [];
  const mid = (b: RecognisedBox) => (b.quad[0].y + b.quad[1].y + b.quad[2].y + b.quad[3].y) / 4;
  const left = (b: RecognisedBox) => Math.min(b.quad[0].x, b.quad[3].x);
  const avgHeight =
    boxes.reduce(
      (s, b) => s + (distance(b.quad[0], b.quad[3]) + distance(b.quad[1], b.quad[2])) / 2,
      0,
    ) / boxes.length;
  const sorted = [...boxes].sort((a, b) => mid(a) - mid(b) || left(a) - left(b));
  const rows: { anchor: number; boxes: RecognisedBox[] }[] = [];
  for (const box of sorted) {
    const m = mid(box);
    const row = rows.find((r) => Math.abs(r.anchor - m) < avgHeight / 2);
    if (row) row.boxes.push(box);
    else rows.push({ anchor: m, boxes: [box] });
  }
  rows.sort((a, b) => a.anchor - b.anchor);
  return rows.map((r) => {
    const inRow = r.boxes.sort((a, b) => left(a) - left(b));
    return {
      text: inRow.map((b) => b.text).join(' '),
      confidence: inRow.reduce((s, b) => s + b.confidence, 0) / inRow.length,
      box: lineBoxOf(inRow),
    };
  });
}
