// The durable queue of this client's operations that the server has not yet confirmed.
// Pure logic over a storage adapter (IndexedDB in the browser, a Map in the unit tests).
//
// An op stays queued until the server confirms it, by an `ack` or by its stored record coming
// back in `events` (whichever comes first). On reconnect every queued op is sent again, in
// order; the server stores each (clientId, clientOpId) once, so a retry of an op that was
// stored before the connection dropped is answered `duplicate: true` and not stored twice.

/**
 * @typedef {{clientOpId: string, session: string, order: number, event: object}} QueuedOp
 * @typedef {{loadAll(session: string): Promise<QueuedOp[]>, put(op: QueuedOp): Promise<void>,
 *            remove(clientOpId: string): Promise<void>}} QueueStorage
 */

export class OpQueue {
  /** @param {QueueStorage} storage @param {string} session */
  constructor(storage, session) {
    this.storage = storage;
    this.session = session;
    /** @type {QueuedOp[]} in order */
    this.ops = [];
    this.listeners = new Set();
    this.writes = Promise.resolve();
  }

  /** Reads what an earlier page left queued for this session. */
  async load() {
    const stored = await this.storage.loadAll(this.session);
    const known = new Set(this.ops.map((op) => op.clientOpId));
    for (const op of stored) if (!known.has(op.clientOpId)) this.ops.push(op);
    this.ops.sort((a, b) => a.order - b.order);
    this.#changed();
    return this.ops.length;
  }

  /**
   * Queues an op and starts writing it to storage; returns the queued op at once (drawing
   * never waits). `flushed()` resolves when every write so far has reached storage.
   */
  enqueue(clientOpId, order, event) {
    if (this.has(clientOpId)) throw new Error(`op ${clientOpId} is already queued`);
    const op = { clientOpId, session: this.session, order, event };
    this.ops.push(op);
    this.ops.sort((a, b) => a.order - b.order);
    this.writes = this.writes.then(() => this.storage.put(op)).catch(reportStorageError);
    this.#changed();
    return op;
  }

  /** The server stored (or refused for good) this op: drop it. Unknown ids are ignored. */
  settle(clientOpId) {
    const index = this.ops.findIndex((op) => op.clientOpId === clientOpId);
    if (index < 0) return false;
    this.ops.splice(index, 1);
    this.writes = this.writes.then(() => this.storage.remove(clientOpId)).catch(reportStorageError);
    this.#changed();
    return true;
  }

  /**
   * Moves every queued op to another session key (ops drawn before a new session's name came
   * back from the server).
   */
  rekey(session) {
    const old = this.ops.map((op) => op.clientOpId);
    this.session = session;
    for (const op of this.ops) op.session = session;
    const copies = this.ops.map((op) => ({ ...op }));
    this.writes = this.writes
      .then(async () => { for (const id of old) await this.storage.remove(id); for (const op of copies) await this.storage.put(op); })
      .catch(reportStorageError);
  }

  has(clientOpId) { return this.ops.some((op) => op.clientOpId === clientOpId); }

  /** The queued ops, oldest first. */
  pending() { return [...this.ops]; }

  get size() { return this.ops.length; }

  /** Resolves once every storage write started so far has finished. */
  flushed() { return this.writes; }

  /** Calls `listener(size)` after every change; returns an unsubscribe function. */
  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  #changed() { for (const listener of this.listeners) listener(this.ops.length); }
}

function reportStorageError(error) {
  // The op is still in memory and will still be sent; only its survival of a reload is at risk.
  console.warn('sketchd: could not write the offline queue', error);
}

/** A storage adapter over a Map, for tests and for browsers without IndexedDB. */
export class MemoryQueueStorage {
  constructor() { this.rows = new Map(); }
  async loadAll(session) { return [...this.rows.values()].filter((op) => op.session === session).map((op) => ({ ...op })); }
  async put(op) { this.rows.set(op.clientOpId, { ...op }); }
  async remove(clientOpId) { this.rows.delete(clientOpId); }
}
