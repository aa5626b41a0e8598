// How ink looks: smoothing of sampled points and pressure to width. Pure; the same for own,
// peers' and replayed strokes, so everyone sees the same line.
// Points are arrays [x, y, t?, pressure?] as on the wire.

/** How strongly new samples are pulled towards the previous smoothed point (0 = raw). */
export const STREAMLINE = 0.35;

/** A streamline filter that can be fed one point at a time (live ink) or a whole stroke. */
export class Streamline {
  constructor(strength = STREAMLINE) {
    this.strength = strength;
    this.last = null;
  }

  /** Returns the smoothed copy of `point`. */
  push(point) {
    if (!this.last) {
      this.last = point;
      return point;
    }
    const k = 1 - this.strength;
    const [x, y, ...rest] = point;
    const smoothed = [this.last[0] + (x - this.last[0]) * k, this.last[1] + (y - this.last[1]) * k, ...rest];
    this.last = smoothed;
    return smoothed;
  }
}

/** Smooths a whole stroke; the last point stays where the pen lifted. */
export function smoothStroke(points, strength = STREAMLINE) {
  if (points.length < 3) return points;
  const line = new Streamline(strength);
  const out = points.map((p) => line.push(p));
  out[out.length - 1] = points[points.length - 1];
  return out;
}

/** The line width at a point: pressure (0...1) scales the nominal width between 40% and 130%. */
export function widthAt(point, nominalWidth) {
  const pressure = point[3];
  if (pressure === undefined || pressure === null) return nominalWidth;
  return nominalWidth * (0.4 + 0.9 * Math.min(1, Math.max(0, pressure)));
}

/** Distance from point (px, py) to the segment a-b. */
export function distanceToSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax, dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Whether a stroke passes within `radius` of (x, y): the eraser's hit test. */
export function strokeHit(stroke, x, y, radius) {
  const pts = stroke.points;
  const reach = radius + (stroke.width ?? 2) / 2;
  if (pts.length === 1) return Math.hypot(pts[0][0] - x, pts[0][1] - y) <= reach;
  for (let i = 1; i < pts.length; i++) {
    if (distanceToSegment(x, y, pts[i - 1][0], pts[i - 1][1], pts[i][0], pts[i][1]) <= reach) return true;
  }
  return false;
}

/** Whether (x, y) lies inside the polygon (even-odd rule): the lasso's hit test. */
export function pointInPolygon(x, y, polygon) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i], [xj, yj] = polygon[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether most (at least 60%) of a stroke's points lie inside the lasso polygon. */
export function strokeInLasso(stroke, polygon) {
  if (polygon.length < 3) return false;
  const inside = stroke.points.filter(([x, y]) => pointInPolygon(x, y, polygon)).length;
  return inside >= stroke.points.length * 0.6;
}

/** Bounding box {x, y, width, height} of some strokes' points, or null for none. */
export function strokesBounds(strokes) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const stroke of strokes) {
    for (const [x, y] of stroke.points) {
      minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
    }
  }
  return minX === Infinity ? null : { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}
