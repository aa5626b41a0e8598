import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionFold } from '../../js/state/fold.js';

let seq = 0;
const rec = (author, event) => ({ seq: ++seq, author, clientOpId: `${author}:${seq}`, event });
const add = (author, id, screen = 'main') => rec(author, { kind: 'strokeAdded', stroke: { id, points: [[0, 0], [10, 10]], color: '#000000', width: 2, screen } });
const ids = (state, screen) => state.liveStrokes(screen).map((s) => s.id);

test('strokes are live in drawing order; erase hides them', () => {
  seq = 0;
  const s = SessionFold.fold([add('a', 's1'), add('b', 's2'), rec('a', { kind: 'strokesErased', strokeIds: ['s1', 'nope'] })]);
  assert.deepEqual(ids(s), ['s2']);
  assert.equal(s.lastSeq, 3);
});

test("undo only reverts the author's own newest action, and reports others' overlaps", () => {
  seq = 0;
  const s = new SessionFold();
  s.apply(add('a', 's1'));
  s.apply(add('b', 's2'));
  s.apply(rec('b', { kind: 'labelCorrected', strokeIds: ['s1'], label: 'button' }));
  const outcome = s.apply(rec('a', { kind: 'undo' }));
  assert.deepEqual(outcome, { kind: 'undid', undoneSeq: 1, overlaps: [3] });
  assert.deepEqual(ids(s), ['s2']);
  assert.equal(s.corrections().length, 1, "b's correction stays active");
  assert.deepEqual(s.apply(rec('a', { kind: 'undo' })), { kind: 'nothingToUndo' });
});

test('undo n times then redo n times gives the same view; a new action clears redo', () => {
  seq = 0;
  const s = new SessionFold();
  for (const id of ['s1', 's2', 's3']) s.apply(add('a', id));
  s.apply(rec('a', { kind: 'strokesErased', strokeIds: ['s2'] }));
  const before = ids(s);
  for (let i = 0; i < 3; i++) s.apply(rec('a', { kind: 'undo' }));
  assert.deepEqual(ids(s), ['s1']);
  for (let i = 0; i < 3; i++) s.apply(rec('a', { kind: 'redo' }));
  assert.deepEqual(ids(s), before);
  s.apply(rec('a', { kind: 'undo' }));
  s.apply(add('a', 's4'));
  assert.deepEqual(s.redoStack('a'), []);
  assert.deepEqual(s.apply(rec('a', { kind: 'redo' })), { kind: 'nothingToUndo' });
});

test('a reused stroke id has no effect and is not undoable', () => {
  seq = 0;
  const s = new SessionFold();
  s.apply(add('a', 's1'));
  assert.equal(s.apply(add('b', 's1')).kind, 'noEffect');
  assert.deepEqual(s.undoStack('b'), []);
});

test('corrections apply in seq order and undo switches them off', () => {
  seq = 0;
  const s = new SessionFold();
  s.apply(add('a', 's1'));
  s.apply(rec('a', { kind: 'labelCorrected', strokeIds: ['s1'], label: 'button' }));
  s.apply(rec('a', { kind: 'textSet', strokeIds: ['s1'], text: 'Log in' }));
  s.apply(rec('a', { kind: 'strokesIgnored', strokeIds: ['s1'] }));
  assert.deepEqual(s.corrections().map((c) => c.kind), ['label', 'text', 'ignore']);
  assert.equal(s.corrections()[2].ignored, true);
  s.apply(rec('a', { kind: 'undo' }));
  assert.deepEqual(s.corrections().map((c) => c.kind), ['label', 'text']);
});

