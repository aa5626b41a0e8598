import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionStore } from '../../js/state/session-store.js';
import { OpQueue, MemoryQueueStorage } from '../../js/state/op-queue.js';

const strokeEvent = (id) => ({ kind: 'strokeAdded', stroke: { id, points: [[1, 1]], color: '#000000', width: 2, screen: 'main' } });
const record = (seq, author, clientOpId, event) => ({ seq, author, clientOpId, serverTime: 0, event });

test('queued ops show at once and are settled by their stored records', () => {
  const store = new SessionStore('me', new OpQueue(new MemoryQueueStorage(), 's'));
  store.perform('me:1', 1, strokeEvent('me:s1'));
  assert.deepEqual(store.view().liveStrokes().map((s) => s.id), ['me:s1']);
  store.ingest([record(1, 'peer', 'peer:1', strokeEvent('p1')), record(2, 'me', 'me:1', strokeEvent('me:s1'))]);
  assert.equal(store.queue.size, 0);
  assert.deepEqual(store.view().liveStrokes().map((s) => s.id), ['p1', 'me:s1']);
});

test('a queued undo acts on my confirmed stroke, not on a peer stroke', () => {
  const store = new SessionStore('me', new OpQueue(new MemoryQueueStorage(), 's'));
  store.ingest([record(1, 'me', 'me:1', strokeEvent('mine')), record(2, 'peer', 'peer:1', strokeEvent('theirs'))]);
  store.perform('me:2', 2, { kind: 'undo' });
  assert.deepEqual(store.view().liveStrokes().map((s) => s.id), ['theirs']);
  assert.deepEqual(store.confirmed.liveStrokes().map((s) => s.id), ['mine', 'theirs']);
});

test('records already folded are skipped when a resume repeats them', () => {
  const store = new SessionStore('me', new OpQueue(new MemoryQueueStorage(), 's'));
  const batch = [record(1, 'peer', 'p:1', strokeEvent('a')), record(2, 'peer', 'p:2', strokeEvent('b'))];
  store.ingest(batch);
  assert.equal(store.ingest(batch).length, 0);
  assert.equal(store.records.length, 2);
  assert.equal(store.lastSeq, 2);
});

test('stateAt folds only the events up to a seq', () => {
  const store = new SessionStore('me', new OpQueue(new MemoryQueueStorage(), 's'));
  store.ingest([record(1, 'p', 'p:1', strokeEvent('a')), record(2, 'p', 'p:2', strokeEvent('b')), record(3, 'p', 'p:3', { kind: 'undo' })]);
  assert.deepEqual(store.stateAt(2).liveStrokes().map((s) => s.id), ['a', 'b']);
  assert.deepEqual(store.stateAt(3).liveStrokes().map((s) => s.id), ['a']);
  assert.deepEqual(store.stateAt(0).liveStrokes(), []);
});
