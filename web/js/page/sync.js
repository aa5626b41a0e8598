// The page's ops and the server: records folded in, ops queued durably and sent (paced) when
// the link is live, refusals retried or reported, and the fold checked against the server's
// state hash at `caughtUp`.

import { opRefusal } from '../protocol/refusals.js';
import { Pacer } from '../protocol/pacer.js';
import { stateHash } from '../state/state-hash.js';
import { toast } from '../ui/toast.js';
import { stepSize } from '../state/undo-steps.js';

export class OpSync {
  /**
   * @param {object} page the page's parts: identity, session, queue, app, link, presence, meter,
   *   replay, nudges (read when used, so they may be added after this is made)
   */
  constructor(page) {
    this.page = page;
    this.pacer = new Pacer();
    this.sentOnThisLink = new Set();
    this.flushTimer = 0;
    this.storageToastShownAt = -Infinity;
  }

  /** The link went down or came back. */
  linkChanged(state) {
    if (state !== 'live') this.sentOnThisLink.clear();
  }

  /** Records from `events`: folded, and the live ink of stored strokes gives way. */
  ingest(records) {
    const { session, app, presence, meter, identity } = this.page;
    const timeline = this.page.replay.timeline;
    if (session.records.length === 0 && records.length) {
      const epoch = app.get('sessionEpoch');
      app.set({ sessionEpoch: Math.min(epoch, records[0].serverTime ?? epoch) });
    }
    for (const record of session.ingest(records)) {
      if (record.event?.kind !== 'strokeAdded') continue;
      presence.strokeStored(record.event.stroke.id);
      if (record.author === identity.clientId) meter.stored(record.event.stroke.id, record.seq);
    }
    if (app.get('replay').fold === null) timeline.setHead(session.lastSeq);
    else timeline.head = session.lastSeq;
  }

  /**
   * Does something: queued durably, shown at once, sent when the link is live. `step` (from
   * `identity.nextNumber()`) marks ops that one undo takes back together (a paste).
   */
  perform(event, { step = null } = {}) {
    const { app, identity, session, nudges } = this.page;
    if (app.get('role') !== 'edit') { toast('This link is view-only.'); return; }
    nudges.flush(); // a run of arrow-key nudges is stored before what comes after it
    const { clientOpId, order } = identity.nextOp(step);
    session.perform(clientOpId, order, event);
    this.flush();
  }

  /** One press of undo (`kind` 'undo') or redo: every action of the step on top of the stack. */
  undoStep(kind) {
    const { identity, session } = this.page;
    const view = session.view();
    const stack = kind === 'undo' ? view.undoStack(identity.clientId) : view.redoStack(identity.clientId);
    const size = Math.max(1, stepSize(stack, (seq) => view.opIdOf(seq)));
    for (let i = 0; i < size; i++) this.perform({ kind });
  }

  /** Sends every queued op not yet sent on this connection, oldest first, paced. */
  flush() {
    const { link, queue } = this.page;
    if (!link.isLive) return;
    for (const op of queue.pending()) {
      if (this.sentOnThisLink.has(op.clientOpId)) continue;
      if (!this.pacer.take(performance.now())) {
        this.#flushIn(this.pacer.waitMs());
        return;
      }
      if (link.send({ type: 'op', clientOpId: op.clientOpId, event: op.event })) this.sentOnThisLink.add(op.clientOpId);
    }
  }

  /**
   * Compares the fold with the server's state hash at `caughtUp`. On a mismatch the client has
   * diverged: it forgets its fold and joins again from seq 0 (once; a second mismatch is reported).
   */
  async verify(msg) {
    const { session, app, link } = this.page;
    if (!msg.stateHash || msg.seq !== session.lastSeq) return;
    const mine = await stateHash(session.confirmed);
    if (mine === msg.stateHash || session.lastSeq !== msg.seq) return;
    if (app.get('refolded')) {
      console.warn('sketchd: state differs from the server after a full refold', { mine, server: msg.stateHash });
      toast('This page shows a different state than the server. Reload the page.', { kind: 'error', ms: 15000 });
      return;
    }
    app.set({ refolded: true });
    session.reset();
    link.reconnect();
  }

  /** An `error` about one of our ops (true), or about something else (false: not handled here). */
  refused(msg) {
    const { queue } = this.page;
    if (msg.clientOpId) {
      const refusal = opRefusal(msg);
      if (refusal.retry) {
        // Send it and everything after it again, in order (the ones already stored come back as
        // duplicates), once the server's bucket has refilled or its storage is back.
        const pending = queue.pending();
        const from = pending.findIndex((op) => op.clientOpId === msg.clientOpId);
        for (const op of from < 0 ? [] : pending.slice(from)) this.sentOnThisLink.delete(op.clientOpId);
        this.#flushIn(refusal.afterMs);
        if (msg.code === 'storage_unavailable') this.storageTrouble();
        return true;
      }
      queue.settle(msg.clientOpId); // refused for good: retrying would be refused again
      toast(`Not saved: ${msg.message ?? msg.code}`, { kind: 'error' });
      return true;
    }
    if (msg.code === 'history_rewound') {
      // The server's copy was restored from an older backup: fold its log again from the start.
      // Ops not acknowledged yet stay queued and are sent again; acknowledged ones after the
      // backup are gone from the server.
      toast('This session was restored from a backup: changes made after it are lost; your unsent changes are kept and sent again.', { kind: 'error', ms: 15000 });
      this.page.session.reset();
      this.page.link.reconnect();
      return true;
    }
    return false;
  }

  /** Says, at most every 10 s, that the server cannot write now and nothing is lost. */
  storageTrouble() {
    if (performance.now() - this.storageToastShownAt < 10000) return;
    this.storageToastShownAt = performance.now();
    toast('Not saved yet: the server cannot write to its disk right now. Your drawing is kept here and sent again.', { kind: 'error', ms: 8000 });
  }

  #flushIn(ms) {
    clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => this.flush(), ms);
  }
}
