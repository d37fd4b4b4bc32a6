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

export interface LayoutLine {
  text: string;
  confidence: number;
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
    };
  });
}
