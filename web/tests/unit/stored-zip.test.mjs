import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storedZipEntries, singleScreenPicture } from '../../js/export/stored-zip.js';

/** A zip of stored entries laid out as sketchd's ZipWriter writes them (local headers, then a central directory). */
function zip(files) {
  const parts = [];
  for (const [name, text] of files) {
    const nameBytes = new TextEncoder().encode(name), data = new TextEncoder().encode(text);
    const header = new DataView(new ArrayBuffer(30));
    header.setUint32(0, 0x04034b50, true);
    header.setUint16(4, 20, true);
    header.setUint32(18, data.length, true);
    header.setUint32(22, data.length, true);
    header.setUint16(26, nameBytes.length, true);
    parts.push(new Uint8Array(header.buffer), nameBytes, data);
  }
  parts.push(Uint8Array.of(0x50, 0x4b, 0x01, 0x02, 0, 0));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

const text = (entry) => new TextDecoder().decode(entry.data);

test('reads every stored entry and stops at the central directory', () => {
  const entries = storedZipEntries(zip([['Login@1x.png', 'one'], ['Login@2x.png', 'two!']]));
  assert.deepEqual(entries.map((e) => [e.name, text(e)]), [['Login@1x.png', 'one'], ['Login@2x.png', 'two!']]);
});

test('a single screen gives its 2x picture; several screens give none', () => {
  const one = storedZipEntries(zip([['Login@1x.png', 'a'], ['Login@2x.png', 'b'], ['Login@3x.png', 'c'], ['Login-overlay@2x.png', 'd'], ['Login-wireframe@2x.png', 'e']]));
  assert.equal(singleScreenPicture(one).name, 'Login@2x.png');
  const two = storedZipEntries(zip([['Login@2x.png', 'a'], ['Home@2x.png', 'b']]));
  assert.equal(singleScreenPicture(two), null);
});

test('a truncated zip is refused', () => {
  const whole = zip([['Login@2x.png', 'abcdef']]);
  assert.throws(() => storedZipEntries(whole.subarray(0, 40)), /truncated/);
});
