// Element badges (type and confidence, over each element's box with the select tool) pile up
// where elements are dense: a badge that would overlap one shown before it, in reading order,
// is left out until the zoom gives it room. Pure: no DOM, runs under node for the unit tests.

/** A badge's size: 11 px text (app.css, `.box-tag`), at most this wide a character. */
const CHAR_WIDTH = 7;
const PADDING_X = 8;
const HEIGHT = 16;
/** Where a badge sits over its box's top-left corner. */
const RISE = 16;

/** The badge's rectangle (element layer pixels) over an element `frame` (canvas points). */
export function badgeRect(frame, scale, label) {
  return { x: frame.x * scale, y: frame.y * scale - RISE, width: label.length * CHAR_WIDTH + PADDING_X, height: HEIGHT };
}

const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The indices of the badges to leave out: each overlaps a badge above it, or left of it on its row. */
export function crowdedBadges(rects) {
  const order = rects.map((_, i) => i).sort((a, b) => rects[a].y - rects[b].y || rects[a].x - rects[b].x);
  const shown = [];
  const crowded = new Set();
  for (const i of order) {
    if (shown.some((r) => overlap(r, rects[i]))) crowded.add(i);
    else shown.push(rects[i]);
  }
  return crowded;
}
