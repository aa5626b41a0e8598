// Undo steps: what one press of undo (or redo) takes back. The protocol's `undo` acts on one of
// the author's actions; a paste or a duplicate stores one `strokeAdded` per stroke, so the
// client marks those ops as one step (`<clientId>:<n>:step<m>`, the same m for all of them,
// docs/PROTOCOL.md) and sends one `undo` per op of the step. The mark travels in the log, so a
// reload or another tab of the same client undoes the step as a whole too.

const STEP = /:step(\d+)$/;

/** The op id of an op that is part of step `step` (a number), or a plain one when null. */
export function stepOpId(clientId, n, step) {
  return step == null ? `${clientId}:${n}` : `${clientId}:${n}:step${step}`;
}

/** The step an op id is marked with, or null. */
export function stepOf(clientOpId) {
  const match = STEP.exec(clientOpId ?? '');
  return match ? match[1] : null;
}

/**
 * How many actions one press takes back (or redoes): the last seq of `stack` (oldest first,
 * the next one to act on last) and the ones below it marked with the same step.
 * @param {number[]} stack an undo stack, or a redo stack
 * @param {(seq: number) => string | undefined} opIdOf an action's op id
 */
export function stepSize(stack, opIdOf) {
  if (stack.length === 0) return 0;
  const step = stepOf(opIdOf(stack.at(-1)));
  if (step == null) return 1;
  let size = 0;
  for (let i = stack.length - 1; i >= 0 && stepOf(opIdOf(stack[i])) === step; i--) size++;
  return size;
}
