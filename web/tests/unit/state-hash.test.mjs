import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SessionFold } from '../../js/state/fold.js';
import { stateHash, stateHashInput } from '../../js/state/state-hash.js';

// Records of a real sketchd session (every event kind, two authors, undo and redo) with the
// hash sketchd computed after each seq; regenerate with web/tests/tools/make_state_hash_fixture.py.
const fixture = JSON.parse(readFileSync(new URL('./fixtures/state-hash.json', import.meta.url), 'utf8'));

test('the fold hashes exactly like StrokeLog after every seq of a real session', async () => {
  const fold = new SessionFold();
  assert.ok(fixture.records.length >= 20);
  for (const record of fixture.records) {
    fold.apply(record);
    assert.equal(await stateHash(fold), fixture.hashes[record.seq], `after seq ${record.seq} (${record.event.kind})`);
  }
});

test('undo n times then redo n times hashes the same', async () => {
  const records = [
    { seq: 1, author: 'a', clientOpId: 'a:1', event: { kind: 'strokeAdded', stroke: { id: 's1', points: [[1, 2, 0]], color: '#000000', width: 2, screen: 'main' } } },
    { seq: 2, author: 'a', clientOpId: 'a:2', event: { kind: 'metadataSet', title: 'T' } },
  ];
  const fold = SessionFold.fold(records);
  const before = await stateHash(fold);
  fold.apply({ seq: 3, author: 'a', clientOpId: 'a:3', event: { kind: 'undo' } });
  fold.apply({ seq: 4, author: 'a', clientOpId: 'a:4', event: { kind: 'undo' } });
  assert.notEqual(await stateHash(fold), before);
  fold.apply({ seq: 5, author: 'a', clientOpId: 'a:5', event: { kind: 'redo' } });
  fold.apply({ seq: 6, author: 'a', clientOpId: 'a:6', event: { kind: 'redo' } });
  assert.equal(await stateHash(fold), before);
});

test('large coordinates and times encode without overflow', () => {
  const fold = SessionFold.fold([{ seq: 1, author: 'a', clientOpId: 'a:1', event: { kind: 'strokeAdded',
    stroke: { id: 's', points: [[-100000, 100000, 4294967295]], color: '#000000', width: 200, screen: 'main' } } }]);
  const bytes = stateHashInput(fold);
  // zigzag(4294967295) = 8589934590 needs a 5-byte varint: 0xfe 0xff 0xff 0xff 0x1f
  const text = Array.from(bytes).join(',');
  assert.ok(text.includes('254,255,255,255,31'), text);
});
