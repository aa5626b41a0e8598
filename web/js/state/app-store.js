// The page's one store of everything it shows besides the session itself: the UI state (tool,
// colour, zoom, role, link state, drag...), the latest results per screen, the replay and the
// people here. Changes are applied as change sets; listeners hear which keys changed, once per
// change set (the page renders on the next frame). The session's strokes and edits live in the
// SessionStore. Pure: no DOM, runs under node for the unit tests.

export class AppStore {
  /** @param {object} initial every key the store holds, with its first value */
  constructor(initial) {
    this.state = { ...initial };
    this.listeners = new Set();
  }

  /** The value of `key`. */
  get(key) {
    if (!(key in this.state)) throw new Error(`AppStore has no key ${key}`);
    return this.state[key];
  }

  /** Applies a change set {key: value}; listeners hear the keys whose value changed. */
  set(changes) {
    const changed = new Set();
    for (const [key, value] of Object.entries(changes)) {
      if (!(key in this.state)) throw new Error(`AppStore has no key ${key}`);
      if (Object.is(this.state[key], value)) continue;
      this.state[key] = value;
      changed.add(key);
    }
    this.#tell(changed);
  }

  /**
   * Changes the object or collection under `key` in place (a Map of results, the replay) and
   * tells listeners that it changed.
   */
  update(key, change) {
    change(this.get(key));
    this.#tell(new Set([key]));
  }

  /** Calls `listener(changedKeys)` after every change set; returns a function that stops it. */
  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  #tell(changed) {
    if (changed.size === 0) return;
    for (const listener of this.listeners) listener(changed);
  }
}
