// Shows corrections at once: applies the corrections the recognizer has not seen yet (newer
// than the result's seq) to its elements, until the next result arrives. Pure.

import { strokesBounds } from '../ink/smoothing.js';

const sameSet = (a, b) => a.length === b.length && a.every((id) => b.includes(id));
const within = (inner, outer) => inner.length > 0 && inner.every((id) => outer.includes(id));

function cloneTree(elements) {
  return elements.map((e) => ({ ...e, children: cloneTree(e.children ?? []) }));
}

function findExact(elements, strokeIds) {
  for (const element of elements) {
    if (sameSet(element.strokeIds ?? [], strokeIds)) return element;
    const inner = findExact(element.children ?? [], strokeIds);
    if (inner) return inner;
  }
  return null;
}

function removeWhere(elements, predicate) {
  return elements.filter((e) => !predicate(e)).map((e) => ({ ...e, children: removeWhere(e.children ?? [], predicate) }));
}

/**
 * @param {object[]} elements the result's root elements
 * @param {object[]} corrections the fold's active corrections, oldest first
 * @param {number} resultSeq the seq the result was computed from
 * @param {(id: string) => object|undefined} strokeById live strokes, for frames of new elements
 * @returns {object[]} the elements as the person expects to see them now
 */
export function applyPendingCorrections(elements, corrections, resultSeq, strokeById) {
  let tree = cloneTree(elements);
  for (const correction of corrections) {
    if (correction.seq <= resultSeq) continue;
    const ids = correction.strokeIds;
    switch (correction.kind) {
      case 'label': {
        const found = findExact(tree, ids);
        if (found) {
          Object.assign(found, { type: correction.label, corrected: true, confidence: 1 });
          break;
        }
        const frame = strokesBounds(ids.map(strokeById).filter(Boolean));
        if (!frame) break;
        tree = removeWhere(tree, (e) => within(e.strokeIds ?? [], ids));
        tree.push({ id: `pending-${correction.seq}`, type: correction.label, frame, confidence: 1, strokeIds: [...ids], text: null, children: [], corrected: true });
        break;
      }
      case 'text': {
        const found = findExact(tree, ids);
        if (found) {
          found.text = correction.text; // typed: no longer read from the writing
          delete found.textConfidence;
        }
        break;
      }
      case 'ignore':
        if (correction.ignored !== false) tree = removeWhere(tree, (e) => within(e.strokeIds ?? [], ids));
        break;
      default:
        break; // merge and split regroup strokes: only the recognizer can say what they become
    }
  }
  return tree;
}

/** Every element of a tree, depth first. */
export function flatten(elements) {
  return elements.flatMap((e) => [e, ...flatten(e.children ?? [])]);
}
