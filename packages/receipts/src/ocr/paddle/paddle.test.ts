/**
 * Unit tests of the OCR pipeline's pure parts: geometry, DB post-processing, line cropping, CTC
 * decoding and reading order.
 */
import { describe, expect, it } from 'vitest';
import { planCrop, sampleCrop } from './crop.js';
import { ctcDecode } from './ctc.js';
import { boxesFromProbabilityMap } from './db-postprocess.js';
import type { Point, Quad } from './geometry.js';
import { convexHull, minAreaRect, rectCorners, unclipRect } from './geometry.js';
import { groupIntoLines } from './layout.js';
import {
  halfTurned,
  isQuarterTurned,
  readsBetterTurned,
  uprightRotation,
  votesUpsideDown,
  widestBoxes,
} from './orientation.js';
import { zoomRegion } from './zoom.js';

const close = (a: number, b: number, eps = 1e-6) => Math.abs(a - b) <= eps;

describe('geometry', () => {
  it('finds the convex hull and the minimum-area rectangle of rotated points', () => {
    const square: Point[] = [
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 2, y: 2 },
      { x: 0, y: 2 },
      { x: 1, y: 1 },
    ];
    expect(convexHull(square)).toHaveLength(4);

    // A 40 × 10 rectangle turned by 10°, sampled on its outline.
    const a = (10 * Math.PI) / 180;
    const pts: Point[] = [];
    for (let u = -20; u <= 20; u += 2)
      for (const v of [-5, 5])
        pts.push({
          x: 100 + u * Math.cos(a) - v * Math.sin(a),
          y: 50 + u * Math.sin(a) + v * Math.cos(a),
        });
    const r = minAreaRect(pts);
    expect(close(r.width, 40, 1e-6)).toBe(true);
    expect(close(r.height, 10, 1e-6)).toBe(true);
    expect(close(r.angle, a, 1e-9)).toBe(true);
    expect(close(r.cx, 100) && close(r.cy, 50)).toBe(true);

    const [tl, tr, br, bl] = rectCorners(r);
    expect(tl.x < tr.x && tl.y < bl.y && br.x > bl.x && br.y > tr.y).toBe(true);
  });

  it('labels a steep rectangle by its near-horizontal side', () => {
    const tall = minAreaRect([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 40 },
      { x: 0, y: 40 },
    ]);
    expect([tall.width, tall.height, tall.angle]).toEqual([10, 40, 0]);
  });

  it('unclips a rectangle by area × ratio / perimeter on every side', () => {
    const r = unclipRect({ cx: 0, cy: 0, width: 40, height: 10, angle: 0 }, 1.5);
    const d = (40 * 10 * 1.5) / 100;
    expect([r.width, r.height]).toEqual([40 + 2 * d, 10 + 2 * d]);
  });
});

/** A probability map of w × h with the given filled rectangles at probability p. */
function probMap(w: number, h: number, rects: [number, number, number, number, number][]) {
  const m = new Float32Array(w * h);
  for (const [x0, y0, x1, y1, p] of rects)
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) m[y * w + x] = p;
  return m;
}

const db = { thresh: 0.3, boxThresh: 0.5, unclipRatio: 1.5, maxCandidates: 1000 };

describe('boxesFromProbabilityMap', () => {
  it('finds each text region, grows it and maps it to the full-size image', () => {
    const map = probMap(100, 50, [
      [10, 10, 49, 17, 0.9],
      [60, 30, 89, 35, 0.8],
    ]);
    const boxes = boxesFromProbabilityMap(map, 100, 50, 200, 100, db);
    expect(boxes).toHaveLength(2);
    const first = boxes.find((b) => b.quad[0].y < 40) as { quad: Quad; score: number };
    // Region 39 × 7 px (pixel centres), unclip d = 39·7·1.5/92 ≈ 4.45 px, then × 2.
    expect(first.quad[0].x).toBeCloseTo(2 * (10 - 4.45), -1);
    expect(first.quad[1].x).toBeCloseTo(2 * (49 + 4.45), -1);
    expect(first.quad[3].y).toBeGreaterThan(2 * 17);
    expect(first.score).toBeCloseTo(0.9, 5);
  });

  it('joins diagonal neighbours (8-connected), and drops faint and tiny regions', () => {
    const map = probMap(60, 30, [
      [5, 5, 20, 9, 0.9],
      [21, 10, 40, 14, 0.9], // touches the first only at a corner
      [45, 20, 55, 26, 0.35], // above the pixel threshold, below the box threshold
      [2, 25, 3, 26, 0.9], // 2 × 2 px
    ]);
    const boxes = boxesFromProbabilityMap(map, 60, 30, 60, 30, db);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]?.quad[1].x).toBeGreaterThan(40);
  });
});

