import { test } from 'node:test';
import assert from 'node:assert/strict';
import { smoothStroke, widthAt, strokeHit, strokeInLasso, pointInPolygon, strokesBounds, Streamline } from '../../js/ink/smoothing.js';

test('smoothing keeps the first and last point and pulls the middle towards the path', () => {
  const raw = [[0, 0], [10, 10], [20, 0], [30, 10]];
  const out = smoothStroke(raw);
  assert.deepEqual(out[0], [0, 0]);
  assert.deepEqual(out[3], [30, 10]);
  assert.ok(out[1][1] < 10 && out[1][1] > 0);
  assert.deepEqual(smoothStroke([[1, 2]]), [[1, 2]]);
});

test('streamline fed point by point equals smoothing the whole stroke (except the pen-up point)', () => {
  const raw = [[0, 0, 0, 0.5], [4, 8, 5, 0.6], [9, 3, 10, 0.7], [15, 9, 15, 0.2], [20, 0, 20, 0.1]];
  const line = new Streamline();
  const live = raw.map((p) => line.push(p));
  assert.deepEqual(live.slice(0, -1), smoothStroke(raw).slice(0, -1));
  assert.equal(live[2][3], 0.7, 'time and pressure pass through');
});

test('pressure scales the width; no pressure keeps the nominal width', () => {
  assert.equal(widthAt([0, 0, 0], 2), 2);
  assert.equal(widthAt([0, 0, 0, 0], 2), 0.8);
  assert.ok(Math.abs(widthAt([0, 0, 0, 1], 2) - 2.6) < 1e-9);
});

test('the eraser hits strokes within its radius plus half the line width', () => {
  const stroke = { points: [[0, 0], [100, 0]], width: 4 };
  assert.equal(strokeHit(stroke, 50, 11, 10), true);
  assert.equal(strokeHit(stroke, 50, 13, 10), false);
  assert.equal(strokeHit(stroke, 110, 0, 10), true);
  assert.equal(strokeHit({ points: [[5, 5]], width: 2 }, 5, 15, 10), true);
});

test('lasso: points inside the polygon, strokes mostly inside', () => {
  const square = [[0, 0], [100, 0], [100, 100], [0, 100]];
  assert.equal(pointInPolygon(50, 50, square), true);
  assert.equal(pointInPolygon(150, 50, square), false);
  assert.equal(strokeInLasso({ points: [[10, 10], [20, 20], [30, 30], [200, 200]] }, square), true);
  assert.equal(strokeInLasso({ points: [[10, 10], [200, 200], [300, 300]] }, square), false);
  assert.equal(strokeInLasso({ points: [[10, 10]] }, [[0, 0], [1, 1]]), false);
});

test('bounds of several strokes', () => {
  assert.deepEqual(strokesBounds([{ points: [[5, 7], [9, 1]] }, { points: [[-1, 4]] }]), { x: -1, y: 1, width: 10, height: 6 });
  assert.equal(strokesBounds([]), null);
});
