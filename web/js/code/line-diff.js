// Applies the daemon's line diffs (`codeDiff` hunks, docs/PROTOCOL.md) to a file's text.
// Pure: no DOM, runs under node for the unit tests.
//
// Text is split into lines on "\n" and joined back with "\n", so a trailing newline is an
// empty last line and every text round-trips exactly. Hunk indexes are 0-based.

/** Thrown when hunks do not fit the text they are applied to; the caller asks for full code. */
export class DiffMismatchError extends Error {
  constructor(message) {
    super(message);
    this.name = 'DiffMismatchError';
  }
}

/** Splits text into lines the way hunks count them. */
export function splitLines(text) {
  return text.split('\n');
}

/**
 * Applies hunks to `oldText`.
 * @param {Array<{oldStart:number, oldCount:number, newStart:number, newCount:number, lines:string[]}>} hunks
 * @param {string} oldText
 * @returns {{text: string, changedLines: number[]}} the new text and the 0-based indexes of
 *   its added lines (what the code panel marks as the last change).
 * @throws {DiffMismatchError} when a hunk is malformed, out of order, or its kept/removed lines
 *   are not the old text's lines.
 */
export function applyHunks(hunks, oldText) {
  if (!Array.isArray(hunks)) throw new DiffMismatchError('hunks must be an array');
  const old = splitLines(oldText);
  const out = [];
  const changedLines = [];
  let cursor = 0;
  for (const [index, hunk] of hunks.entries()) {
    checkHunkShape(hunk, index);
    if (hunk.oldStart < cursor) throw new DiffMismatchError(`hunk ${index} overlaps the previous one`);
    if (hunk.oldStart > old.length) throw new DiffMismatchError(`hunk ${index} starts after the end of the text`);
    while (cursor < hunk.oldStart) out.push(old[cursor++]);
    if (out.length !== hunk.newStart) {
      throw new DiffMismatchError(`hunk ${index} expects new line ${hunk.newStart}, the text is at ${out.length}`);
    }
    let kept = 0, removed = 0, added = 0;
    for (const line of hunk.lines) {
      const op = line[0];
      const body = line.slice(1);
      if (op === '+') {
        changedLines.push(out.length);
        out.push(body);
        added++;
        continue;
      }
      if (op !== ' ' && op !== '-') throw new DiffMismatchError(`hunk ${index} has a line without a ' ', '-' or '+' prefix`);
      if (cursor >= old.length || old[cursor] !== body) {
        throw new DiffMismatchError(`hunk ${index} does not match old line ${cursor}`);
      }
      cursor++;
      if (op === ' ') { out.push(body); kept++; } else { removed++; }
    }
    if (kept + removed !== hunk.oldCount || kept + added !== hunk.newCount) {
      throw new DiffMismatchError(`hunk ${index} line counts do not match its header`);
    }
  }
  while (cursor < old.length) out.push(old[cursor++]);
  return { text: out.join('\n'), changedLines };
}

function checkHunkShape(hunk, index) {
  const counts = [hunk?.oldStart, hunk?.oldCount, hunk?.newStart, hunk?.newCount];
  if (!counts.every((n) => Number.isInteger(n) && n >= 0) || !Array.isArray(hunk.lines)
      || !hunk.lines.every((l) => typeof l === 'string' && l.length >= 1)) {
    throw new DiffMismatchError(`hunk ${index} is malformed`);
  }
}

/**
 * The lines of `newText` that are not in `oldText`, as 0-based indexes: used to mark the change
 * when a full `code` message replaces a file the client already showed. A longest common
 * subsequence over lines, so moved-but-equal lines stay unmarked.
 */
export function changedLineIndexes(oldText, newText) {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  // Trim the common head and tail first: edits are usually small.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  if (midA.length * midB.length > 4_000_000) {
    return midB.map((_, i) => head + i); // too big to compare: mark the whole changed region
  }
  const lcs = Array.from({ length: midA.length + 1 }, () => new Uint32Array(midB.length + 1));
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      lcs[i][j] = midA[i] === midB[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const changed = [];
  let i = 0, j = 0;
  while (j < midB.length) {
    if (i < midA.length && midA[i] === midB[j]) { i++; j++; }
    else if (i < midA.length && lcs[i + 1][j] >= lcs[i][j + 1]) { i++; }
    else { changed.push(head + j); j++; }
  }
  return changed;
}
