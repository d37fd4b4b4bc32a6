/**
 * Plane geometry for the text detector's post-processing: convex hull, minimum-area rectangle,
 * DB "unclip" of a rectangle, and corner ordering. Pure functions on plain numbers.
 */

export interface Point {
  x: number;
  y: number;
}

/** A rotated rectangle by its four corners: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

export interface RotatedRect {
  cx: number;
  cy: number;
  /** Side along `angle`. */
  width: number;
  /** Side across `angle`. */
  height: number;
  /** Direction of the `width` side, radians. */
  angle: number;
}

/** Element `i` of a list the caller knows is long enough. */
function at<T>(list: readonly T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new RangeError(`no element ${i}`);
  return v;
}

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** Convex hull (Andrew's monotone chain), counter-clockwise in y-up terms, no repeated point. */
export function convexHull(points: readonly Point[]): Point[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length <= 2) return pts;
  const lower: Point[] = [];
  for (const p of pts) {
    while (
      lower.length >= 2 &&
      cross(at(lower, lower.length - 2), at(lower, lower.length - 1), p) <= 0
    )
      lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = at(pts, i);
    while (
      upper.length >= 2 &&
      cross(at(upper, upper.length - 2), at(upper, upper.length - 1), p) <= 0
    )
      upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/**
 * Smallest-area rectangle enclosing the points (rotating calipers over the hull's edges).
 * Of equal areas the first found wins; a rectangle of width ≥ height is preferred by angle.
 */
export function minAreaRect(points: readonly Point[]): RotatedRect {
  const hull = convexHull(points);
  if (hull.length === 0) return { cx: 0, cy: 0, width: 0, height: 0, angle: 0 };
  const first = at(hull, 0);
  if (hull.length === 1) return { cx: first.x, cy: first.y, width: 0, height: 0, angle: 0 };
  let best: RotatedRect | null = null;
  let bestArea = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = at(hull, i);
    const b = at(hull, (i + 1) % hull.length);
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * ux + p.y * uy;
      const v = -p.x * uy + p.y * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const w = maxU - minU;
    const h = maxV - minV;
    const area = w * h;
    if (area < bestArea - 1e-9) {
      bestArea = area;
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = { cx: cu * ux - cv * uy, cy: cu * uy + cv * ux, width: w, height: h, angle: 0 };
      best.angle = Math.atan2(uy, ux);
    }
  }
  const r = best ?? { cx: first.x, cy: first.y, width: 0, height: 0, angle: 0 };
  return normaliseRect(r);
}

/** The same rectangle with its `width` side the one closest to horizontal. */
export function normaliseRect(r: RotatedRect): RotatedRect {
  // Fold the angle into (-π/2, π/2]; then, if the width side is steeper than 45°, swap sides.
  let { angle, width, height } = r;
  while (angle <= -Math.PI / 2) angle += Math.PI;
  while (angle > Math.PI / 2) angle -= Math.PI;
  if (angle > Math.PI / 4) {
    angle -= Math.PI / 2;
    [width, height] = [height, width];
  } else if (angle <= -Math.PI / 4) {
    angle += Math.PI / 2;
    [width, height] = [height, width];
  }
  return { cx: r.cx, cy: r.cy, width, height, angle };
}

/** Corners of a rectangle: top-left, top-right, bottom-right, bottom-left (y grows downwards). */
export function rectCorners(r: RotatedRect): Quad {
  const ux = Math.cos(r.angle);
  const uy = Math.sin(r.angle);
  const hw = r.width / 2;
  const hh = r.height / 2;
  // u runs along the width side (rightwards), v = u rotated +90° (downwards on screen).
  const at = (su: number, sv: number): Point => ({
    x: r.cx + su * hw * ux - sv * hh * uy,
    y: r.cy + su * hw * uy + sv * hh * ux,
  });
  return [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
}

/**
 * DB "unclip": grows a text kernel rectangle by `area × ratio / perimeter` on every side, which is
 * what offsetting the polygon with round joins and taking its minimum-area rectangle gives.
 */
export function unclipRect(r: RotatedRect, ratio: number): RotatedRect {
  const perimeter = 2 * (r.width + r.height);
  if (perimeter === 0) return r;
  const d = (r.width * r.height * ratio) / perimeter;
  return { ...r, width: r.width + 2 * d, height: r.height + 2 * d };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
