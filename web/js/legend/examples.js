// A small hand-drawn example of every NOTATION type, as strokes in a 120 x 80 box, for the
// "what can I draw" legend. Deterministic wobble makes them look drawn, not typeset.

const wobble = (i, amount = 0.8) => Math.sin(i * 2.3) * amount;

function line(x1, y1, x2, y2, steps = 8) {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    return [x1 + (x2 - x1) * t + wobble(i, 0.5), y1 + (y2 - y1) * t + wobble(i + 3, 0.5)];
  });
}

export function rect(x, y, w, h, r = 0) {
  if (r === 0) return [[x, y], ...line(x, y, x + w, y).slice(1), ...line(x + w, y, x + w, y + h).slice(1), ...line(x + w, y + h, x, y + h).slice(1), ...line(x, y + h, x, y).slice(1)];
  return ellipse(x + w / 2, y + h / 2, w / 2, h / 2, 48, r);
}

function ellipse(cx, cy, rx, ry, steps = 28, squareness = 0) {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = (i / steps) * Math.PI * 2;
    const c = Math.cos(a), s = Math.sin(a);
    const k = squareness ? 1 / Math.max(Math.abs(c), Math.abs(s)) ** 0.7 : 1;
    return [cx + rx * Math.sign(c) * Math.min(1, Math.abs(c) * k), cy + ry * Math.sign(s) * Math.min(1, Math.abs(s) * k)];
  });
}

export function squiggle(x, y, w, amplitude = 3) {
  const steps = Math.max(6, Math.round(w / 3));
  return Array.from({ length: steps + 1 }, (_, i) => [x + (w * i) / steps, y + Math.sin(i * 1.3) * amplitude]);
}

const S = (points, width = 1.6) => ({ points, width });

export const EXAMPLES = {
  label: [S(squiggle(14, 30, 92)), S(squiggle(14, 48, 70))],
  button: [S(rect(12, 22, 96, 36, 1)), S(squiggle(38, 40, 44))],
  image: [S(rect(20, 8, 80, 64)), S(line(20, 8, 100, 72)), S(line(100, 8, 20, 72))],
  textField: [S(rect(8, 26, 104, 28)), S(squiggle(14, 40, 22, 2))],
  toggle: [S(rect(34, 24, 52, 30, 1)), S(ellipse(72, 39, 11, 11))],
  checkbox: [S(rect(44, 24, 30, 30)), S([[50, 40], [57, 48], [70, 28]])],
  slider: [S(line(10, 40, 110, 40)), S(ellipse(52, 40, 7, 7))],
  picker: [S(rect(10, 24, 100, 32)), S([[88, 34], [95, 45], [102, 34]])],
  segmentedControl: [S(rect(6, 26, 108, 28)), S(line(42, 26, 42, 54, 4)), S(line(78, 26, 78, 54, 4)), S(squiggle(14, 40, 20, 2))],
  icon: [S(ellipse(54, 36, 14, 14)), S(line(64, 46, 76, 58, 4))],
  avatar: [S(ellipse(60, 40, 30, 30)), S(ellipse(60, 32, 9, 9)), S([[44, 62], [48, 50], [60, 46], [72, 50], [76, 62]])],
  navigationBar: [S(line(4, 24, 116, 24)), S([[16, 8], [10, 14], [16, 20]]), S(squiggle(44, 14, 32, 2)), S(ellipse(104, 14, 4, 4))],
  tabBar: [S(line(4, 52, 116, 52)), S(ellipse(22, 66, 6, 6)), S(ellipse(60, 66, 6, 6)), S(ellipse(98, 66, 6, 6))],
  list: [S(squiggle(12, 16, 80, 2)), S(line(8, 28, 112, 28)), S(squiggle(12, 40, 70, 2)), S(line(8, 52, 112, 52)), S(squiggle(12, 64, 86, 2))],
  divider: [S(line(8, 40, 112, 40))],
  container: [S(rect(6, 6, 108, 68)), S(rect(16, 16, 28, 24)), S(squiggle(52, 22, 50, 2)), S(squiggle(52, 34, 36, 2)), S(rect(16, 48, 88, 16))],
  pageControl: [S(ellipse(46, 40, 3, 3, 10)), S(ellipse(60, 40, 3, 3, 10)), S(ellipse(74, 40, 3, 3, 10))],
};

/** How people draw each type and what it becomes (NOTATION.md). */
export const DESCRIPTIONS = {
  label: ['Wavy lines or handwriting', 'Text'],
  button: ['A (rounded) box with a squiggle or icon inside', 'Button'],
  image: ['A box with an X across it', 'Image'],
  textField: ['A wide empty box, maybe a short squiggle at the left', 'TextField'],
  toggle: ['A pill with a circle at one end', 'Toggle'],
  checkbox: ['A small square with a tick', 'checkbox Toggle'],
  slider: ['A line with a knob on it', 'Slider'],
  picker: ['A box with a ▼ or chevron at its right', 'Picker (menu)'],
  segmentedControl: ['A wide box divided by vertical lines', 'segmented Picker'],
  icon: ['A small pictogram: arrow, menu, plus, loupe, gear, star…', 'Image(systemName:)'],
  avatar: ['A circle with a head and shoulders', 'profile image'],
  navigationBar: ['A full-width band at the very top', 'NavigationStack + title'],
  tabBar: ['A full-width band at the bottom with 2+ icons', 'TabView'],
  list: ['3+ similar rows, or rows between lines', 'List'],
  divider: ['A lone horizontal line', 'Divider'],
  container: ['A box holding other elements (a card)', 'stack with background'],
  pageControl: ['A row of 3+ small dots', 'page indicator'],
};
