// Who this browser is: a stable client id (the author of its ops, for undo and retries) with
// the secret that proves it (docs/PROTOCOL.md, "Handshake"), a display name and colour, and the
// counter that makes op and stroke ids unique. All kept in localStorage so they survive reloads
// and reconnects.

import { stepOpId } from './state/undo-steps.js';

const KEY_ID = 'sketchd.clientId';
const KEY_SECRET = 'sketchd.clientSecret';
const KEY_NAME = 'sketchd.name';
const KEY_COUNTER = 'sketchd.opCounter';
/** Cursor and badge colours: white names on each stay above 4.5:1. */
const CURSOR_COLORS = ['#1f6feb', '#d73a49', '#1a7f37', '#8250df', '#9a6700', '#cf222e', '#0a7ea4', '#bc4c00'];

function randomId(length) {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** 32 base64url characters: 192 random bits. */
function randomSecret() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => alphabet[b & 63]).join('');
}

function stored(key, make) {
  let value = localStorage.getItem(key);
  if (!value) {
    value = make();
    localStorage.setItem(key, value);
  }
  return value;
}

/** This browser's identity. */
export class Identity {
  constructor() {
    // An id kept from before secrets existed may be bound to nothing here: start a new one.
    if (!localStorage.getItem(KEY_SECRET)) localStorage.removeItem(KEY_ID);
    this.secret = stored(KEY_SECRET, randomSecret);
    this.clientId = stored(KEY_ID, () => `c-${randomId(10)}`);
    this.name = stored(KEY_NAME, () => `Guest ${randomId(3).toUpperCase()}`);
    let hash = 0;
    for (const ch of this.clientId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
    this.color = CURSOR_COLORS[hash % CURSOR_COLORS.length];
  }

  /** Renames this person (takes effect with the next `hello`). */
  setName(name) {
    const trimmed = name.trim().slice(0, 40);
    if (!trimmed) return;
    this.name = trimmed;
    localStorage.setItem(KEY_NAME, trimmed);
  }

  /** The next number of this client's counter; never repeats for this client id. */
  nextNumber() {
    const next = Number(localStorage.getItem(KEY_COUNTER) || '0') + 1;
    localStorage.setItem(KEY_COUNTER, String(next));
    return next;
  }

  /** A fresh op id `{clientOpId, order}`, marked as part of undo step `step` when given. */
  nextOp(step = null) {
    const n = this.nextNumber();
    return { clientOpId: stepOpId(this.clientId, n, step), order: n };
  }

  /** A fresh stroke id, unique in every session. */
  nextStrokeId() { return `${this.clientId}:s${this.nextNumber()}`; }

  /** A fresh screen id. */
  nextScreenId() { return `scr-${randomId(8)}`; }
}
