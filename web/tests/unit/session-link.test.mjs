import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mintSessionId, sessionSocketUrl } from '../../js/protocol/session-link.js';

test('a minted session id is s- and 32 hex digits, different every time', () => {
  const ids = new Set(Array.from({ length: 200 }, () => mintSessionId()));
  assert.equal(ids.size, 200);
  for (const id of ids) assert.match(id, /^s-[0-9a-f]{32}$/);
});

test('the socket URL names the session in its path', () => {
  assert.equal(sessionSocketUrl('ws://127.0.0.1:8080/ws', 's-0123'), 'ws://127.0.0.1:8080/ws/s-0123');
  assert.equal(sessionSocketUrl('wss://sketch.example/ws', 'imported:1'), 'wss://sketch.example/ws/imported:1');
});
