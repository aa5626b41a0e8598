import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freeOffset, COPY_GAP } from '../../js/state/placement.js';
import { strokesBounds } from '../../js/ink/smoothing.js';

const stroke = (id, points) => ({ id, points, color: '#000000', width: 2, screen: 'main' });
const box = (id, x, y, w, h) => stroke(id, [[x, y], [x + w, y], [x + w, y + h], [x, y + h], [x, y]]);
const screen = { width: 390, height: 844 };
const clear = (a, b) => a.x + a.width + COPY_GAP <= b.x || b.x + b.width + COPY_GAP <= a.x
  || a.y + a.height + COPY_GAP <= b.y || b.y + b.height + COPY_GAP <= a.y;
const moved = (s, { dx, dy }) => stroke(s.id, s.points.map(([x, y]) => [x + dx, y + dy]));

test('a copy goes just below its original when that is free', () => {
  const button = box('b', 40, 300, 310, 52);
  assert.deepEqual(freeOffset([button], [button], screen), { dx: 0, dy: 52 + COPY_GAP });
});

test('a copy avoids everything drawn, inside the screen, as near as it can', () => {
  const form = [box('t', 120, 140, 150, 20), box('e', 40, 260, 310, 48), box('p', 40, 330, 310, 48), box('b', 40, 420, 310, 52)];
  const offset = freeOffset([form[1]], form, screen);
  const copy = strokesBounds([moved(form[1], offset)]);
  for (const other of form) assert.ok(clear(copy, strokesBounds([other])), `the copy ${JSON.stringify(copy)} touches ${other.id}`);
  assert.ok(copy.x >= 0 && copy.y >= 0 && copy.x + copy.width <= 390 && copy.y + copy.height <= 844);
  assert.deepEqual(offset, { dx: 0, dy: -48 - COPY_GAP }, 'the free room just above it, under the title');
  const button = freeOffset([form[3]], form, screen);
  assert.deepEqual(button, { dx: 0, dy: 52 + COPY_GAP }, 'below the last one');
});

test('a full screen has no free space', () => {
  const full = box('f', 0, 0, 390, 844);
  assert.equal(freeOffset([box('s', 10, 10, 50, 50)], [full], screen), null);
});
