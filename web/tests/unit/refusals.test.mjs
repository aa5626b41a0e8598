import { test } from 'node:test';
import assert from 'node:assert/strict';
import { opRefusal, RETRYABLE_JOIN_CODES } from '../../js/protocol/refusals.js';

test('a storage failure keeps the op and retries after the server says', () => {
  assert.deepEqual(opRefusal({ code: 'storage_unavailable', retryAfterMs: 1500 }), { retry: true, afterMs: 1500 });
  assert.deepEqual(opRefusal({ code: 'storage_unavailable' }), { retry: true, afterMs: 1000 });
});

test('a rate limit keeps the op; an absurd retryAfterMs is capped', () => {
  assert.deepEqual(opRefusal({ code: 'rate_limited', retryAfterMs: 1e9 }), { retry: true, afterMs: 30000 });
});

test('permanent refusals discard the op', () => {
  for (const code of ['invalid_event', 'text_too_long', 'unknown_label', 'read_only', 'conflicting_retry', 'internal']) {
    assert.deepEqual(opRefusal({ code }), { retry: false }, code);
  }
});

test('a join refused for now is retried, a bad token is not', () => {
  assert.ok(RETRYABLE_JOIN_CODES.has('storage_unavailable'));
  assert.ok(RETRYABLE_JOIN_CODES.has('busy'), 'a daemon too busy to check the token now');
  assert.ok(!RETRYABLE_JOIN_CODES.has('bad_token'));
});
