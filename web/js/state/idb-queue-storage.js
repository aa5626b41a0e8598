// IndexedDB storage for the offline op queue (see op-queue.js): one object store keyed by
// clientOpId, indexed by session. Falls back to memory when IndexedDB is unavailable.

import { MemoryQueueStorage } from './op-queue.js';

const DB_NAME = 'sketchd';
const STORE = 'ops';

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDatabase() {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => {
    const store = open.result.createObjectStore(STORE, { keyPath: 'clientOpId' });
    store.createIndex('session', 'session');
  };
  return request(open);
}

/** The queue storage for this browser: IndexedDB, or memory when it cannot be opened. */
export async function openQueueStorage() {
  if (typeof indexedDB === 'undefined') return new MemoryQueueStorage();
  try {
    return new IdbQueueStorage(await openDatabase());
  } catch (error) {
    console.warn('sketchd: IndexedDB unavailable, offline edits will not survive a reload', error);
    return new MemoryQueueStorage();
  }
}

class IdbQueueStorage {
  constructor(db) { this.db = db; }

  async loadAll(session) {
    const tx = this.db.transaction(STORE, 'readonly');
    return request(tx.objectStore(STORE).index('session').getAll(session));
  }

  put(op) { return this.#write((store) => store.put(op)); }

  remove(clientOpId) { return this.#write((store) => store.delete(clientOpId)); }

  #write(action) {
    return new Promise((resolve, reject) => {
      const tx = this.db.transaction(STORE, 'readwrite', { durability: 'strict' });
      action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  }
}