test('screens: main first, later writes win, undo restores, renames apply', () => {
  seq = 0;
  const s = new SessionFold();
  s.apply(rec('a', { kind: 'screenAdded', screen: { id: 'two', name: 'Two', width: 390, height: 844 } }));
  s.apply(rec('a', { kind: 'screenAdded', screen: { id: 'main', name: 'Main', width: 390, height: 1688 } }));
  s.apply(rec('b', { kind: 'screenRenamed', screenId: 'two', name: 'Settings' }));
  assert.deepEqual(s.screens().map((x) => [x.id, x.name, x.height]), [['main', 'Main', 1688], ['two', 'Settings', 844]]);
  s.apply(rec('a', { kind: 'undo' }));
  assert.deepEqual(s.screens().map((x) => [x.id, x.height]), [['main', 844], ['two', 844]]);
});

test('metadata registers: title, consent, theme; undo falls back to the previous write', () => {
  seq = 0;
  const s = new SessionFold();
  assert.equal(s.trainingConsent, false);
  assert.equal(s.theme.accent, '#007aff');
  s.apply(rec('a', { kind: 'metadataSet', title: 'Login' }));
  s.apply(rec('b', { kind: 'metadataSet', title: 'Sign in', trainingConsent: true }));
  assert.equal(s.sessionTitle, 'Sign in');
  assert.equal(s.trainingConsent, true);
  s.apply(rec('b', { kind: 'undo' }));
  assert.equal(s.sessionTitle, 'Login');
  assert.equal(s.trainingConsent, false);
});

test('clone is independent of the original', () => {
  seq = 0;
  const s = new SessionFold();
  s.apply(add('a', 's1'));
  s.apply(rec('a', { kind: 'metadataSet', title: 'T' }));
  const copy = s.clone();
  copy.apply(rec('a', { kind: 'undo' }));
  copy.apply(rec('a', { kind: 'undo' }));
  copy.apply(add('a', 's2'));
  assert.deepEqual(ids(s), ['s1']);
  assert.equal(s.sessionTitle, 'T');
  assert.deepEqual(s.undoStack('a'), [1, 2]);
  assert.deepEqual(ids(copy), ['s2']);
  assert.equal(copy.sessionTitle, undefined);
});

test('liveStrokes filters by screen', () => {
  seq = 0;
  const s = SessionFold.fold([add('a', 's1', 'main'), add('a', 's2', 'two')]);
  assert.deepEqual(ids(s, 'two'), ['s2']);
  assert.deepEqual(ids(s), ['s1', 's2']);
});

test('strokesMoved shifts the named strokes; undo and redo take the move back and forth', () => {
  seq = 0;
  const s = new SessionFold();
  s.apply(add('a', 's1'));
  s.apply(add('a', 's2'));
  const drawn = s.liveStroke('s1');
  assert.deepEqual(s.apply(rec('a', { kind: 'strokesMoved', strokeIds: ['s1', 'nope'], dx: 5, dy: -2.5 })), { kind: 'applied' });
  assert.deepEqual(s.liveStroke('s1').points, [[5, -2.5], [15, 7.5]]);
  assert.deepEqual(s.liveStroke('s2').points, [[0, 0], [10, 10]], 'other strokes stay');
  assert.deepEqual(drawn.points, [[0, 0], [10, 10]], 'the stroke as drawn is not mutated');
  s.apply(rec('b', { kind: 'strokesMoved', strokeIds: ['s1'], dx: 0, dy: 10 }));
  assert.deepEqual(s.apply(rec('a', { kind: 'undo' })), { kind: 'undid', undoneSeq: 3, overlaps: [4] });
  assert.deepEqual(s.liveStrokes().find((x) => x.id === 's1').points, [[0, 10], [10, 20]], "b's later move stays");
  s.apply(rec('a', { kind: 'redo' }));
  assert.deepEqual(s.liveStroke('s1').points, [[5, 7.5], [15, 17.5]]);
  const copy = s.clone();
  copy.apply(rec('b', { kind: 'undo' }));
  assert.deepEqual(copy.liveStroke('s1').points, [[5, -2.5], [15, 7.5]]);
  assert.deepEqual(s.liveStroke('s1').points, [[5, 7.5], [15, 17.5]], 'a clone moves independently');
});
