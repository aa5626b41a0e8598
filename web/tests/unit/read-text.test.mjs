import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GUESS_BELOW, isGuess, textOwner, guessLabel } from '../../js/preview/read-text.js';

test('read text under 0.6 is a guess; typed text, sure reads and no text are not', () => {
  assert.equal(GUESS_BELOW, 0.6);
  assert.equal(isGuess({ text: 'Nxt', textConfidence: 0.59 }), true);
  assert.equal(isGuess({ text: 'Next', textConfidence: 0.6 }), false);
  assert.equal(isGuess({ text: 'Next' }), false, 'typed: no textConfidence');
  assert.equal(isGuess({ text: null, textConfidence: 0.2 }), false);
  assert.equal(isGuess({ text: '', textConfidence: 0.2 }), false);
});

test('a button shows the text of the label written inside it; its own text wins', () => {
  const label = { id: 'l', text: 'Nxt', textConfidence: 0.4, children: [] };
  const button = { id: 'b', text: null, children: [{ id: 'box', text: null, children: [] }, label] };
  assert.equal(textOwner(button), label);
  assert.equal(textOwner({ ...button, text: 'Next' }).text, 'Next');
  assert.equal(textOwner({ id: 'x', text: null, children: [] }), null);
});

test('the guess is described with what was read and how sure', () => {
  assert.equal(guessLabel({ text: 'Nxt', textConfidence: 0.414 }), 'read as “Nxt”, 41% sure');
});
