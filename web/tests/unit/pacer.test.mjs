import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Pacer } from '../../js/protocol/pacer.js';

test('a burst goes at once, then the sustained rate', () => {
  const pacer = new Pacer({ burst: 5, perSecond: 10 });
  let sent = 0;
  for (let i = 0; i < 8; i++) if (pacer.take(0)) sent++;
  assert.equal(sent, 5);
  assert.equal(pacer.take(50), false, 'half a token after 50 ms');
  assert.equal(pacer.waitMs(), 50);
  assert.equal(pacer.take(100), true);
  assert.equal(pacer.take(100), false);
});

test('tokens never exceed the burst', () => {
  const pacer = new Pacer({ burst: 3, perSecond: 100 });
  pacer.take(0);
  let sent = 0;
  for (let i = 0; i < 10; i++) if (pacer.take(60_000)) sent++;
  assert.equal(sent, 3);
});
