// The WebSocket link to sketchd (docs/PROTOCOL.md): hello, create or join a session, resume
// from the last folded seq, reconnect with backoff. It only moves messages; what they mean is
// up to the handlers the app passes in.
//
// States: 'connecting' (no socket yet), 'syncing' (joined, receiving the events we missed),
// 'live' (caught up: ops may be sent), 'offline' (socket closed or the browser lost its
// network, a retry is scheduled),
// 'failed' (the server refused us for good: bad token, protocol mismatch, or another client
// holds our id in the session).

import { RETRYABLE_JOIN_CODES } from './refusals.js';

export const PROTOCOL_VERSION = 1;
const FATAL_ERRORS = new Set(['protocol_mismatch', 'bad_token', 'session_full', 'identity_taken', 'wrong_session']);
const BACKOFF_MS = [250, 500, 1000, 2000, 4000];

/** The `ws://host/ws` URL of the server that served this page. */
export function defaultSocketUrl(location = globalThis.location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}

/** A new session id, minted here so that the socket's path names it from the start: `s-` and
 * 32 hex digits (128 random bits). */
export function mintSessionId(random = globalThis.crypto) {
  const bytes = random.getRandomValues(new Uint8Array(16));
  return `s-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The session-addressed URL (`.../ws/<session>`) a proxy can place by its path alone. Session
 * ids are made of characters a path takes as they are (A-Z a-z 0-9 _ . : -). */
export function sessionSocketUrl(base, session) {
  return `${base}/${session}`;
}

export class SessionLink {
  /**
   * @param {object} options
   * @param {string} options.url
   * @param {{clientId: string, secret: string, name: string, color: string}} options.identity
   * @param {() => number} options.lastSeq the seq of the last event folded, for resuming
   * @param {Record<string, (msg: object) => void>} options.handlers by message type, plus
   *   `status(state)` and `sessionCreated(msg)`
   */
  constructor({ url, identity, lastSeq, handlers }) {
    this.url = url;
    this.identity = identity;
    this.lastSeq = lastSeq;
    this.handlers = handlers;
    this.session = null;
    this.token = null;
    this.socket = null;
    this.state = 'connecting';
    this.attempt = 0;
    this.retryTimer = null;
    this.wantTitle = undefined;
    this.creating = false;
    /** Whether recognition should carry the raw detections (the debug view). */
    this.wantsDetections = false;
    /** Whether this socket's `hello` was answered (messages other than `hello` may go). */
    this.welcomed = false;
    // A socket can stay open for a while after the network went; the browser knows at once.
    globalThis.addEventListener?.('offline', () => this.#dropForOffline());
    globalThis.addEventListener?.('online', () => this.#retryNow());
  }

  /** Joins `session` with `token`, or creates a new session when `session` is null. */
  start(session, token, title) {
    this.creating = !session;
    this.session = session ?? mintSessionId();
    this.token = token;
    this.wantTitle = title;
    this.#open();
  }

  /** Whether ops sent now reach the server in order after the catch-up. */
  get isLive() { return this.state === 'live'; }

  /** Sends a message if the link is live; returns whether it went out. */
  send(message) {
    if (!this.isLive || this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Asks for the raw detections with every recognition (the debug view), or stops; kept
   * across reconnects. */
  watchDetections(on) {
    if (this.wantsDetections === on) return;
    this.wantsDetections = on;
    if (this.welcomed) this.#raw({ type: 'watchDetections', on });
  }

  /** Closes the socket and reconnects (used after a rename: the name travels in `hello`). */
  reconnect() {
    this.socket?.close();
  }

  #setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.handlers.status?.(state);
  }

  #open() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.state !== 'offline') this.#setState('connecting');
    let socket;
    try {
      socket = new WebSocket(sessionSocketUrl(this.url, this.session), 'sketchd');
    } catch {
      this.#scheduleRetry();
      return;
    }
    this.socket = socket;
    this.welcomed = false;
    socket.onopen = () => this.#raw({
      type: 'hello', protocol: PROTOCOL_VERSION, clientId: this.identity.clientId,
      name: this.identity.name, color: this.identity.color, secret: this.identity.secret,
    });
    socket.onmessage = (event) => this.#receive(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.state === 'failed') return;
      this.#setState('offline');
      this.#scheduleRetry();
    };
    socket.onerror = () => {}; // onclose follows and schedules the retry
  }

  #raw(message) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  #join() {
    this.#raw({ type: 'join', session: this.session, token: this.token, lastSeq: this.lastSeq() });
  }

  #receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return; // the server only sends JSON; ignore anything else rather than crash
    }
    if (!message || typeof message.type !== 'string') return;
    switch (message.type) {
      case 'welcome':
        this.welcomed = true;
        if (this.wantsDetections) this.#raw({ type: 'watchDetections', on: true });
        if (!this.creating) this.#join();
        else this.#raw({ type: 'createSession', session: this.session, ...(this.wantTitle ? { title: this.wantTitle } : {}) });
        return;
      case 'sessionCreated':
        this.creating = false;
        this.session = message.session;
        this.token = message.editToken;
        this.handlers.sessionCreated?.(message);
        this.#join();
        return;
      case 'joined':
        this.attempt = 0;
        this.#setState('syncing');
        break;
      case 'caughtUp':
        this.#setState('live');
        break;
      case 'tokenRevoked': // the server closes next; our token no longer opens the session
        this.#setState('failed');
        break;
      case 'error':
        if (message.code === 'session_exists' && this.creating) {
          // Another client minted the same id (or our first try landed before a drop): mint again.
          this.session = mintSessionId();
          this.socket?.close();
          return;
        }
        if (FATAL_ERRORS.has(message.code) && !message.clientOpId) {
          this.#setState('failed');
          this.socket?.close();
        } else if (RETRYABLE_JOIN_CODES.has(message.code) && !message.clientOpId && this.state === 'connecting') {
          this.socket?.close(); // the join or create was refused for now: reconnect with back-off
        }
        break;
    }
    this.handlers[message.type]?.(message);
  }

  #scheduleRetry() {
    if (this.retryTimer) return;
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt++;
    this.retryTimer = setTimeout(() => this.#open(), delay);
  }

  /** Lets the socket go as if it had dropped: ops queue from now on and a retry is scheduled. */
  #dropForOffline() {
    const socket = this.socket;
    if (!socket || this.state === 'failed') return;
    this.socket = null; // its onclose is no longer ours
    socket.close();
    this.#setState('offline');
    this.#scheduleRetry();
  }

  #retryNow() {
    if (this.state === 'offline') this.#open();
  }
}
