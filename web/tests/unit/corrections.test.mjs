import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyPendingCorrections, flatten } from '../../js/preview/corrections.js';

const el = (id, type, strokeIds, children = []) => ({ id, type, strokeIds, frame: { x: 0, y: 0, width: 10, height: 10 }, confidence: 0.7, text: null, children, corrected: false });
const strokes = { a: { id: 'a', points: [[10, 10], [50, 30]] }, b: { id: 'b', points: [[60, 60]] } };
const lookup = (id) => strokes[id];

test('a newer relabel changes the matching element at once; older ones are already in the result', () => {
  const elements = [el('e1', 'label', ['a']), el('e2', 'button', ['b'])];
  const out = applyPendingCorrections(elements, [
    { seq: 3, kind: 'label', strokeIds: ['b'], label: 'toggle' },
    { seq: 9, kind: 'label', strokeIds: ['a'], label: 'image' },
  ], 5, lookup);
  assert.equal(out[0].type, 'image');
  assert.equal(out[0].corrected, true);
  assert.equal(out[1].type, 'button', 'seq 3 is older than the result: the recognizer already saw it');
  assert.equal(elements[0].type, 'label', 'the input is not changed');
});

test('relabelling strokes no element is made of creates one over their bounds', () => {
  const out = applyPendingCorrections([el('e1', 'label', ['a']), el('e2', 'label', ['b'])],
    [{ seq: 9, kind: 'label', strokeIds: ['a', 'b'], label: 'container' }], 5, lookup);
  assert.deepEqual(out.map((e) => e.type), ['container']);
  assert.deepEqual(out[0].frame, { x: 10, y: 10, width: 50, height: 50 });
});

test('text is set on the matching element, also inside a parent', () => {
  const out = applyPendingCorrections([el('bar', 'navigationBar', ['a', 'b'], [el('t', 'label', ['b'])])],
    [{ seq: 9, kind: 'text', strokeIds: ['b'], text: 'Settings' }], 5, lookup);
  assert.equal(flatten(out).find((e) => e.id === 't').text, 'Settings');
});

test('ignore hides elements made only of the ignored strokes; un-ignore does nothing until recognised', () => {
  const elements = [el('e1', 'label', ['a']), el('e2', 'button', ['a', 'b'])];
  const hidden = applyPendingCorrections(elements, [{ seq: 9, kind: 'ignore', strokeIds: ['a'], ignored: true }], 5, lookup);
  assert.deepEqual(hidden.map((e) => e.id), ['e2']);
  const back = applyPendingCorrections(elements, [{ seq: 9, kind: 'ignore', strokeIds: ['a'], ignored: false }], 5, lookup);
  assert.equal(back.length, 2);
});

test('merge and split wait for the recognizer', () => {
  const elements = [el('e1', 'label', ['a']), el('e2', 'button', ['b'])];
  const out = applyPendingCorrections(elements, [{ seq: 9, kind: 'merge', strokeIds: ['a', 'b'] }, { seq: 10, kind: 'split', strokeIds: ['a'] }], 5, lookup);
  assert.deepEqual(out.map((e) => e.type), ['label', 'button']);
});

test('a typed text replaces a read one: its textConfidence goes, so it is no longer a guess', () => {
  const read = { ...el('t', 'label', ['a']), text: 'Nxt', textConfidence: 0.4 };
  const out = applyPendingCorrections([read], [{ seq: 9, kind: 'text', strokeIds: ['a'], text: 'Nxt' }], 5, lookup);
  assert.equal(out[0].text, 'Nxt');
  assert.equal('textConfidence' in out[0], false);
  assert.equal(read.textConfidence, 0.4, 'the input is not changed');
});
