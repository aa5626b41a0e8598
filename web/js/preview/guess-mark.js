// Read text shown as a guess in the preview: the words are underlined (dashed), with a "?" badge
// over them and, when the person may edit, one-click Accept (✓) and Retype (✎) buttons.

import { isGuess, guessLabel } from './read-text.js';
import { flatten } from './corrections.js';

/**
 * @typedef {object} GuessActions
 * @property {(owner: object) => void} accept keeps the read text (a set-text correction with it)
 * @property {(owner: object, anchor: HTMLElement) => void} retype opens the set-text editor
 */

/**
 * Marks the guessed texts `node` shows for `element`: its own text, or when it has none, the
 * texts of its descendants drawn inside it without a node of their own (a button's title).
 * Texts inside nested preview elements are theirs to mark.
 * @param {HTMLElement} node the element's preview control
 * @param {object} element
 * @param {GuessActions|null} actions null when the page is read-only (marked, not actionable)
 */
export function markGuesses(node, element, actions) {
  const owners = element.text ? [element]
    : flatten(element.children ?? []).filter((e) => e.text && !node.querySelector(`[data-element-id="${CSS.escape(e.id)}"]`));
  for (const owner of owners.filter(isGuess)) {
    const shown = textNodeShowing(node, owner.text);
    if (!shown) continue; // the code shows something else for it
    // The mark floats over the text's start, so the control keeps the layout the code gives it.
    const guess = document.createElement('span');
    guess.className = 'guess';
    const text = document.createElement('span');
    text.className = 'guess-text';
    shown.replaceWith(guess);
    text.append(shown);
    guess.append(text, guessMark(owner, actions));
    node.classList.add('shows-guess');
  }
}

/** The text node in `node` (not in a nested preview element) that says exactly `text`. */
function textNodeShowing(node, text) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.data.trim() === text.trim() && n.parentElement.closest('.pv-element') === node) return n;
  }
  return null;
}

function guessMark(owner, actions) {
  const mark = document.createElement('span');
  mark.className = 'guess-mark';
  mark.dataset.guessOf = owner.id;
  const badge = document.createElement('span');
  badge.className = 'guess-badge';
  badge.textContent = '?';
  badge.title = `A guess: ${guessLabel(owner)}`;
  mark.append(badge);
  if (actions) {
    mark.append(
      guessButton('guess-accept', '✓', `Accept “${owner.text}”`, () => actions.accept(owner)),
      guessButton('guess-retype', '✎', `Retype “${owner.text}”`, (button) => actions.retype(owner, button)));
  }
  return mark;
}

function guessButton(className, symbol, label, onClick) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.textContent = symbol;
  button.title = label;
  button.setAttribute('aria-label', label);
  // The control around it opens the correction menu on a click or Enter: this button acts alone.
  button.addEventListener('click', (ev) => { ev.stopPropagation(); onClick(button); });
  button.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') ev.stopPropagation(); });
  return button;
}
