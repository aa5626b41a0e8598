// Reads the entries of a zip of stored (uncompressed) files, as sketchd's exporter writes them:
// the client takes the one picture of a single-screen PNG export out of the zip.
// Pure: no DOM, runs under node for the unit tests.

const LOCAL_HEADER = 0x04034b50;

/**
 * The stored entries of `bytes` (a Uint8Array), in order: [{name, data}]. Stops at the central
 * directory; throws on a compressed entry or a truncated file.
 */
export function storedZipEntries(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = [];
  let at = 0;
  while (at + 30 <= bytes.length && view.getUint32(at, true) === LOCAL_HEADER) {
    const method = view.getUint16(at + 8, true);
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true), extraLength = view.getUint16(at + 28, true);
    const start = at + 30 + nameLength + extraLength;
    if (method !== 0) throw new Error('a compressed zip entry');
    if (start + size > bytes.length) throw new Error('a truncated zip');
    entries.push({ name: new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength)), data: bytes.subarray(start, start + size) });
    at = start + size;
  }
  return entries;
}

/**
 * The one sketch picture of a PNG export zip of a single screen (`Name@2x.png`, else the
 * largest scale), or null when the zip holds several screens.
 */
export function singleScreenPicture(entries) {
  const sketches = entries.filter((e) => /@\dx\.png$/.test(e.name) && !/-(overlay|wireframe)@/.test(e.name));
  const screens = new Set(sketches.map((e) => e.name.replace(/@\dx\.png$/, '')));
  if (screens.size !== 1) return null;
  return sketches.find((e) => e.name.endsWith('@2x.png')) ?? sketches.at(-1);
}