describe('line crops', () => {
  const quad = (x0: number, y0: number, x1: number, y1: number): Quad => [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];

  it('scales a line to the recogniser height, and turns an upright one a quarter', () => {
    expect(planCrop(quad(0, 0, 200, 24), 48, 2000).width).toBe(400);
    expect(planCrop(quad(0, 0, 200, 96), 48, 2000).scale).toBe(2);
    const upright = planCrop(quad(0, 0, 20, 100), 48, 2000);
    expect(upright.width).toBe(240);
    expect(planCrop(quad(0, 0, 5000, 10), 48, 1920).width).toBe(1920);
  });

  it('samples BGR planes, normalised, from the right place', () => {
    // 20 × 10 image: left half red, right half blue.
    const data = new Uint8Array(20 * 10 * 3);
    for (let y = 0; y < 10; y++)
      for (let x = 0; x < 20; x++) data.set(x < 10 ? [255, 0, 0] : [0, 0, 255], (y * 20 + x) * 3);
    const img = { data, width: 20, height: 10, channels: 3 };
    const crop = planCrop(quad(0, 0, 20, 10), 4, 100);
    expect(crop.width).toBe(8);
    const out = new Float32Array(3 * 4 * 8);
    sampleCrop(img, crop, 4, out, 0, 8, 2 / 255, -1);
    const plane = 4 * 8;
    // Column 0 is red: B plane −1, R plane +1. Column 7 is blue.
    expect(out[0]).toBeCloseTo(-1);
    expect(out[2 * plane]).toBeCloseTo(1);
    expect(out[7]).toBeCloseTo(1);
    expect(out[2 * plane + 7]).toBeCloseTo(-1);
  });
});

describe('ctcDecode', () => {
  it('takes the best class per step, collapses repeats and drops blanks', () => {
    const dict = ['a', 'b', ' '];
    const steps = [1, 1, 0, 1, 2, 2, 0, 3]; // a a _ a b b _ space
    const probs = new Float32Array(steps.length * 4);
    steps.forEach((c, t) => {
      probs.fill(0.1, t * 4, t * 4 + 4);
      probs[t * 4 + c] = 0.7;
    });
    const r = ctcDecode(probs, 0, steps.length, steps.length, 4, dict);
    expect(r.text).toBe('aab ');
    expect(r.confidence).toBeCloseTo(0.7);
  });
});

