/**
 * Reading order: recognised boxes that share a printed row become one line, left to right,
 * joined by a space; rows top to bottom. A receipt's "TOTAL" and its amount are usually separate
 * boxes on one row, so this matters.
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

interface Placed {
  box: RecognisedBox;
  mid: { x: number; y: number };
  /** Unit vector along the box's text (left to right). */
  dir: { x: number; y: number };
  width: number;
  height: number;
}

function place(box: RecognisedBox): Placed {
  const [tl, tr, br, bl] = box.quad;
  const dx = tr.x - tl.x + (br.x - bl.x);
  const dy = tr.y - tl.y + (br.y - bl.y);
  const len = Math.hypot(dx, dy) || 1;
  return {
    box,
    mid: { x: (tl.x + tr.x + br.x + bl.x) / 4, y: (tl.y + tr.y + br.y + bl.y) / 4 },
    dir: { x: dx / len, y: dy / len },
    width: (distance(tl, tr) + distance(bl, br)) / 2,
    height: (distance(tl, bl) + distance(tr, br)) / 2,
  };
}

/**
 * The slant of the page around a box: the mean direction of the boxes whose middles lie within
 * a few line heights of its own, weighted by their width (long boxes show a slant best). One
 * short box ("TOTAL :", "39.80") is a poor guide: on a photo whose rows sit closer than a box's
 * height, a degree or two off over the width of the page puts an amount on the wrong row.
 */
function localSlant(
  p: Placed,
  all: readonly Placed[],
  lineHeight: number,
): { x: number; y: number } {
  const radius = 4 * lineHeight;
  let x = 0;
  let y = 0;
  for (const q of all) {
    const d = Math.hypot(q.mid.x - p.mid.x, q.mid.y - p.mid.y);
    if (d > radius) continue;
    x += q.dir.x * q.width;
    y += q.dir.y * q.width;
  }
  const len = Math.hypot(x, y);
  return len === 0 ? p.dir : { x: x / len, y: y / len };
}

/** Share of the narrower box two boxes of one row may overlap by along the row (OCR slack). */
const ROW_OVERLAP = 0.3;

/**
 * Rows are found box by box along each box's own slant, not along the image's rows: a photo is
 * turned a few degrees, seen at an angle and curled, so "TOTAL" and its amount at the far right
 * may sit a line height apart in image rows. Two boxes share a row when the longer one's text
 * line, extended, passes within half a box height of the other's middle; the closest pairs are
 * joined first, and never two rows whose boxes lie side by side along the row's direction, one
 * above the other: on a tilted or curled photo a long box's extended line can pass near the next
 * row, and without this check "SUB TOTAL", "GST" and "SERVICE CHARGE" stacked in a column became
 * one row with all their amounts. Rows are ordered along the page's median slant.
 */
export function groupIntoLines(boxes: readonly RecognisedBox[]): LayoutLine[] {
  if (boxes.length === 0) return [];
  const placed = boxes.map(place);
  const avgHeight = placed.reduce((s, p) => s + p.height, 0) / placed.length;
  // The page's slant: the median direction of the boxes, by angle.
  const angles = placed.map((p) => Math.atan2(p.dir.y, p.dir.x)).sort((x, y) => x - y);
  const angle = angles[angles.length >> 1] ?? 0;
  const along = { x: Math.cos(angle), y: Math.sin(angle) };
  const across = (p: Placed) => -along.y * p.mid.x + along.x * p.mid.y;
  const alongOf = (p: Placed) => along.x * p.mid.x + along.y * p.mid.y;
  const extent = placed.map((p) => {
    const ts = p.box.quad.map((q) => along.x * q.x + along.y * q.y);
    return { from: Math.min(...ts), to: Math.max(...ts) };
  });

  const local = placed.map((p) => localSlant(p, placed, avgHeight));
  const pairs: { i: number; j: number; off: number }[] = [];
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i] as Placed;
      const b = placed[j] as Placed;
      // The row's slant between the two: the mean of the slant around each end.
      const da = local[i] as { x: number; y: number };
      const db = local[j] as { x: number; y: number };
      const dx = da.x + db.x;
      const dy = da.y + db.y;
      const len = Math.hypot(dx, dy) || 1;
      const vx = b.mid.x - a.mid.x;
      const vy = b.mid.y - a.mid.y;
      const off = Math.abs((-dy * vx + dx * vy) / len);
      if (off < Math.min(avgHeight, (a.height + b.height) / 2) / 2) pairs.push({ i, j, off });
    }
  }
  pairs.sort((x, y) => x.off - y.off);
  const parent = placed.map((_, i) => i);
  const members = placed.map((_, i) => [i]);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i] ?? i] ?? i;
    return i;
  };
  const sideBySide = (i: number, j: number): boolean => {
    const a = extent[i] as { from: number; to: number };
    const b = extent[j] as { from: number; to: number };
    const overlap = Math.min(a.to, b.to) - Math.max(a.from, b.from);
    return overlap <= ROW_OVERLAP * Math.min(a.to - a.from, b.to - b.from);
  };
  for (const { i, j } of pairs) {
    const ri = find(i);
    const rj = find(j);
    if (ri === rj) continue;
    const mi = members[ri] as number[];
    const mj = members[rj] as number[];
    if (!mi.every((x) => mj.every((y) => sideBySide(x, y)))) continue;
    parent[rj] = ri;
    members[ri] = mi.concat(mj);
    members[rj] = [];
  }
  const rows = new Map<number, Placed[]>();
  placed.forEach((p, i) => {
    const r = find(i);
    const row = rows.get(r) ?? [];
    row.push(p);
    rows.set(r, row);
  });
  const ordered = [...rows.values()]
    .map((row) => ({ row, at: row.reduce((s, p) => s + across(p), 0) / row.length }))
    .sort((a, b) => a.at - b.at);
  return ordered.map(({ row }) => {
    const inRow = row.sort((a, b) => alongOf(a) - alongOf(b)).map((p) => p.box);
    return {
      text: inRow.map((b) => b.text).join(' '),
      confidence: inRow.reduce((s, b) => s + b.confidence, 0) / inRow.length,
      box: lineBoxOf(inRow),
    };
  });
}
