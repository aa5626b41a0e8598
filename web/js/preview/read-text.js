// Text read from handwriting (NOTATION.md, "Writing or squiggles"): an element's `text` with a
// `textConfidence` was read, not typed; below GUESS_BELOW the page shows it as a guess. Pure.

/** Read text under this confidence is shown as a guess, never silently as fact. */
export const GUESS_BELOW = 0.6;

/** Whether the element's text was read from writing with too little confidence to show as fact. */
export function isGuess(element) {
  return typeof element?.text === 'string' && element.text !== ''
    && typeof element.textConfidence === 'number' && element.textConfidence < GUESS_BELOW;
}

/**
 * The element whose text this element shows: itself when it has text, else the first of its
 * descendants that has (a button's title is the label written inside it), else null.
 */
export function textOwner(element) {
  if (element.text) return element;
  for (const child of element.children ?? []) {
    const owner = textOwner(child);
    if (owner) return owner;
  }
  return null;
}

/** How sure the reader was, as the page says it ("41% sure"). */
export function guessLabel(element) {
  return `read as “${element.text}”, ${Math.round(element.textConfidence * 100)}% sure`;
}
