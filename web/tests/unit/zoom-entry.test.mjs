import { test } from 'node:test';
import assert from 'node:assert/strict';
import { zoomEntry } from '../../js/ui/zoom-entry.js';

const FIXED = ['fit', '0.5', '0.75', '1'];

test('Fit and the fixed zooms are their own entries', () => {
  assert.deepEqual(zoomEntry('fit', FIXED), { value: 'fit', custom: false });
  assert.deepEqual(zoomEntry(0.75, FIXED), { value: '0.75', custom: false });
});

test('a zoom that rounds to a fixed percent is shown by that entry, not a second one', () => {
  assert.deepEqual(zoomEntry(0.7504, FIXED), { value: '0.75', custom: false });
  assert.deepEqual(zoomEntry(0.996, FIXED), { value: '1', custom: false });
});

test('any other zoom is the custom entry, labelled with its percent', () => {
  assert.deepEqual(zoomEntry(0.7632, FIXED), { value: '0.7632', custom: true, label: '76%' });
  assert.deepEqual(zoomEntry(1.25, FIXED), { value: '1.25', custom: true, label: '125%' });
});
