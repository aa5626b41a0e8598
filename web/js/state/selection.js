// Selection geometry and the ops it turns into: strokes inside a marquee, the move of a drag or
// a nudge, and copies with new ids for paste and duplicate. The selection itself (which stroke
// ids) lives in the SessionStore; it is local UI state and never sent.
// Pure: no DOM, runs under node for the unit tests.

import { strokesBounds } from '../ink/smoothing.js';

/** The 1/8-point grid the log keeps points and moves on. */
export const onGrid = (v) => Math.round(v * 8) / 8;

/** How far a pasted or duplicated copy lands from its original when its screen has no free space, in canvas points. */
export const COPY_OFFSET = 16;

/** A rectangle {x, y, width, height} from two corners in any order. */
export function rectFrom([x1, y1], [x2, y2]) {
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

/** The ids of the strokes lying wholly inside `rect` (the marquee's rule, as in most editors). */
export function strokesInRect(strokes, rect) {
  return strokes.filter((stroke) => {
    const b = strokesBounds([stroke]);
    return b && b.x >= rect.x && b.y >= rect.y && b.x + b.width <= rect.x + rect.width && b.y + b.height <= rect.y + rect.height;
  }).map((stroke) => stroke.id);
}

/** The `strokesMoved` event for a drag or nudge, on the grid; null when it moves nothing. */
export function moveEvent(strokeIds, dx, dy) {
  const [gx, gy] = [onGrid(dx), onGrid(dy)];
  if (strokeIds.length === 0 || (gx === 0 && gy === 0)) return null;
  return { kind: 'strokesMoved', strokeIds: [...strokeIds], dx: gx, dy: gy };
}

/** The stroke shifted by (dx, dy), with `id` (the same stroke id for a move preview). */
export function shiftedStroke(stroke, dx, dy, id = stroke.id) {
  return { ...stroke, id, points: stroke.points.map(([x, y, ...rest]) => [onGrid(x + dx), onGrid(y + dy), ...rest]) };
}

/**
 * `strokeAdded` events for copies of `strokes` moved by (dx, dy), each with an id from
 * `newId()`: what paste and duplicate perform.
 */
export function copyEvents(strokes, dx, dy, newId) {
  return strokes.map((stroke) => ({ kind: 'strokeAdded', stroke: shiftedStroke(stroke, dx, dy, newId()) }));
}
