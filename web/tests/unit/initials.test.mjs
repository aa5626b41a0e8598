import { test } from 'node:test';
import assert from 'node:assert/strict';
import { distinctInitials } from '../../js/ui/initials.js';

test('guests show their code, people their initials', () => {
  assert.deepEqual(distinctInitials(['Guest K7Q (you)', 'Guest ZX2', 'Ada Lovelace', 'bob']), ['K7', 'ZX', 'AL', 'BO']);
});

test('no two badges alike, whatever the names', () => {
  const names = ['Ada Lovelace', 'Alan Lee', 'Al Li', 'AL', 'Guest ABC', 'Guest ABD', 'Guest ABC', '', ''];
  const initials = distinctInitials(names);
  assert.equal(new Set(initials).size, names.length, initials.join(','));
  assert.equal(initials[0], 'AL', 'the first keeps its own initials');
});
