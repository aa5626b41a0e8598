// Which strokes are ignored: the newest active `strokesIgnored` correction naming a stroke
// decides (ignored: true hides it from recognition, false brings it back).

/**
 * @param {{kind: string, ignored?: boolean, strokeIds: string[]}[]} corrections active, oldest first
 * @returns {Map<string, string[]>} each ignored stroke id -> the stroke ids ignored with it
 */
export function ignoredStrokes(corrections) {
  const ignored = new Map();
  for (const correction of corrections) {
    if (correction.kind !== 'ignore') continue;
    for (const id of correction.strokeIds ?? []) {
      if (correction.ignored === false) ignored.delete(id);
      else ignored.set(id, correction.strokeIds);
    }
  }
  return ignored;
}
