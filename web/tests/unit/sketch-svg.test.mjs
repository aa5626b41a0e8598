import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sketchSvg } from '../../js/export/sketch-svg.js';

const screens = [{ id: 'main', name: 'Main <1>', width: 390, height: 844 }, { id: 's2', name: 'Two', width: 390, height: 1266 }];
const strokes = {
  main: [{ points: [[10, 10, 0], [50, 20, 16], [90, 10, 32]], color: '#cf222e', width: 4 }],
  s2: [{ points: [[5, 5, 0]], color: 'url(javascript:x)', width: 2 }],
};

test('every screen side by side, every stroke a path in its colour and width', () => {
  const { svg, width, height } = sketchSvg(screens, (id) => strokes[id]);
  assert.equal(width, 390 * 2 + 40);
  assert.equal(height, 1266);
  assert.equal((svg.match(/<path /g) ?? []).length, 2);
  assert.match(svg, /stroke="#cf222e" stroke-width="4"/);
  assert.match(svg, /translate\(430 0\)/);
  assert.match(svg, /<title>Main &#60;1&#62;<\/title>/, 'names are escaped');
  assert.doesNotMatch(svg, /javascript/, 'only hex colours get through');
});

test('an empty session is a valid blank picture', () => {
  const { svg } = sketchSvg([{ id: 'main', name: 'Main', width: 390, height: 844 }], () => []);
  assert.match(svg, /^<svg [^>]*width="390" height="844"/);
});
