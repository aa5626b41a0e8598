import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OpQueue, MemoryQueueStorage } from '../../js/state/op-queue.js';

const stroke = (id) => ({ kind: 'strokeAdded', stroke: { id, points: [[1, 2]], color: '#000000', width: 2, screen: 'main' } });

test('queued ops survive a reload through storage, in order, per session', async () => {
  const storage = new MemoryQueueStorage();
  const first = new OpQueue(storage, 's-1');
  first.enqueue('c:2', 2, stroke('c:s2'));
  first.enqueue('c:1', 1, stroke('c:s1'));
  new OpQueue(storage, 's-2').enqueue('c:3', 3, stroke('c:s3'));
  await first.flushed();

  const reloaded = new OpQueue(storage, 's-1');
  assert.equal(await reloaded.load(), 2);
  assert.deepEqual(reloaded.pending().map((op) => op.clientOpId), ['c:1', 'c:2']);
});

test('settling removes an op from memory and storage; unknown ids are ignored', async () => {
  const storage = new MemoryQueueStorage();
  const queue = new OpQueue(storage, 's');
  queue.enqueue('c:1', 1, stroke('a'));
  queue.enqueue('c:2', 2, stroke('b'));
  assert.equal(queue.settle('c:1'), true);
  assert.equal(queue.settle('c:1'), false);
  assert.equal(queue.settle('zzz'), false);
  await queue.flushed();
  assert.deepEqual(queue.pending().map((op) => op.clientOpId), ['c:2']);
  assert.deepEqual((await storage.loadAll('s')).map((op) => op.clientOpId), ['c:2']);
});

test('the same op id cannot be queued twice', () => {
  const queue = new OpQueue(new MemoryQueueStorage(), 's');
  queue.enqueue('c:1', 1, stroke('a'));
  assert.throws(() => queue.enqueue('c:1', 1, stroke('a')));
  assert.equal(queue.size, 1);
});

test('load merges with ops queued before it finished', async () => {
  const storage = new MemoryQueueStorage();
  await storage.put({ clientOpId: 'c:1', session: 's', order: 1, event: stroke('a') });
  const queue = new OpQueue(storage, 's');
  queue.enqueue('c:5', 5, stroke('e'));
  await queue.load();
  assert.deepEqual(queue.pending().map((op) => op.clientOpId), ['c:1', 'c:5']);
});

test('listeners hear every change with the new size', () => {
  const queue = new OpQueue(new MemoryQueueStorage(), 's');
  const sizes = [];
  queue.onChange((n) => sizes.push(n));
  queue.enqueue('c:1', 1, stroke('a'));
  queue.enqueue('c:2', 2, stroke('b'));
  queue.settle('c:1');
  assert.deepEqual(sizes, [1, 2, 1]);
});

test('a failing storage keeps the op in memory and does not reject', async () => {
  const broken = { loadAll: async () => [], put: async () => { throw new Error('disk full'); }, remove: async () => {} };
  const queue = new OpQueue(broken, 's');
  const warn = console.warn;
  console.warn = () => {};
  queue.enqueue('c:1', 1, stroke('a'));
  await queue.flushed();
  console.warn = warn;
  assert.equal(queue.size, 1);
});

test('rekey moves queued ops to the session the server named', async () => {
  const storage = new MemoryQueueStorage();
  const queue = new OpQueue(storage, 'new');
  queue.enqueue('c:1', 1, stroke('a'));
  queue.rekey('s-9');
  await queue.flushed();
  assert.deepEqual((await storage.loadAll('s-9')).map((op) => op.clientOpId), ['c:1']);
  assert.deepEqual(await storage.loadAll('new'), []);
  assert.equal(queue.pending()[0].session, 's-9');
});
