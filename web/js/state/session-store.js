// What the client knows about its session: the records the server stored (folded), this
// client's queued ops on top (shown at once, before the server confirms them), and the
// selection (local UI state: which strokes are selected; never sent).
// Pure: no DOM, no network.

import { SessionFold } from './fold.js';

export class SessionStore {
  /** @param {string} me this client's id @param {import('./op-queue.js').OpQueue} queue */
  constructor(me, queue) {
    this.me = me;
    this.queue = queue;
    this.confirmed = new SessionFold();
    /** Every stored record folded so far, in seq order (the replay timeline). */
    this.records = [];
    this.cachedView = null;
    /** The selected stroke ids, in the order they were selected. */
    this.selection = new Set();
    this.listeners = new Set();
    queue.onChange(() => this.#changed());
  }

  /** The seq of the last stored event folded. */
  get lastSeq() { return this.confirmed.lastSeq; }

  /**
   * Folds stored records; skips those already folded (a resume may repeat the boundary) and
   * settles this client's queued ops that they confirm.
   * @returns {object[]} the records that were new
   */
  ingest(records) {
    const fresh = [];
    for (const record of records) {
      if (record.seq <= this.confirmed.lastSeq) continue;
      this.confirmed.apply(record);
      this.records.push(record);
      fresh.push(record);
      if (record.author === this.me) this.queue.settle(record.clientOpId);
    }
    if (fresh.length) this.#changed();
    return fresh;
  }

  /** Forgets every folded record (the queue stays), to fold the log again from the start. */
  reset() {
    this.confirmed = new SessionFold();
    this.records = [];
    this.#changed();
  }

  /** Queues one of this client's ops; the view shows it at once. */
  perform(clientOpId, order, event) {
    return this.queue.enqueue(clientOpId, order, event);
  }

  /**
   * The state to show: the confirmed fold plus the queued ops, applied as if stored next, in
   * order. Cached until something changes.
   * @returns {SessionFold}
   */
  view() {
    if (this.cachedView) return this.cachedView;
    const pending = this.queue.pending();
    if (pending.length === 0) {
      this.cachedView = this.confirmed;
    } else {
      const view = this.confirmed.clone();
      let seq = this.confirmed.lastSeq;
      for (const op of pending) view.apply({ seq: ++seq, author: this.me, clientOpId: op.clientOpId, event: op.event });
      this.cachedView = view;
    }
    return this.cachedView;
  }

  /** The state after the first `seq` stored events (for replay), without queued ops. */
  stateAt(seq) {
    return SessionFold.fold(this.records.filter((record) => record.seq <= seq));
  }

  /** Selects these stroke ids (added to the selection when `add`, else instead of it). */
  select(ids, add = false) {
    this.selection = new Set([...(add ? this.selection : []), ...ids]);
    this.#notify();
  }

  /** Clears the selection. */
  clearSelection() {
    if (this.selection.size === 0) return;
    this.selection = new Set();
    this.#notify();
  }

  /** The selected strokes that are live in the view, as shown (a peer may have erased some). */
  selectedStrokes() {
    const view = this.view();
    return [...this.selection].map((id) => view.liveStroke(id)).filter(Boolean);
  }

  /** Calls `listener()` after every change; returns an unsubscribe function. */
  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  #changed() {
    this.cachedView = null;
    this.#notify();
  }

  #notify() {
    for (const listener of this.listeners) listener();
  }
}
