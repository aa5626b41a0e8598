import assert from 'node:assert/strict';
import { test } from 'node:test';

import { SessionFold } from '../../js/state/fold.js';
import { stepOf, stepOpId, stepSize } from '../../js/state/undo-steps.js';

const stroke = (id) => ({ kind: 'strokeAdded', stroke: { id, points: [[0, 0, 0], [5, 5, 16]], color: '#000', width: 2, screen: 'main' } });

test('an op id carries its step, and a plain one none', () => {
  assert.equal(stepOpId('c-1', 7, null), 'c-1:7');
  assert.equal(stepOpId('c-1', 8, 5), 'c-1:8:step5');
  assert.equal(stepOf('c-1:8:step5'), '5');
  assert.equal(stepOf('c-1:7'), null);
  assert.equal(stepOf(undefined), null);
});

test('one press takes back a whole paste, then one stroke at a time', () => {
  const fold = new SessionFold();
  let seq = 0;
  const add = (opId, id) => fold.apply({ seq: ++seq, author: 'c-1', clientOpId: opId, event: stroke(id) });
  add('c-1:1', 'a');
  add('c-1:2', 'b');
  for (let i = 0; i < 30; i++) add(stepOpId('c-1', 10 + i, 9), `copy-${i}`);
  add(stepOpId('c-1', 50, 49), 'x'); // a later paste of one stroke
  const opIdOf = (s) => fold.opIdOf(s);
  assert.equal(stepSize(fold.undoStack('c-1'), opIdOf), 1, 'the one-stroke paste is its own step');
  fold.apply({ seq: ++seq, author: 'c-1', clientOpId: 'c-1:51', event: { kind: 'undo' } });
  assert.equal(stepSize(fold.undoStack('c-1'), opIdOf), 30, 'the 30-stroke paste is one step');
  for (let i = 0; i < 30; i++) fold.apply({ seq: ++seq, author: 'c-1', clientOpId: `c-1:${52 + i}`, event: { kind: 'undo' } });
  assert.deepEqual(fold.liveStrokes().map((s) => s.id), ['a', 'b']);
  assert.equal(stepSize(fold.undoStack('c-1'), opIdOf), 1, 'plain strokes go one at a time');
  assert.equal(stepSize(fold.redoStack('c-1'), opIdOf), 30, 'redo brings the paste back whole');
  assert.equal(stepSize([], opIdOf), 0);
});
