import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rectFrom, strokesInRect, moveEvent, shiftedStroke, copyEvents, COPY_OFFSET } from '../../js/state/selection.js';
import { SessionStore } from '../../js/state/session-store.js';
import { OpQueue, MemoryQueueStorage } from '../../js/state/op-queue.js';

const stroke = (id, points) => ({ id, points, color: '#000000', width: 2, screen: 'main' });

test('the marquee takes the strokes wholly inside it, whichever way it was drawn', () => {
  const strokes = [stroke('in', [[10, 10], [20, 20]]), stroke('across', [[15, 15], [80, 15]]), stroke('out', [[90, 90]])];
  assert.deepEqual(strokesInRect(strokes, rectFrom([50, 50], [5, 5])), ['in']);
  assert.deepEqual(strokesInRect(strokes, rectFrom([0, 0], [100, 100])), ['in', 'across', 'out']);
  assert.deepEqual(strokesInRect(strokes, rectFrom([0, 0], [1, 1])), []);
});

test('a move is on the 1/8 grid and a move of nothing is no op', () => {
  assert.deepEqual(moveEvent(['a', 'b'], 10.3, -0.06), { kind: 'strokesMoved', strokeIds: ['a', 'b'], dx: 10.25, dy: -0 });
  assert.equal(moveEvent(['a'], 0.04, -0.05), null);
  assert.equal(moveEvent([], 10, 10), null);
});

test('copies get new ids, land offset, and keep time, pressure, colour and screen', () => {
  const original = { ...stroke('s1', [[1, 2, 30, 0.5], [3.1, 4, 46]]), color: '#1f6feb', screen: 'two' };
  let n = 0;
  const [added] = copyEvents([original], COPY_OFFSET, COPY_OFFSET, () => `c:${++n}`);
  assert.equal(added.kind, 'strokeAdded');
  assert.deepEqual(added.stroke, { ...original, id: 'c:1', points: [[17, 18, 30, 0.5], [19.125, 20, 46]] });
  assert.deepEqual(original.points[0], [1, 2, 30, 0.5], 'the original is untouched');
  assert.deepEqual(shiftedStroke(original, -1, 0).points[1], [2.125, 4, 46]);
});

test('the selection lives in the store: select, add, clear; only live strokes count; listeners hear it', async () => {
  const queue = new OpQueue(new MemoryQueueStorage(), 's');
  await queue.load();
  const store = new SessionStore('me', queue);
  store.ingest([1, 2, 3].map((seq) => ({ seq, author: 'me', clientOpId: `x:${seq}`, event: { kind: 'strokeAdded', stroke: stroke(`s${seq}`, [[seq, seq]]) } })));
  let heard = 0;
  store.onChange(() => { heard += 1; });
  store.select(['s1']);
  store.select(['s2'], true);
  assert.deepEqual([...store.selection], ['s1', 's2']);
  store.select(['s3']);
  assert.deepEqual([...store.selection], ['s3']);
  store.ingest([{ seq: 4, author: 'peer', clientOpId: 'p:1', event: { kind: 'strokesErased', strokeIds: ['s3'] } }]);
  assert.deepEqual(store.selectedStrokes(), [], 'an erased stroke is no longer selected');
  store.clearSelection();
  assert.equal(store.selection.size, 0);
  assert.ok(heard >= 4);
});
