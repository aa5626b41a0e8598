// The legend's "write words or draw squiggles" examples (NOTATION.md, "Writing or squiggles"):
// printed words set from a small hand-drawn stroke alphabet, in the legend's 120 x 80 boxes.

import { rect, squiggle } from './examples.js';

// Each letter: its width and its strokes, in units of the capital height (y down, baseline at 1;
// lower-case letters rise to 0.4, descenders fall to 1.37).
const LETTERS = {
  S: [0.6, [[[0.55, 0.12], [0.4, 0], [0.15, 0.02], [0.05, 0.2], [0.15, 0.4], [0.45, 0.55], [0.58, 0.75], [0.5, 0.95], [0.25, 1], [0.02, 0.88]]]],
  E: [0.5, [[[0.5, 0], [0, 0], [0, 1], [0.5, 1]], [[0, 0.5], [0.4, 0.5]]]],
  N: [0.55, [[[0, 1], [0, 0], [0.55, 1], [0.55, 0]]]],
  a: [0.44, [[[0.42, 0.5], [0.3, 0.41], [0.12, 0.45], [0.02, 0.65], [0.05, 0.9], [0.2, 1], [0.35, 0.95], [0.42, 0.8]], [[0.43, 0.42], [0.44, 1]]]],
  e: [0.42, [[[0.02, 0.7], [0.42, 0.7], [0.4, 0.5], [0.25, 0.41], [0.08, 0.47], [0, 0.7], [0.08, 0.92], [0.25, 1], [0.42, 0.92]]]],
  g: [0.43, [[[0.42, 0.5], [0.3, 0.41], [0.12, 0.45], [0.02, 0.6], [0.08, 0.78], [0.25, 0.82], [0.42, 0.7]],
    [[0.43, 0.42], [0.43, 1.2], [0.35, 1.35], [0.15, 1.37], [0.03, 1.28]]]],
  i: [0.1, [[[0.05, 0.42], [0.05, 1]], [[0.05, 0.18], [0.06, 0.21]]]],
  l: [0.1, [[[0.05, 0], [0.05, 1]]]],
  m: [0.64, [[[0, 0.4], [0, 1], [0, 0.55], [0.1, 0.42], [0.25, 0.43], [0.32, 0.55], [0.32, 1], [0.32, 0.55], [0.42, 0.42], [0.57, 0.43], [0.64, 0.55], [0.64, 1]]]],
  n: [0.45, [[[0, 0.4], [0, 1], [0, 0.58], [0.12, 0.43], [0.32, 0.41], [0.44, 0.52], [0.45, 1]]]],
  s: [0.4, [[[0.38, 0.47], [0.25, 0.41], [0.08, 0.44], [0.04, 0.57], [0.2, 0.68], [0.38, 0.78], [0.4, 0.92], [0.25, 1], [0.02, 0.95]]]],
  t: [0.35, [[[0.15, 0.1], [0.15, 0.9], [0.22, 1], [0.35, 0.97]], [[0, 0.42], [0.35, 0.42]]]],
  x: [0.42, [[[0, 0.4], [0.42, 1]], [[0.42, 0.4], [0, 1]]]],
};
const LETTER_GAP = 0.15;
const WORD_GAP = 0.4;

/** The polyline with three more points on each of its segments. */
function densified(line) {
  return line.flatMap(([u, v], i) => {
    if (i === 0) return [[u, v]];
    const [pu, pv] = line[i - 1];
    return [1, 2, 3, 4].map((j) => [pu + ((u - pu) * j) / 4, pv + ((v - pv) * j) / 4]);
  });
}

/** Pen strokes writing `text` with its top left at (x, y), capitals `cap` tall. */
export function written(text, x, y, cap) {
  const strokes = [];
  let left = x;
  for (const character of text) {
    if (character === ' ') { left += WORD_GAP * cap; continue; }
    const [width, lines] = LETTERS[character];
    for (const [k, line] of lines.entries()) {
      // Dense points keep the corners (the ink is drawn as curves through midpoints), with a
      // little unsteadiness, the same every time.
      const points = densified(line).map(([u, v], i) => [left + u * cap + Math.sin(i * 2.1 + k) * 0.2, y + v * cap + Math.cos(i * 1.7 + k) * 0.2]);
      strokes.push({ points, width: 1.4 });
    }
    left += (width + LETTER_GAP) * cap;
  }
  return strokes;
}

/** The writing examples: what is drawn, how to say it and what it becomes. */
export const WRITING_EXAMPLES = [
  { name: 'words', strokes: written('Settings', 22, 28, 18), how: 'Printed letters on one line', becomes: 'Text("Settings")' },
  { name: 'button title', strokes: [{ points: rect(20, 16, 80, 46), width: 1.6 }, ...written('Next', 40, 29, 18)],
    how: 'A word in a box is a button titled with it', becomes: 'Button("Next")' },
  { name: 'placeholder', strokes: [{ points: rect(6, 26, 108, 30), width: 1.6 }, ...written('Email', 12, 33, 12)],
    how: '“Email” at the left of a wide box is its placeholder', becomes: 'TextField("Email")' },
  { name: 'squiggle', strokes: [{ points: squiggle(14, 36, 92), width: 1.6 }, { points: squiggle(14, 52, 60), width: 1.6 }],
    how: 'Squiggles where the words do not matter yet', becomes: 'Text with placeholder words' },
];
