import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clampZoom, stepZoom, wheelFactor, MIN_ZOOM, MAX_ZOOM } from '../../js/canvas/navigation.js';

test('zoom stays within its range', () => {
  assert.equal(clampZoom(0), MIN_ZOOM);
  assert.equal(clampZoom(100), MAX_ZOOM);
  assert.equal(clampZoom(0.8), 0.8);
});

test('a step in and a step out come back to the same zoom', () => {
  assert.ok(stepZoom(1, 1) > 1);
  assert.ok(stepZoom(1, -1) < 1);
  assert.ok(Math.abs(stepZoom(stepZoom(1, 1), -1) - 1) < 1e-9);
  assert.equal(stepZoom(MAX_ZOOM, 1), MAX_ZOOM);
});

test('wheel up zooms in, wheel down zooms out, by lines or pixels alike', () => {
  assert.ok(wheelFactor(-100, 0) > 1);
  assert.ok(wheelFactor(100, 0) < 1);
  assert.equal(wheelFactor(3, 1), wheelFactor(48, 0));
  assert.equal(wheelFactor(0, 0), 1);
  assert.equal(wheelFactor(-10_000, 0), wheelFactor(-100, 0), 'one event zooms at most one step');
  assert.ok(Math.abs(wheelFactor(-100, 0) - 1.25) < 1e-9, 'a wheel notch zooms 1.25x');
  assert.ok(Math.abs(wheelFactor(-8, 0) - wheelFactor(-4, 0) ** 2) < 1e-9, 'trackpad deltas zoom in proportion');
});
