// Where a pasted or duplicated copy goes: the free space nearest to the original on its screen,
// so the copy does not land on what is drawn there (which would then be recognised differently).
// Pure: no DOM, runs under node for the unit tests.

import { strokesBounds } from '../ink/smoothing.js';
import { onGrid } from './selection.js';

/** The clear margin kept around a copy, in canvas points. */
export const COPY_GAP = 16;
/** The step of the search for free space, in canvas points. */
const SCAN_STEP = 8;

const overlaps = (a, b, gap) => a.x < b.x + b.width + gap && b.x < a.x + a.width + gap
  && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;

/**
 * The offset {dx, dy} (on the 1/8 grid) that puts a copy of `strokes` in free space on
 * `screen` ({width, height}): inside the screen, at least COPY_GAP points from every one of
 * `others` (the strokes drawn there), as near the original as possible, preferring below and
 * then to the right. Null when the screen has no such room.
 */
export function freeOffset(strokes, others, screen) {
  const box = strokesBounds(strokes);
  if (!box) return null;
  const obstacles = others.map((s) => strokesBounds([s])).filter(Boolean);
  const fits = (x, y) => x >= 0 && y >= 0 && x + box.width <= screen.width && y + box.height <= screen.height
    && !obstacles.some((o) => overlaps({ x, y, width: box.width, height: box.height }, o, COPY_GAP));
  // The four neighbours first: a copy beside its original is where people look for it.
  const beside = [[0, box.height + COPY_GAP], [box.width + COPY_GAP, 0], [0, -box.height - COPY_GAP], [-box.width - COPY_GAP, 0]];
  for (const [dx, dy] of beside) if (fits(box.x + dx, box.y + dy)) return { dx: onGrid(dx), dy: onGrid(dy) };
  let best = null;
  for (let y = 0; y + box.height <= screen.height; y += SCAN_STEP) {
    for (let x = 0; x + box.width <= screen.width; x += SCAN_STEP) {
      const distance = Math.hypot(x - box.x, y - box.y);
      if ((!best || distance < best.distance) && fits(x, y)) best = { dx: x - box.x, dy: y - box.y, distance };
    }
  }
  return best && { dx: onGrid(best.dx), dy: onGrid(best.dy) };
}