describe('groupIntoLines', () => {
  const box = (x: number, y: number, w: number, text: string) => ({
    quad: [
      { x, y },
      { x: x + w, y },
      { x: x + w, y: y + 20 },
      { x, y: y + 20 },
    ] as Quad,
    text,
    confidence: 0.9,
  });

  it('puts boxes of one printed row on one line, left to right, rows top to bottom', () => {
    const lines = groupIntoLines([
      box(300, 104, 60, '9.00'),
      box(10, 40, 200, 'SHOP'),
      box(10, 100, 100, 'TOTAL'),
      box(150, 102, 30, 'RM'),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['SHOP', 'TOTAL RM 9.00']);
  });

  it('follows a row turned 8° (a photo), where its far end sits a line lower in the image', () => {
    const turn = (8 * Math.PI) / 180;
    const at = (x: number, y: number, w: number, text: string) => {
      const r = (p: { x: number; y: number }) => ({
        x: p.x * Math.cos(turn) - p.y * Math.sin(turn),
        y: p.x * Math.sin(turn) + p.y * Math.cos(turn),
      });
      const b = box(x, y, w, text);
      return { ...b, quad: b.quad.map(r) as Quad };
    };
    const lines = groupIntoLines([
      at(10, 40, 200, 'SHOP'),
      at(10, 100, 100, 'TOTAL'),
      at(400, 100, 60, '9.00'),
      at(10, 130, 100, 'CASH'),
      at(400, 130, 60, '10.00'),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['SHOP', 'TOTAL 9.00', 'CASH 10.00']);
  });

  it("takes a row's slant from the boxes around it, not from one short box", () => {
    // A page turned 5°: long lines show the slant; "TOTAL" and the amounts are short boxes the
    // detector drew level. Rows 45 px apart, boxes 30 px high.
    const turn = (5 * Math.PI) / 180;
    const r = (p: { x: number; y: number }) => ({
      x: p.x * Math.cos(turn) - p.y * Math.sin(turn),
      y: p.x * Math.sin(turn) + p.y * Math.cos(turn),
    });
    const rect = (x: number, y: number, w: number): Quad => [
      { x, y },
      { x: x + w, y },
      { x: x + w, y: y + 30 },
      { x, y: y + 30 },
    ];
    const turned = (x: number, y: number, w: number, text: string) => ({
      quad: rect(x, y, w).map(r) as Quad,
      text,
      confidence: 0.9,
    });
    const level = (x: number, y: number, w: number, text: string) => {
      const c = r({ x: x + w / 2, y: y + 15 });
      return { quad: rect(c.x - w / 2, c.y - 15, w), text, confidence: 0.9 };
    };
    const lines = groupIntoLines([
      turned(150, 100, 140, 'SUBTOTAL ITEMS'),
      level(300, 100, 50, '8.49'),
      level(10, 145, 60, 'TOTAL'),
      level(300, 145, 50, '9.00'),
      turned(10, 190, 140, 'CASH PAID BY CARD'),
      level(300, 190, 50, '10.00'),
    ]);
    expect(lines.map((l) => l.text)).toEqual([
      'SUBTOTAL ITEMS 8.49',
      'TOTAL 9.00',
      'CASH PAID BY CARD 10.00',
    ]);
  });

  it('never joins rows whose boxes lie one above the other (a column of labels on a photo)', () => {
    // Rows 9 px apart with 20 px boxes: each label is within half a box height of the next
    // row's line, as on a tilted photo where a row's extended line runs into the next one.
    const lines = groupIntoLines([
      box(10, 100, 100, 'SUB TOTAL'),
      box(300, 100, 50, '68.87'),
      box(10, 109, 60, 'GST'),
      box(300, 109, 50, '4.13'),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['SUB TOTAL 68.87', 'GST 4.13']);
  });
});

describe('zoomRegion', () => {
  const at = (x: number, y: number, w = 200, h = 20) => ({
    quad: [
      { x, y },
      { x: x + w, y },
      { x: x + w, y: y + h },
      { x, y: y + h },
    ] as Quad,
    score: 0.9,
  });

  it('frames text that fills a small part of a photo, with a margin', () => {
    const boxes = [at(1000, 900), at(1000, 1000), at(1100, 1500)];
    const r = zoomRegion(boxes, 3000, 4000);
    // Margin: 2 median heights (40 px) and 2 % of the image (60 / 80 px).
    expect(r).toEqual({ x: 900, y: 780, width: 500, height: 860 });
  });

  it('leaves alone text that covers most of the image, and an image without text', () => {
    expect(zoomRegion([at(10, 10), at(400, 1900)], 620, 2000)).toBeNull();
    expect(zoomRegion([], 620, 2000)).toBeNull();
  });
});

describe('page orientation', () => {
  const line = (x: number, y: number, w: number, h: number) => ({
    quad: [
      { x, y },
      { x: x + w, y },
      { x: x + w, y: y + h },
      { x, y: y + h },
    ] as Quad,
    score: 0.9,
  });

  it('sees a quarter turn when most text lines stand upright', () => {
    const upright = [line(10, 10, 20, 200), line(40, 10, 20, 300), line(70, 10, 20, 150)];
    expect(isQuarterTurned(upright)).toBe(true);
    expect(
      isQuarterTurned([
        ...upright,
        line(0, 0, 200, 20),
        line(0, 40, 300, 20),
        line(0, 80, 300, 20),
        line(0, 120, 90, 20),
      ]),
    ).toBe(false);
    // Squarish boxes (a logo, a stamp) say nothing.
    expect(isQuarterTurned([line(0, 0, 50, 50), line(0, 60, 40, 45)])).toBe(false);
  });

  it("votes upside down by the classifier's mean 180° probability", () => {
    expect(votesUpsideDown(new Float32Array([0.1, 0.9, 0.2, 0.8, 0.9, 0.1]), 3)).toBe(true);
    expect(votesUpsideDown(new Float32Array([0.9, 0.1, 0.3, 0.7]), 2)).toBe(false);
    expect(votesUpsideDown(new Float32Array([]), 0)).toBe(false);
  });

  it('checks a half turn by reading the widest lines both ways', () => {
    const wide = [line(0, 0, 300, 20), line(0, 40, 50, 20), line(0, 80, 20, 200)];
    expect(widestBoxes(wide, 2).map((b) => b.quad[0].y)).toEqual([0, 80]);
    const q = line(0, 0, 100, 20).quad;
    // Half a turn: the cut starts at the bottom-right corner and runs leftwards.
    expect(halfTurned(q)).toEqual([q[2], q[3], q[0], q[1]]);
    expect(readsBetterTurned([0.9, 0.8], [0.5, 0.6])).toBe(false);
    expect(readsBetterTurned([0.5, 0.6, 0], [0.9, 0.8, 0.7])).toBe(true);
    expect(readsBetterTurned([], [])).toBe(false);
  });

  it('turns the page back: upright cuts of upright lines mean the page lies a quarter clockwise', () => {
    expect(uprightRotation(false, false)).toBe(0);
    expect(uprightRotation(false, true)).toBe(180);
    expect(uprightRotation(true, false)).toBe(270);
    expect(uprightRotation(true, true)).toBe(90);
  });
});
