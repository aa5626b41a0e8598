import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ignoredStrokes } from '../../js/state/ignored.js';

test('the newest ignore correction naming a stroke decides', () => {
  const ignored = ignoredStrokes([
    { kind: 'ignore', ignored: true, strokeIds: ['a', 'b'] },
    { kind: 'label', label: 'button', strokeIds: ['c'] },
    { kind: 'ignore', ignored: false, strokeIds: ['b'] },
  ]);
  assert.deepEqual([...ignored.keys()], ['a']);
  assert.deepEqual(ignored.get('a'), ['a', 'b']);
});

test('an ignore after an un-ignore hides the stroke again', () => {
  const ignored = ignoredStrokes([
    { kind: 'ignore', ignored: false, strokeIds: ['a'] },
    { kind: 'ignore', strokeIds: ['a'] },
  ]);
  assert.ok(ignored.has('a'));
});
