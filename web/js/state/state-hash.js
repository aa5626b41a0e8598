// The state hash of a folded session, byte for byte the same as StrokeLog's
// `SessionState.stateHash`: SHA-256 over the canonical binary form of what the state shows
// (live strokes, active corrections, screens, title, consent, theme) and every author's undo
// and redo stacks. The server sends its hash with `caughtUp`; a client whose fold gives another
// hash has diverged and folds the log again from the start.
// Pure apart from the digest (Web Crypto, in browsers and in node).

/** Appends values in StrokeLog's BinaryWriter layout (LEB128 varints, zigzag, little-endian). */
class ByteWriter {
  constructor() { this.bytes = []; }

  /** Unsigned varint of a non-negative integer below 2^53. */
  varint(value) {
    let v = value;
    while (v >= 0x80) {
      this.bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.bytes.push(v);
  }

  /** Signed integer as a zigzag varint. */
  int(value) { this.varint(value >= 0 ? value * 2 : -value * 2 - 1); }

  byte(value) { this.bytes.push(value & 0xff); }

  bool(value) { this.bytes.push(value ? 1 : 0); }

  float64(value) {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value, true);
    for (let i = 0; i < 8; i++) this.bytes.push(view.getUint8(i));
  }

  string(value) {
    const utf8 = new TextEncoder().encode(value);
    this.varint(utf8.length);
    for (const b of utf8) this.bytes.push(b);
  }

  strings(values) {
    this.varint(values.length);
    for (const value of values) this.string(value);
  }
}

/** Swift's `rounded()`: to nearest, halves away from zero. */
const round = (v) => Math.sign(v) * Math.round(Math.abs(v));

function writeStroke(w, stroke) {
  w.strings([stroke.id, stroke.color, stroke.screen]);
  w.int(round(stroke.width * 8));
  const hasPressure = stroke.points.some((p) => p[3] !== undefined && p[3] !== null);
  w.bool(hasPressure);
  w.varint(stroke.points.length);
  let px = 0, py = 0, pt = 0;
  for (const p of stroke.points) {
    const x = round(p[0] * 8), y = round(p[1] * 8), t = round(p[2] ?? 0);
    w.int(x - px);
    w.int(y - py);
    w.int(t - pt);
    if (hasPressure) w.byte(round((p[3] ?? 0.5) * 255));
    px = x; py = y; pt = t;
  }
}

const CORRECTION_CODES = { label: 0, merge: 1, split: 2, ignore: 3, text: 4 };

/** The bytes the hash is taken over, for a SessionFold. */
export function stateHashInput(fold) {
  const w = new ByteWriter();
  const live = fold.liveStrokes();
  w.varint(live.length);
  for (const stroke of live) writeStroke(w, stroke);
  const corrections = fold.corrections();
  w.varint(corrections.length);
  for (const c of corrections) {
    w.int(c.seq);
    w.string(c.author);
    w.strings(c.strokeIds);
    w.byte(CORRECTION_CODES[c.kind]);
    if (c.kind === 'label') w.string(c.label);
    else if (c.kind === 'ignore') w.bool(c.ignored !== false);
    else if (c.kind === 'text') w.string(c.text);
  }
  const screens = fold.screens();
  w.varint(screens.length);
  for (const s of screens) {
    w.strings([s.id, s.name]);
    w.float64(s.width);
    w.float64(s.height);
  }
  w.string(fold.sessionTitle ?? '');
  w.bool(fold.trainingConsent);
  const theme = fold.theme;
  w.strings([theme.accent, theme.background]);
  w.float64(theme.cornerRadius);
  w.float64(theme.typeScale);
  const authors = [...new Set([...fold.undoStacks.keys(), ...fold.redoStacks.keys()])].sort();
  w.varint(authors.length);
  for (const author of authors) {
    w.string(author);
    for (const stack of [fold.undoStack(author), fold.redoStack(author)]) {
      w.varint(stack.length);
      for (const seq of stack) w.int(seq);
    }
  }
  return new Uint8Array(w.bytes);
}

/** The hex SHA-256 state hash of a SessionFold. */
export async function stateHash(fold) {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', stateHashInput(fold));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
